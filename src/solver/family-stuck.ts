// The family search's dead-end test: a trunk card that can be shown never to move, so that the trunk never empties and the deal is lost from here.
import { CARD_COUNT, RANK_COUNT, rankOf, suitOf } from '../cards.js';
import type { Game } from '../engine.js';

/** heldForever's answers. */
const HELD = 0;
const HELD_ESCAPES = 1;
const WING_EMPTIES = 2;
/** A card goes on at most four cards (any-suit-down). */
const MAX_LANDINGS = 4;

/**
 * Shows, where it can, that a trunk card never moves again: then the trunk never empties, and no line
 * from the position wins. The test supposes that a trunk card A never moves and follows what that
 * allows, always allowing more than the rules do:
 * - A and the cards under it stay in the trunk; the cards above it may leave it, in any order.
 * - No wing ever empties: the test answers "not shown" when a wing is empty now, or when a wing's
 *   deepest card might ever move. So no space is ever there to fill, whatever the preset's fill rule,
 *   and no card comes to lie in one.
 * - A card might come to be a wing's top (`canTop`) when it is one now, when the card on it might
 *   move, or when it is off the wings (stock, waste, the trunk above A) and a card it goes on
 *   (G1.1) might be a wing's top.
 * - A stock or waste card is in play only where it might come to the waste's top: it is the top now,
 *   or a turn ends on it (in the pass under way, or in a pass from the start with the cards there now),
 *   or a card after it in dealing order might move (the card on it in the waste is played; or the
 *   cards after it are gone and it ends the pass), or a card before it might move (the groups of
 *   later passes shift). Under three-card turns that keeps a card buried under cards that never
 *   move out of play: a card can leave the waste only from its top.
 * - A card might move (`canMove`) to a foundation when it might be a wing's top or is off the wings,
 *   and each card of its suit it needs first might move; onto a wing when a card it goes on might be
 *   a wing's top; and a wing card with the cards on it, when it or a card under it on its wing might
 *   be built on (any group, whatever the preset's wing moves).
 * Both sets only grow, to a fixed point. A then never moves when a card of its suit it needs first
 * might never move, no card it goes on might be a wing's top, and no wing's deepest card might move:
 * its three ways out (foundation, a build, a space) are shut. Each card the rules let move at some
 * point in a line is in the sets by then (induction on the line), so the test never calls a position
 * lost that a line wins.
 *
 * Only under `trunkPlay top`, where the trunk's cards leave it from the top down.
 */
export class StuckTrunk {
  /** 1 for each card on a wing. */
  private readonly onWing = new Uint8Array(CARD_COUNT);
  /** The card lying on each wing card (-1: none). */
  private readonly onTop = new Int8Array(CARD_COUNT);
  private readonly canTop = new Uint8Array(CARD_COUNT);
  private readonly canMove = new Uint8Array(CARD_COUNT);
  /** For each card, the cards it goes on (G1.1), MAX_LANDINGS places each; the count first. */
  private readonly landings = new Int8Array(CARD_COUNT * (MAX_LANDINGS + 1));
  /** Wing cards, each wing from its deepest card up. */
  private readonly wingCards = new Int8Array(CARD_COUNT);
  private readonly wingStarts = new Int8Array(16);
  /** Each card's rank counted from the base. */
  private readonly fromBase = new Int8Array(CARD_COUNT);
  /** Each trunk place: whether a card under it is one its card needs on the foundation first. */
  private readonly blocked = new Uint8Array(CARD_COUNT);
  /** Per suit: the foundation's height, and how many cards from its next card on might move, in a row. */
  private readonly heights = new Int8Array(4);
  private readonly movableRun = new Int8Array(4);
  private baseRank = 0;
  /** The stock's and waste's cards in dealing order (the waste's first), and where a turn may end on each (below). */
  private readonly stockOrder = new Int8Array(CARD_COUNT);
  private readonly turnEnds = new Uint8Array(CARD_COUNT);
  private stockCount = 0;
  /** Cards a turn puts on the waste: 0 where every card can be turned to alone (one-card turns, or a turn that shrinks). */
  private turn = 0;

