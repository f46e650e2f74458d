// Eagle Wing's stuck-trunk test (rule E6, docs/solver.md): a trunk card shown never to leave the trunk, so that the deal is lost from here.
import { CARD_COUNT, RANK_COUNT, rankFromBase } from '../../cards.js';
import { WING_COUNT } from '../../layout.js';
import * as P from '../../position.js';
import { TRUNK_PLAY_TOP, WING_MOVES_SINGLE } from '../../rules.js';
import type { NodeView } from './node.js';

/** Where a card lies for the test (`where`). */
const ON_FOUNDATION = 0;
const ON_WING = 1;
/** In the trunk at or under the card supposed never to move: it never leaves. */
const TRUNK_HELD = 2;
/** In the trunk above that card: it may leave, into a space only. */
const TRUNK_ABOVE = 3;
const IN_STOCK = 4;
/** minHeight of a card that is never a wing's top. */
const NEVER = 64;

/**
 * Shows, where it can, that a trunk card never leaves the trunk: then no line from the position wins.
 * Only where the trunk's cards leave it into spaces alone (trunk-play `last` or `last-any`: the last
 * card, in play, may also go up or, `last-any`, onto a wing) and wings build in suit or not at all.
 *
 * It supposes that the trunk card A = deck[i] never moves, and follows what that allows, always
 * allowing more than the rules do (sets that only grow, to a least fixed point):
 * - A and the cards under it stay in the trunk, so the trunk is never empty: no space is ever filled
 *   by the player, only by the trunk. The cards above A leave only into spaces; once some wing's
 *   deepest card might move, each of them might lie in a space, alone (a wing's top at height 1).
 * - Under suit-down building a wing is a run down in suit, so the card on a wing card c is the card
 *   one rank below it, which goes nowhere but up (it goes on c only); and a card that is not its
 *   wing's deepest never heads a move (the card it goes on is the one under it). So c comes to be its
 *   wing's top, at its height now less its depth, only when the card on it might go up; and it gets
 *   to another wing only by heading a move onto the card one rank above it, as a stock card played
 *   from the waste, a deepest wing card (under `single` with every card on it gone up), or a trunk
 *   card above A lying in a space; it then lands one higher than that card, which must leave room.
 *   minHeight is the least height at which each card might be a wing's top; heights only grow by
 *   moves a card does not head.
 * - A stock or waste card is in play unless the last pass is under way and it lies in the waste under
 *   a card that might not leave (go up or onto a wing).
 * - A card might go up when each card of its suit before it might, and it might be a wing's top or is
 *   a stock card in play, in time: a stock card that never lies on a wing goes up from the waste's top
 *   only, in some pass, so a suit's such cards go up in passes (`passes`), a later one in the same pass
 *   only from further on in the stock or once the stock cards between them might leave.
 * - A wing's deepest card might leave its wing when it might go up or head a move.
 * A then never leaves when the cards before it in its suit might not all go up or it is not the last
 * card (its way up), no card it goes on might be a wing's top with room (its build: `last-any`, the
 * last card only) and it never meets a space: once it is the trunk's top, every wing is held for
 * good, by a deepest card that never leaves, or by a trunk card above A that never moves once it lies
 * in a space (it must have left before A is the top); and, suit by suit, beyond those: a card that
 * never goes up stays on wings, in runs that start with such a card (`runsNeeded`), and of a suit's
 * base-rank card and its last card at most one leaves (`oneOfPair`). Each card that goes up, moves or is a wing's
 * top at some point of a line is in the sets by then (induction on the line), so the test never
 * calls a position lost that a line wins.
 *
 * Every trunk card is tried, from the top down: the sets for deck[i-1] hold those for deck[i] (one
 * card more may leave), so the fixed point grows on from the one before.
 */
/** How a card might head a move onto another wing (`head`). */
const HEADS_NEVER = 0;
/** A stock or waste card, while it is in play. */
const HEADS_IN_PLAY = 1;
/** A trunk card above A, once spaces may open. */
const HEADS_FROM_SPACE = 2;
/** A wing's deepest card, when it may take the cards on it along or is alone. */
const HEADS_ALWAYS = 3;
/** A wing's deepest card under `single`, once the card on it might go up. */
const HEADS_ALONE = 4;

