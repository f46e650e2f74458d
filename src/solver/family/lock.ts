// The family search's dead end under whole-wing moves (rule F11): wing cards that must go up in an order their wings forbid.
import { CARD_COUNT, RANK_COUNT, rankFromBase, suitOf } from '../../cards.js';
import type { Game } from '../../engine.js';
import { BUILD_ALT_COLOUR_DOWN, BUILD_ANY_SUIT_DOWN, BUILD_SUIT_DOWN, WING_MOVES_WHOLE, type CompiledRules } from '../../rules.js';

/** What the family search asks of rule F11 after a move (search.ts lockAsk): nothing, or the whole sort (at the start); else the card the move laid on a wing's card. */
export const LOCK_NOT_ASKED = -1;
export const LOCK_WHOLE_SORT = -2;

/**
 * Whether rule F11 is argued for these rules (docs/solver.md "Rule F11"): moves between wings take the whole wing
 * (RULES §3.8), builds go down one rank round the corner (§10.5), one deck whose foundations only rise in suit from a
 * base known from the deal, and no dealt cards under the runs (§10.14). Without a corner no wing steps over the base,
 * and the test could never answer yes.
 */
export function wingLockArgued(rules: CompiledRules, decks: number, dealtWingCards: number): boolean {
  const buildsDown = rules.build === BUILD_ALT_COLOUR_DOWN || rules.build === BUILD_ANY_SUIT_DOWN || rules.build === BUILD_SUIT_DOWN;
  return (
    rules.wingMoves === WING_MOVES_WHOLE &&
    rules.wrapRound &&
    buildsDown &&
    decks === 1 &&
    dealtWingCards === 1 &&
    !rules.foundationBack &&
    !rules.baseChosen &&
    !rules.upDown &&
    !rules.fourOfARank &&
    !rules.rankFoundations
  );
}

/**
 * Shows, where it can, that some card never goes up: a cycle in "goes up before" among the cards not yet up.
 * - A card goes up before each card of its suit higher from the base (the foundations rise in suit).
 * - A wing card goes up before the card under it: under whole-wing moves a wing card leaves the card under it only
 *   by going up (a move between wings takes the whole wing, which keeps its order), and only a wing's top card goes
 *   up, so the card under it waits until then. Cards landing on the wing later only add to what waits.
 * Every card must go up in a won game, in an order that keeps both; a cycle leaves none, and the position is lost.
 *
 * Along a wing from its top down each card is one rank higher (builds go down one rank), so its rank from the base
 * rises by one at each step but the one where the card under it is of the base rank; and the foundations' order only
 * rises. So a cycle takes a wing over the corner: a wing whose top card's rank from the base plus its height passes
 * 13. The test reads the cards (Kahn's sort, 52 cards) only where some wing does.
 */
export class WingLock {
  /** Each card's rank counted from the base (0: the base rank), and each suit's cards in that order (suit·13 + k). */
  private readonly fromBase = new Int8Array(CARD_COUNT);
  private readonly inFoundationOrder = new Uint8Array(CARD_COUNT);
  /** The card under each wing card (-1: none, or not on a wing), and each card's count of cards that go up before it, for the sort. */
  private readonly under = new Int16Array(CARD_COUNT);
  private readonly waits = new Int8Array(CARD_COUNT);
  /** The sort's cards free to go up, in the order taken (isLockedBy: the cards its search has yet to look at). */
  private readonly free = new Uint8Array(CARD_COUNT);
  /** isLockedBy's own: the wing cards of the position it reads (onWing[card] === its stamp), and the cards its search has met, a bit each. */
  private readonly onWing = new Int32Array(CARD_COUNT);
  private stamp = 0;
  private readonly met = new Int32Array(2);

  /** Reads the base of `game`'s deal. */
  prepare(game: Game): void {
    const base = game.layout.baseRank;
    for (let card = 0; card < CARD_COUNT; card++) {
      this.fromBase[card] = rankFromBase(card, base);
      this.inFoundationOrder[suitOf(card) * RANK_COUNT + this.fromBase[card]] = card;
    }
  }