  /** Reads the rules' builds and the trunk's order for the solve of `game`. */
  prepare(game: Game): void {
    const base = (this.baseRank = game.layout.baseRank);
    const rules = game.compiled;
    this.turn = rules.turn > 1 && !rules.turnShrinks ? rules.turn : 0;
    const landings = this.landings;
    for (let card = 0; card < CARD_COUNT; card++) {
      this.fromBase[card] = (rankOf(card) - base + RANK_COUNT) % RANK_COUNT;
      let count = 0;
      for (let onto = 0; onto < CARD_COUNT; onto++) {
        if (!game.goesOn(card, onto)) continue;
        landings[card * (MAX_LANDINGS + 1) + 1 + count] = onto;
        count++;
      }
      landings[card * (MAX_LANDINGS + 1)] = count;
    }
    const deck = game.layout.deck;
    for (let place = 0; place < game.trunkCount(); place++) {
      let blocked = 0;
      for (let under = 0; under < place; under++) {
        if (suitOf(deck[under]) === suitOf(deck[place]) && this.fromBase[deck[under]] < this.fromBase[deck[place]]) blocked = 1;
      }
      this.blocked[place] = blocked;
    }
  }

  /** Whether some trunk card can be shown never to move (the position is then lost). */
  isStuck(game: Game): boolean {
    const trunk = game.trunkCount();
    if (trunk === 0) return false;
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) if (game.wingHeight(wing) === 0) return false;
    let read = false;
    for (let place = trunk - 1; place >= 0; place--) {
      // a card that could go up once the cards above it have gone is not worth the test
      if (this.blocked[place] === 0) continue;
      if (!read) {
        this.readPosition(game);
        if (this.wingMayEmpty(game)) return false;
        read = true;
      }
      const found = this.heldForever(game, place);
      if (found === HELD) return true;
      // a card deeper down frees more cards above it: the wing that might empty still might
      if (found === WING_EMPTIES) return false;
    }
    return false;
  }

  /** The foundations' heights, the wings' cards (each wing from its deepest card up) and the stock's. */
  private readPosition(game: Game): void {
    const onTop = this.onTop;
    this.onWing.fill(0);
    for (let suit = 0; suit < 4; suit++) this.heights[suit] = game.foundationHeight(suit);
    let at = 0;
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) {
      const height = game.wingHeight(wing);
      this.wingStarts[wing] = at;
      at += height;
      let above = -1;
      let card = game.wingTop(wing);
      for (let depth = 0; depth < height; depth++) {
        if (depth > 0) card = game.cardUnderOnWing(card);
        this.onWing[card] = 1;
        onTop[card] = above;
        this.wingCards[at - 1 - depth] = card;
        above = card;
      }
    }
    this.wingStarts[wings] = at;
    this.readStock(game);
  }

  /**
   * The stock's and waste's cards in dealing order, and turnEnds: 1 where a card is the waste's top now,
   * or a turn of the pass under way, or of a pass from the start, ends on it (each group of `turn`
   * cards, the last group perhaps shorter). Other cards come to the waste's top only when a card
   * after them (the one on them in the waste) or before them (shifting the groups) leaves.
   */
  private readStock(game: Game): void {
    const stock = game.layout.stockCards;
    const pointer = game.stockPointer();
    const turn = this.turn;
    let count = 0;
    let firstStock = -1;
    for (let index = 0; index < stock.length; index++) {
      if (!game.stockPlaceFilled(index)) continue;
      if (index >= pointer && firstStock < 0) firstStock = count;
      this.stockOrder[count++] = stock[index];
    }
    this.stockCount = count;
    if (turn === 0) {
      this.turnEnds.fill(1);
      return;
    }
    for (let j = 0; j < count; j++) {
      const fresh = j % turn === turn - 1 || j === count - 1;
      const inPass = firstStock >= 0 && j >= firstStock && ((j - firstStock) % turn === turn - 1 || j === count - 1);
      const wasteTop = firstStock < 0 ? j === count - 1 : j === firstStock - 1;
      this.turnEnds[j] = fresh || inPass || wasteTop ? 1 : 0;
    }
  }

  /** A quick look before the fixed point: a wing's deepest card goes on another wing's top now, or is alone and goes up now. */
  private wingMayEmpty(game: Game): boolean {
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) {
      const deepest = this.wingCards[this.wingStarts[wing]];
      if (this.wingStarts[wing + 1] - this.wingStarts[wing] === 1 && game.canGoToFoundation(deepest)) return true;
      const start = deepest * (MAX_LANDINGS + 1);
      for (let i = 1; i <= this.landings[start]; i++) {
        const onto = this.landings[start + i];
        if (this.onWing[onto] !== 0 && this.onTop[onto] < 0) return true;
      }
    }
    return false;
  }

  /** The fixed point for "deck[place] never moves": HELD when its ways out are then shut, else which one might open. */
  private heldForever(game: Game, place: number): number {
    const onTop = this.onTop;
    const canTop = this.canTop;
    const canMove = this.canMove;
    const deck = game.layout.deck;
    canTop.fill(0);
    canMove.fill(0);
    this.movableRun.fill(0);
    const trunk = game.trunkCount();
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) canTop[this.wingCards[this.wingStarts[wing + 1] - 1]] = 1;
    const held = deck[place];
    for (let changed = true; changed; ) {
      changed = false;
      // the stock and the waste: a card in play only where it might come to the waste's top
      let earlierMoves = false;
      for (let j = 0; j < this.stockCount; j++) {
        const card = this.stockOrder[j];
        const reachable = earlierMoves || this.turnEnds[j] !== 0 || (j + 1 < this.stockCount && canMove[this.stockOrder[j + 1]] !== 0);
        if (reachable && this.offWingStep(card)) changed = true;
        earlierMoves ||= canMove[card] !== 0;
      }
      // the trunk above the held card (the held card and those under it are never in the sets)
      for (let i = place + 1; i < trunk; i++) if (this.offWingStep(deck[i])) changed = true;
      for (let wing = 0; wing < wings; wing++) {
        let groupMoves = false;
        const deepest = this.wingStarts[wing];
        for (let i = deepest; i < this.wingStarts[wing + 1]; i++) {
          const card = this.wingCards[i];
          groupMoves ||= this.landingMightBeTop(card);
          if (canMove[card] === 0 && (groupMoves || (canTop[card] !== 0 && this.upAllowed(card)))) {
            // a wing's deepest card that might move might leave a space
            if (i === deepest) return WING_EMPTIES;
            this.moves(card);
            changed = true;
          }
          const above = onTop[card];
          if (above >= 0 && canTop[card] === 0 && canMove[above] !== 0) {
            canTop[card] = 1;
            changed = true;
          }
        }
      }
      if (this.upAllowed(held) || this.landingMightBeTop(held)) return HELD_ESCAPES;
    }
    return HELD;
  }

  /** A card off the wings, in play: it might be put on a wing's top it goes on, and then move, or go up. Whether either set grew. */
  private offWingStep(card: number): boolean {
    let grew = false;
    if (this.canTop[card] === 0 && this.landingMightBeTop(card)) {
      this.canTop[card] = 1;
      grew = true;
    }
    if (this.canMove[card] === 0 && (this.canTop[card] !== 0 || this.upAllowed(card))) {
      this.moves(card);
      grew = true;
    }
    return grew;
  }

  /** Marks `card` as one that might move, and lengthens its suit's run of such cards from the foundation's next. */
  private moves(card: number): void {
    this.canMove[card] = 1;
    const suit = suitOf(card);
    const base = this.baseRank;
    let run = this.movableRun[suit];
    for (let k = this.heights[suit] + run; k < RANK_COUNT && this.canMove[suit * RANK_COUNT + ((base + k) % RANK_COUNT)] !== 0; k++) run++;
    this.movableRun[suit] = run;
  }

  /** Whether a card `card` goes on might be a wing's top. */
  private landingMightBeTop(card: number): boolean {
    const start = card * (MAX_LANDINGS + 1);
    const count = this.landings[start];
    for (let i = 1; i <= count; i++) if (this.canTop[this.landings[start + i]] !== 0) return true;
    return false;
  }

  /** Whether each card of `card`'s suit that must go up before it might move. */
  private upAllowed(card: number): boolean {
    const suit = suitOf(card);
    return this.fromBase[card] - this.heights[suit] <= this.movableRun[suit];
  }
}