export class StuckTrunk {
  private readonly where = new Uint8Array(CARD_COUNT);
  private readonly head = new Uint8Array(CARD_COUNT);
  /** 1 for each card that might head a move onto another wing (its `head` condition met). */
  private readonly canHead = new Uint8Array(CARD_COUNT);
  /** For a wing card, the height at which it is its wing's top once the cards on it have gone up. */
  private readonly uncovered = new Int8Array(CARD_COUNT);
  private readonly mayGoUp = new Uint8Array(CARD_COUNT);
  private readonly minHeight = new Int8Array(CARD_COUNT);
  private readonly inPlay = new Uint8Array(CARD_COUNT);
  /** Per suit, the next card's place in the suit's foundation order. */
  private readonly heights = new Int8Array(4);
  /** Each wing's deepest card. */
  private readonly deepest = new Int8Array(WING_COUNT);
  private spaces = false;
  /** Each suit's cards in foundation order (suit · 13 + place), for the base rank `orderBase`. */
  private readonly order = new Int8Array(CARD_COUNT);
  private orderBase = -1;
  private builds = false;
  private maxWing = 0;
  /** The passes left, this one with them; the stock's cards by index and each card's index; the position. */
  private passes = 0;
  private stockCards: Uint8Array = new Uint8Array(0);
  private stockIndexOfCard: Int8Array | Int16Array = new Int8Array(0);
  private position: P.Position = new Int32Array(0) as P.Position;
  /** Per suit: the count of changes when a pass stopped its run, -1 when none did. */
  private readonly blockedAt = new Int32Array(4);
  /** Per suit, a bit for each place in its foundation order: the cards on wings or above A. */
  private readonly onWings = new Int32Array(4);
  /** Per suit: the foundation order's place where the run that might go up ends. */
  private readonly upTo = new Int32Array(4);
  /** Each card's place in its suit's foundation order (0: the base rank), for the base rank `orderBase`. */
  private readonly placeOf = new Int8Array(CARD_COUNT);
  private changes = 0;

  /** Whether the rules are ones the test is argued for. */
  applies(view: NodeView): boolean {
    return view.rules.trunkPlay !== TRUNK_PLAY_TOP;
  }