  /** Whether some card can be shown never to go up (the position is then lost). */
  isLocked(game: Game): boolean {
    if (!this.someWingTurnsTheCorner(game)) return false;
    const under = this.under;
    const waits = this.waits;
    under.fill(-1);
    waits.fill(0);
    // the cards up already are out of the sort; each other card waits on the one below it in its suit
    let outOfSort = 0;
    for (let suit = 0; suit < 4; suit++) {
      const height = game.foundationHeight(suit);
      outOfSort += height;
      for (let k = height + 1; k < RANK_COUNT; k++) waits[this.inFoundationOrder[suit * RANK_COUNT + k]]++;
    }
    // and a wing card waits on the card above it
    for (let wing = 0; wing < game.wings; wing++) {
      let card = game.wingTop(wing);
      for (let depth = 1; depth < game.wingHeight(wing); depth++) {
        const below = game.cardUnderOnWing(card);
        under[card] = below;
        waits[below]++;
        card = below;
      }
    }
    let taken = 0;
    let found = 0;
    for (let suit = 0; suit < 4; suit++) {
      const height = game.foundationHeight(suit);
      if (height === RANK_COUNT) continue;
      const next = this.inFoundationOrder[suit * RANK_COUNT + height];
      if (waits[next] === 0) this.free[found++] = next;
    }
    while (taken < found) {
      const card = this.free[taken++];
      const k = this.fromBase[card] + 1;
      if (k < RANK_COUNT) {
        const higher = this.inFoundationOrder[suitOf(card) * RANK_COUNT + k];
        if (--waits[higher] === 0) this.free[found++] = higher;
      }
      const below = under[card];
      if (below >= 0 && --waits[below] === 0) this.free[found++] = below;
    }
    // cards the sort never freed wait on a cycle
    return outOfSort + found < CARD_COUNT;
  }

  /**
   * Whether the card `landed`, which the last move laid on a wing's card, closes a cycle, where the position before the
   * move had none (every position the search expands: the sort is asked at the start, and only a card laid on a card
   * adds a pair). Every new cycle then takes the pair the move added, `landed` before the card under it, so the test
   * looks for a way back from that card to `landed` along the pairs: a card's next of its suit, and the card under a
   * wing card. The same answer as isLocked's there; fewer cards read.
   */
  isLockedBy(game: Game, landed: number): boolean {
    if (!this.someWingTurnsTheCorner(game)) return false;
    const under = this.under;
    const onWing = this.onWing;
    const stamp = ++this.stamp;
    // linked wings say the card under any card; runs down in suit are read wing by wing
    const linked = game.wingsLinked();
    for (let wing = 0; wing < game.wings && !linked; wing++) {
      let card = game.wingTop(wing);
      for (let depth = 1; depth < game.wingHeight(wing); depth++) {
        const below = game.cardUnderOnWing(card);
        under[card] = below;
        onWing[card] = stamp;
        card = below;
      }
    }
    const met = this.met;
    const left = this.free;
    const onto = game.cardUnderOnWing(landed);
    met[0] = met[1] = 0;
    met[onto >> 5] |= 1 << (onto & 31);
    left[0] = onto;
    // every card met is not up (the card under `landed`, then higher cards of a suit and cards under wing cards)
    for (let count = 1; count > 0; ) {
      const card = left[--count];
      if (card === landed) return true;
      const k = this.fromBase[card] + 1;
      if (k < RANK_COUNT) {
        const higher = this.inFoundationOrder[suitOf(card) * RANK_COUNT + k];
        if ((met[higher >> 5] & (1 << (higher & 31))) === 0) {
          met[higher >> 5] |= 1 << (higher & 31);
          left[count++] = higher;
        }
      }
      const below = linked ? game.linkedCardUnder(card) : onWing[card] === stamp ? under[card] : -1;
      if (below < 0) continue;
      if ((met[below >> 5] & (1 << (below & 31))) === 0) {
        met[below >> 5] |= 1 << (below & 31);
        left[count++] = below;
      }
    }
    return false;
  }

  /** Whether some wing steps over the corner (the card under one of its cards is of the base rank). */
  private someWingTurnsTheCorner(game: Game): boolean {
    for (let wing = 0; wing < game.wings; wing++) {
      const height = game.wingHeight(wing);
      if (height > 1 && this.fromBase[game.wingTop(wing)] + height > RANK_COUNT) return true;
    }
    return false;
  }
}