  /** Whether the position `view` has read is shown lost: some trunk card never leaves the trunk. */
  lost(position: P.Position, view: NodeView): boolean {
    const trunk = view.trunk;
    if (trunk === 0) return false;
    const { layout, rules } = view;
    const where = this.where;
    const head = this.head;
    const uncovered = this.uncovered;
    const mayGoUp = this.mayGoUp;
    const minHeight = this.minHeight;
    const inPlay = this.inPlay;
    const heights = this.heights;
    const builds = rules.builds;
    const maxWing = rules.maxWing;
    const single = rules.wingMoves === WING_MOVES_SINGLE;
    if (layout.baseRank !== this.orderBase) this.useBase(layout.baseRank);
    const order = this.order;
    this.builds = builds;
    this.maxWing = maxWing;
    this.passes = rules.redeals - P.redealsUsed(position) + 1;
    this.stockCards = layout.stockCards;
    this.stockIndexOfCard = layout.stockIndexOfCard;
    this.position = position;
    this.blockedAt.fill(-1);
    this.changes = 0;
    where.fill(TRUNK_HELD);
    head.fill(HEADS_NEVER);
    const canHead = this.canHead;
    canHead.fill(0);
    mayGoUp.fill(0);
    minHeight.fill(NEVER);
    inPlay.fill(0);
    // where each card lies: what is on no foundation, wing, stock or waste is in the trunk
    this.onWings.fill(0);
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const height = P.wingHeight(position, wing);
      if (height === 0) return false;
      let card = P.wingTop(position, wing);
      minHeight[card] = height;
      for (let depth = 0; ; depth++) {
        where[card] = ON_WING;
        this.onWings[SUIT[card]] |= 1 << this.placeOf[card];
        uncovered[card] = height - depth;
        if (depth === height - 1) break;
        card = ABOVE[card];
      }
      this.deepest[wing] = card;
      head[card] = !single || height === 1 ? HEADS_ALWAYS : HEADS_ALONE;
      if (head[card] === HEADS_ALWAYS) canHead[card] = 1;
    }
    for (let suit = 0; suit < 4; suit++) {
      const height = P.foundationHeight(position, suit);
      heights[suit] = height;
      this.upTo[suit] = height;
      for (let k = 0; k < height; k++) where[order[suit * RANK_COUNT + k]] = ON_FOUNDATION;
    }
    // the stock: every card in play unless the last pass is under way
    const lastPass = P.redealsUsed(position) >= rules.redeals;
    const pointer = lastPass ? view.pointer : 0;
    for (let index = P.nextFilledFrom(position, 0); index >= 0; index = P.nextFilledFrom(position, index + 1)) {
      const card = layout.stockCards[index];
      where[card] = IN_STOCK;
      head[card] = HEADS_IN_PLAY;
      if (index >= pointer) {
        inPlay[card] = 1;
        canHead[card] = 1;
      }
    }
    const wasteIndex = view.wasteIndex;
    if (lastPass && wasteIndex >= 0) {
      inPlay[layout.stockCards[wasteIndex]] = 1;
      canHead[layout.stockCards[wasteIndex]] = 1;
    }
    const deck = layout.deck;
    this.spaces = false;
    let dirty = 0xf;
    // deck[held] is A; the cards above it may leave. From the top down, and past levels that cannot hold every wing.
    for (let held = trunk - 1, freed = trunk - 1; held >= 0; ) {
      for (; freed > held; freed--) {
        const card = deck[freed];
        where[card] = TRUNK_ABOVE;
        this.onWings[SUIT[card]] |= 1 << this.placeOf[card];
        head[card] = HEADS_FROM_SPACE;
        if (this.spaces) {
          // it might lie alone in a space
          minHeight[card] = 1;
          canHead[card] = 1;
          dirty |= 1 << ((card / RANK_COUNT) | 0);
          this.changes++;
        }
      }
      while (dirty !== 0) {
        for (let suit = 0; suit < 4; suit++) {
          if ((dirty & (1 << suit)) === 0) continue;
          dirty &= ~(1 << suit);
          this.relaxSuit(suit);
        }
        for (let suit = 0; suit < 4; suit++) {
          const at = this.blockedAt[suit];
          if (at >= 0 && at < this.changes) dirty |= 1 << suit;
        }
        // the waste under the last pass's top card: in play while the cards on it might leave
        if (lastPass && wasteIndex >= 0) {
          let on = layout.stockCards[wasteIndex];
          for (let index = wasteIndex - 1; index >= 0; index--) {
            if (!P.stockPlaceFilled(position, index)) continue;
            if (!this.mayLeave(on)) break;
            on = layout.stockCards[index];
            if (inPlay[on] === 0) {
              inPlay[on] = 1;
              canHead[on] = 1;
              this.changes++;
              dirty |= 1 << ((on / RANK_COUNT) | 0);
            }
          }
        }
        if (!this.spaces) {
          for (let wing = 0; wing < WING_COUNT; wing++) {
            if (!this.mayLeave(this.deepest[wing])) continue;
            this.spaces = true;
            for (let place = held + 1; place < trunk; place++) {
              const card = deck[place];
              minHeight[card] = 1;
              canHead[card] = 1;
              dirty |= 1 << ((card / RANK_COUNT) | 0);
              this.changes++;
            }
            break;
          }
        }
      }
      // A's own ways out: up or (last-any) onto a wing, as the last card only
      const a = deck[held];
      if (held === 0) {
        const suit = (a / RANK_COUNT) | 0;
        let upToA = true;
        for (let k = heights[suit]; ; k++) {
          const card = order[suit * RANK_COUNT + k];
          if (card === a) break;
          if (mayGoUp[card] === 0) {
            upToA = false;
            break;
          }
        }
        if (upToA) return false;
        if (rules.trunkBuilds && minHeight[ABOVE[a]] + 1 <= maxWing) return false;
      }
      // a space for A: wings held for good by deepest cards that never leave, and by trunk cards above A that never move from a space
      let heldWings = 0;
      // per suit, eight bits each: the cards counted here; and the suits with a pair (oneOfPair)
      let stay = 0;
      let pairs = 0;
      for (let wing = 0; wing < WING_COUNT; wing++) {
        const card = this.deepest[wing];
        if (!this.mayLeave(card)) {
          heldWings++;
          stay += 1 << (SUIT[card] << 3);
        } else if (builds && this.oneOfPair(card)) pairs |= 1 << SUIT[card];
      }
      for (let place = held + 1; place < trunk; place++) {
        const card = deck[place];
        if (!this.mayLeave(card)) {
          heldWings++;
          stay += 1 << (SUIT[card] << 3);
        } else if (builds && this.oneOfPair(card)) pairs |= 1 << SUIT[card];
      }
      if (builds) heldWings += this.heldBySuits(stay, pairs, WING_COUNT - heldWings);
      if (heldWings >= WING_COUNT) {
        return true;
      }
      // a card deeper down holds more wings only through the trunk cards above it, at most one each, and the sets only grow
      held -= WING_COUNT - heldWings;
    }
    return false;
  }

  private useBase(baseRank: number): void {
    for (let card = 0; card < CARD_COUNT; card++) {
      const suit = (card / RANK_COUNT) | 0;
      this.order[suit * RANK_COUNT + rankFromBase(card, baseRank)] = card;
      this.placeOf[card] = rankFromBase(card, baseRank);
    }
    this.orderBase = baseRank;
  }

  /**
   * Grows one suit's sets to their fixed point given the rest: each card's least height as a wing's
   * top (a move it heads lands one above the card one rank up, so that card first: the foundation
   * order backwards), then the run that might go up and the cards uncovered by it (forwards).
   */
  private relaxSuit(suit: number): void {
    const where = this.where;
    const head = this.head;
    const canHead = this.canHead;
    const mayGoUp = this.mayGoUp;
    const minHeight = this.minHeight;
    const order = this.order;
    const maxWing = this.maxWing;
    const first = suit * RANK_COUNT + this.heights[suit];
    const last = suit * RANK_COUNT + RANK_COUNT - 1;
    const baseCard = order[suit * RANK_COUNT];
    for (let again = true; again; ) {
      again = false;
      if (this.builds) {
        const baseHeight = minHeight[baseCard];
        for (let k = last; k >= first; k--) {
          const card = order[k];
          if (canHead[card] === 0) continue;
          const landing = minHeight[ABOVE[card]] + 1;
          if (landing <= maxWing && landing < minHeight[card]) {
            minHeight[card] = landing;
            this.changes++;
          }
        }
        // the suit's last card goes on its base-rank card, which the pass reaches last
        if (minHeight[baseCard] !== baseHeight && first === suit * RANK_COUNT) again = true;
      }
      // the run that might go up; past its end no card is uncovered (the card on it is the run's next)
      let pass = 0;
      let turned = -1;
      this.blockedAt[suit] = -1;
      for (let k = first; k <= last; k++) {
        const card = order[k];
        let inTime = true;
        if (where[card] === IN_STOCK && minHeight[card] === NEVER) {
          const index = this.stockIndexOfCard[card];
          if (index > turned) turned = index;
          else if (!this.uncoverable(index, turned)) {
            pass++;
            turned = index;
          }
          inTime = pass < this.passes;
        }
        if (where[card] === ON_WING && this.uncovered[card] < minHeight[card] && mayGoUp[BELOW[card]] === 1) {
          // a lower height feeds the landing of the card one rank below, which the backward pass has passed
          minHeight[card] = this.uncovered[card];
          this.changes++;
          again = true;
        }
        if (mayGoUp[card] === 1) continue;
        if (minHeight[card] === NEVER && this.inPlay[card] === 0) break;
        if (!inTime) {
          this.blockedAt[suit] = this.changes;
          break;
        }
        mayGoUp[card] = 1;
        this.upTo[suit] = k - suit * RANK_COUNT + 1;
        this.changes++;
        // a deepest card alone once the card on it goes up heads moves from then on
        const on = ABOVE[card];
        if (head[on] === HEADS_ALONE && canHead[on] === 0) {
          canHead[on] = 1;
          this.changes++;
          again = true;
        }
      }
    }
  }

  /**
   * Wings held for good beyond those whose own card never leaves, suit by suit (`stay`, eight bits a suit:
   * the suit's wings' deepest cards and trunk cards above A that never leave; `pairs`: the suits with a
   * pair, oneOfPair). A card that never goes up stays on wings once there (it leaves a wing only onto the
   * card one rank above it), in runs of at most maxWing cards, and such a run starts with one of them, but
   * for the run through the suit's base-rank card (the suit's last cards go on it). So at least
   * runsNeeded(suit) of the suit's wings' deepest cards and trunk cards above A have not left when A would
   * meet a space (by then the suit's cards that never go up, on wings now or above A, lie on wings).
   */
  private heldBySuits(stay: number, pairs: number, wanted: number): number {
    // at most one run a card: where even that falls short of the wings wanted, it is the bound (the level skip needs no more)
    let most = 0;
    // each suit's count of cards past the run, eight bits a suit as in `stay`
    let counts = 0;
    for (let suit = 0; suit < 4; suit++) {
      const pair = (pairs >> suit) & 1;
      const count = popcount(this.pastRun(suit));
      counts |= count << (suit << 3);
      const short = count - ((stay >> (suit << 3)) & 0xff);
      most += short > pair ? short : pair;
    }
    if (most < wanted) return most;
    let more = 0;
    for (let suit = 0; suit < 4; suit++) {
      const pair = (pairs >> suit) & 1;
      const stays = (stay >> (suit << 3)) & 0xff;
      if (((counts >> (suit << 3)) & 0xff) - stays <= pair) {
        more += pair;
        continue;
      }
      const short = this.runsNeeded(suit) - stays;
      more += short > pair ? short : pair;
    }
    return more;
  }

  /** The suit's cards on wings or above A past the run that might go up, a bit a foundation place (as onWings). */
  private pastRun(suit: number): number {
    return this.onWings[suit] & ~((1 << this.upTo[suit]) - 1);
  }

  /**
   * The fewest runs that can hold the suit's cards that never go up on wings or above A: each run is
   * consecutive ranks of cards that might lie on a wing, at most maxWing of them; but for the run through
   * the base-rank card, where it might lie on a wing, which may hold the suit's last maxWing - 1 cards.
   */
  private runsNeeded(suit: number): number {
    const order = this.order;
    const where = this.where;
    const minHeight = this.minHeight;
    const maxWing = this.maxWing;
    const from = suit * RANK_COUNT;
    const height = this.heights[suit];
    let cards = this.pastRun(suit);
    if (height === 0) {
      const at = where[order[from]];
      if (at === ON_WING || at === TRUNK_ABOVE || minHeight[order[from]] !== NEVER) cards &= (1 << (RANK_COUNT - maxWing + 1)) - 1;
    }
    let runs = 0;
    while (cards !== 0) {
      // the highest place left starts a run, which goes down through cards that might lie on a wing
      let low = 31 - Math.clz32(cards);
      runs++;
      for (let length = 1; length < maxWing && low > height; length++) {
        const next = order[from + low - 1];
        const at = where[next];
        if (at !== ON_WING && at !== TRUNK_ABOVE && !(at === IN_STOCK && minHeight[next] !== NEVER)) break;
        low--;
      }
      cards &= (1 << low) - 1;
    }
    return runs;
  }

  /**
   * Whether `base`, a wing's deepest card or a trunk card above A, is of the base rank and leaves only by
   * going up, and the card that goes on it, also a wing's deepest or a trunk card above A, might leave
   * only by going on it: then at most one of the two ever leaves.
   */
  private oneOfPair(base: number): boolean {
    if (this.placeOf[base] !== 0) return false;
    if (this.mayGoUp[base] === 0 || (this.canHead[base] === 1 && this.minHeight[ABOVE[base]] + 1 <= this.maxWing)) return false;
    const last = BELOW[base];
    if (this.mayGoUp[last] === 1 || !this.mayLeave(last)) return false;
    const at = this.where[last];
    if (at === TRUNK_ABOVE) return true;
    if (at !== ON_WING) return false;
    for (let wing = 0; wing < WING_COUNT; wing++) if (this.deepest[wing] === last) return true;
    return false;
  }

  /** Whether every stock or waste card between places `from` and `to` (neither counted) might leave. */
  private uncoverable(from: number, to: number): boolean {
    for (let index = from + 1; index < to; index++) {
      if (P.stockPlaceFilled(this.position, index) && !this.mayLeave(this.stockCards[index])) return false;
    }
    return true;
  }

  /**
   * Whether `card` (a wing's deepest, a stock or waste card, or a trunk card above A in a space) might
   * leave where it lies: up, or heading a move onto a wing (no space is filled but by the trunk).
   */
  private mayLeave(card: number): boolean {
    return this.mayGoUp[card] === 1 || (this.builds && this.canHead[card] === 1 && this.minHeight[ABOVE[card]] + 1 <= this.maxWing);
  }
}

/** Each card's suit. */
const SUIT = new Uint8Array(CARD_COUNT);
for (let card = 0; card < CARD_COUNT; card++) SUIT[card] = (card / RANK_COUNT) | 0;
/** The card one rank below each card, round the corner: the one that lies on it on a wing. */
const BELOW = new Int8Array(CARD_COUNT);
/** The card one rank above each card, round the corner: the one it goes on. */
const ABOVE = new Int8Array(CARD_COUNT);
for (let card = 0; card < CARD_COUNT; card++) {
  const rank = card % RANK_COUNT;
  BELOW[card] = rank === 0 ? card + RANK_COUNT - 1 : card - 1;
  ABOVE[card] = rank === RANK_COUNT - 1 ? card - RANK_COUNT + 1 : card + 1;
}

/** The bits set in `bits` (a suit's mask: at most 13). */
function popcount(bits: number): number {
  let count = 0;
  for (; bits !== 0; count++) bits &= bits - 1;
  return count;
}
