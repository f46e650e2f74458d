// The mutable game position of RULES §2–3: legal single moves (RULES §5 tokens), apply and undo, trunk fills, win.
import { CARD_COUNT, cardBelow, NO_CARD, RANK_COUNT, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';
import type { Move, MoveSource } from './notation.js';
import { wingsBuild, type RuleSet } from './rules.js';

/*
 * Position words (Int32Array of STATE_WORDS), copied whole for undo:
 *
 * | word  | bits  | field                                                              |
 * |-------|-------|--------------------------------------------------------------------|
 * | 0..7  | 0-5   | wing i: its top card (a wing is always a run down in suit)         |
 * | 0..7  | 6-9   | wing i: its height, 0 = empty                                      |
 * | 8     | 4s..  | foundation height of suit s (0–13), 4 bits each                    |
 * | 9     | 0-4   | cards left in the trunk: deck[0 … n-1], top deck[n-1]              |
 * | 9     | 5-10  | stock pointer p: stock cards with index < p are in the waste       |
 * | 9     | 11-14 | redeals used                                                       |
 * | 10,11 | 0-31  | presence bits of stock indices 0–31 and 32–63 (still in stock/waste)|
 *
 * The stock index of a card is its place in deck[trunk + 9 …]; stock and waste always keep
 * that order, so a pointer and presence bits say where every stock card is.
 */
export const STATE_WORDS = 12;
export const WING_COUNT = 8;
export const WING_CARD_MASK = 0x3f;
export const WING_HEIGHT_SHIFT = 6;
export const WING_HEIGHT_MASK = 0xf;
export const FOUNDATION_WORD = 8;
export const FOUNDATION_BITS = 4;
export const FOUNDATION_MASK = 0xf;
export const COUNTS_WORD = 9;
export const TRUNK_MASK = 0x1f;
export const POINTER_SHIFT = 5;
export const POINTER_MASK = 0x3f;
export const PASSES_SHIFT = 11;
export const PASSES_MASK = 0xf;
export const PRESENCE_WORD = 10;

/*
 * A single move as an integer:
 *
 * | bits  | field                                                        |
 * |-------|--------------------------------------------------------------|
 * | 0-3   | source: 0–7 wing, 8 waste, 9 trunk, 10 stock, 11 turn, 12 redeal |
 * | 4-7   | target: 0–7 wing, 8 foundation, 15 none                       |
 * | 8-11  | count of cards moved                                          |
 * | 12-18 | the card moved (deepest card of a group), plus one; 0 = none  |
 */
export const SOURCE_MASK = 0xf;
export const TARGET_SHIFT = 4;
export const TARGET_MASK = 0xf;
export const COUNT_SHIFT = 8;
export const COUNT_MASK = 0xf;
export const CARD_SHIFT = 12;
export const CARD_MASK = 0x7f;
export const SOURCE_WASTE = 8;
export const SOURCE_TRUNK = 9;
export const SOURCE_STOCK = 10;
export const SOURCE_TURN = 11;
export const SOURCE_REDEAL = 12;
export const TARGET_FOUNDATION = 8;
export const TARGET_NONE = 15;

export function encodeMove(source: number, target: number, count: number, card: number): number {
  return source | (target << TARGET_SHIFT) | (count << COUNT_SHIFT) | ((card + 1) << CARD_SHIFT);
}
export function moveSource(move: number): number {
  return move & SOURCE_MASK;
}
export function moveTarget(move: number): number {
  return (move >> TARGET_SHIFT) & TARGET_MASK;
}
export function moveCount(move: number): number {
  return (move >> COUNT_SHIFT) & COUNT_MASK;
}
export function moveCard(move: number): number {
  return ((move >> CARD_SHIFT) & CARD_MASK) - 1;
}

const SOURCE_LETTERS: MoveSource[] = ['W', 'W', 'W', 'W', 'W', 'W', 'W', 'W', 'X', 'K', 'S', 'T', 'R'];

/** The RULES §5 Move value of an engine move, with its card. */
export function toNotation(move: number): Move {
  const source = moveSource(move);
  const target = moveTarget(move);
  return {
    source: SOURCE_LETTERS[source],
    fromWing: source < WING_COUNT ? source + 1 : 0,
    target: target === TARGET_FOUNDATION ? 'F' : target === TARGET_NONE ? 'none' : 'W',
    toWing: target < WING_COUNT ? target + 1 : 0,
    count: moveCount(move),
    card: moveCard(move),
  };
}

/** The card `steps` ranks above `card` in its suit, round the corner. */
export function rankedUp(card: number, steps: number): number {
  const rank = card % RANK_COUNT;
  return card - rank + ((rank + steps) % RANK_COUNT);
}

/** Lowest set bit index of a 32-bit word, or 32. */
function lowestBit(word: number): number {
  return word === 0 ? 32 : 31 - Math.clz32(word & -word);
}
function highestBit(word: number): number {
  return 31 - Math.clz32(word);
}

export class Game {
  readonly rules: RuleSet;
  readonly deck: Deck;
  readonly baseRank: number;
  readonly stockLength: number;
  /** stockCards[i] = deck[trunk + 9 + i]. */
  readonly stockCards: Uint8Array;
  /** Stock index of each card, or -1 for trunk, wing and base cards. */
  readonly stockIndexOfCard: Int8Array;
  readonly state = new Int32Array(STATE_WORDS);
  private readonly builds: boolean;
  private readonly spaceFromWaste: boolean;
  private readonly spaceFromStock: boolean;
  private readonly spaceFromWings: boolean;
  private history = new Int32Array(STATE_WORDS * 256);
  private historyDepth = 0;

  constructor(deck: Deck, rules: RuleSet) {
    if (deck.length !== CARD_COUNT) throw new Error('a deck has 52 cards');
    this.rules = rules;
    this.deck = deck;
    this.builds = wingsBuild(rules);
    this.spaceFromWaste = rules.spaceFrom.includes('waste');
    this.spaceFromStock = rules.spaceFrom.includes('stock');
    this.spaceFromWings = rules.spaceFrom.includes('wings');
    const trunk = rules.trunk;
    const baseCard = deck[trunk + WING_COUNT];
    this.baseRank = rankOf(baseCard);
    const stockStart = trunk + WING_COUNT + 1;
    this.stockLength = CARD_COUNT - stockStart;
    this.stockCards = deck.slice(stockStart);
    this.stockIndexOfCard = new Int8Array(CARD_COUNT).fill(-1);
    for (let i = 0; i < this.stockLength; i++) this.stockIndexOfCard[this.stockCards[i]] = i;
    this.reset();
  }

  /** Back to the deal as laid out (RULES §2). */
  reset(): void {
    const state = this.state;
    state.fill(0);
    const trunk = this.rules.trunk;
    for (let wing = 0; wing < WING_COUNT; wing++) state[wing] = this.deck[trunk + wing] | (1 << WING_HEIGHT_SHIFT);
    state[FOUNDATION_WORD] = 1 << (suitOf(this.deck[trunk + WING_COUNT]) * FOUNDATION_BITS);
    state[COUNTS_WORD] = trunk;
    for (let i = 0; i < this.stockLength; i++) state[PRESENCE_WORD + (i >> 5)] |= 1 << (i & 31);
    this.historyDepth = 0;
  }

  // ---- reading the position ----

  wingHeight(wing: number): number {
    return (this.state[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
  }
  wingBottom(wing: number): number {
    return this.wingCard(wing, this.wingHeight(wing) - 1);
  }
  /** The card `depth` places below the top of a wing (0 = the top): one rank higher per place. */
  wingCard(wing: number, depth: number): number {
    const top = this.state[wing] & WING_CARD_MASK;
    return depth === 0 ? top : rankedUp(top, depth);
  }
  wingTop(wing: number): number {
    const word = this.state[wing];
    return ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0 ? NO_CARD : word & WING_CARD_MASK;
  }
  foundationHeight(suit: number): number {
    return (this.state[FOUNDATION_WORD] >> (suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
  }
  /** The card that goes next on this suit's foundation, or NO_CARD when it is complete. */
  foundationNext(suit: number): number {
    const height = this.foundationHeight(suit);
    return height === RANK_COUNT ? NO_CARD : suit * RANK_COUNT + ((this.baseRank + height) % RANK_COUNT);
  }
  canGoToFoundation(card: number): boolean {
    return this.foundationNext(suitOf(card)) === card;
  }
  trunkCount(): number {
    return this.state[COUNTS_WORD] & TRUNK_MASK;
  }
  stockPointer(): number {
    return (this.state[COUNTS_WORD] >> POINTER_SHIFT) & POINTER_MASK;
  }
  redealsUsed(): number {
    return (this.state[COUNTS_WORD] >> PASSES_SHIFT) & PASSES_MASK;
  }
  isPresent(stockIndex: number): boolean {
    return ((this.state[PRESENCE_WORD + (stockIndex >> 5)] >>> (stockIndex & 31)) & 1) === 1;
  }
  /** Stock index of the waste's top card, or -1 when the waste is empty. */
  wasteTopIndex(): number {
    const pointer = this.stockPointer();
    if (pointer > 32) {
      const high = this.state[PRESENCE_WORD + 1] & (pointer - 32 === 32 ? -1 : (1 << (pointer - 32)) - 1);
      if (high !== 0) return 32 + highestBit(high);
    }
    const lowMask = pointer >= 32 ? -1 : (1 << pointer) - 1;
    const low = this.state[PRESENCE_WORD] & lowMask;
    return low !== 0 ? highestBit(low) : -1;
  }
  /** Stock index of the stock's top card, or -1 when the stock is empty. */
  stockTopIndex(): number {
    return this.nextPresentFrom(this.stockPointer());
  }
  /** The first stock index ≥ from that is still in stock or waste, or -1. */
  nextPresentFrom(from: number): number {
    if (from < 32) {
      const low = this.state[PRESENCE_WORD] & ~((1 << from) - 1);
      if (low !== 0) return lowestBit(low);
      from = 32;
    }
    if (from >= 64) return -1;
    const high = this.state[PRESENCE_WORD + 1] & ~((1 << (from - 32)) - 1);
    return high !== 0 ? 32 + lowestBit(high) : -1;
  }
  wasteTop(): number {
    const index = this.wasteTopIndex();
    return index < 0 ? NO_CARD : this.stockCards[index];
  }
  stockTop(): number {
    const index = this.stockTopIndex();
    return index < 0 ? NO_CARD : this.stockCards[index];
  }
  /** Cards in the stock (not yet turned this pass). */
  stockCount(): number {
    let count = 0;
    for (let i = this.stockPointer(); i < this.stockLength; i++) if (this.isPresent(i)) count++;
    return count;
  }
  wasteCount(): number {
    let count = 0;
    for (let i = 0; i < this.stockPointer(); i++) if (this.isPresent(i)) count++;
    return count;
  }
  /** RULES §3.4: the trunk card that is face up and in play, or NO_CARD. */
  trunkCard(): number {
    const count = this.trunkCount();
    if (count === 0) return NO_CARD;
    if (this.rules.trunkPlay === 'top') return this.deck[count - 1];
    return count === 1 ? this.deck[0] : NO_CARD;
  }
  private trunkBuilds(): boolean {
    return this.builds && this.rules.trunkPlay !== 'last';
  }
  isWon(): boolean {
    return this.state[FOUNDATION_WORD] === 0xdddd;
  }
  foundationTotal(): number {
    let total = 0;
    for (let suit = 0; suit < 4; suit++) total += this.foundationHeight(suit);
    return total;
  }

  /** Can `count` cards whose deepest card is `card` land on this wing (RULES §3.5, §3.7)? */
  canLandOnWing(card: number, count: number, wing: number, spaceAllowed: boolean): boolean {
    const height = this.wingHeight(wing);
    if (height === 0) return spaceAllowed && this.trunkCount() === 0;
    if (!this.builds || height + count > this.rules.maxWing) return false;
    return cardBelow(this.wingCard(wing, 0)) === card;
  }

  // ---- legal moves ----

  /** Writes every legal move (RULES §3) into `out`, returns how many. `out` needs room for 256. */
  legalMoves(out: Int32Array): number {
    let count = 0;
    if (this.isWon()) return 0;
    const wasteIndex = this.wasteTopIndex();
    const waste = wasteIndex < 0 ? NO_CARD : this.stockCards[wasteIndex];
    const trunkCard = this.trunkCard();
    // foundations
    for (let wing = 0; wing < WING_COUNT; wing++) {
      if (this.wingHeight(wing) > 0 && this.canGoToFoundation(this.wingCard(wing, 0))) {
        out[count++] = encodeMove(wing, TARGET_FOUNDATION, 1, this.wingCard(wing, 0));
      }
    }
    if (waste !== NO_CARD && this.canGoToFoundation(waste)) out[count++] = encodeMove(SOURCE_WASTE, TARGET_FOUNDATION, 1, waste);
    if (trunkCard !== NO_CARD && this.canGoToFoundation(trunkCard)) out[count++] = encodeMove(SOURCE_TRUNK, TARGET_FOUNDATION, 1, trunkCard);
    // wing to wing: builds, and space fills where spaceFrom lists wings
    if (this.builds || this.spaceFromWings) {
      for (let from = 0; from < WING_COUNT; from++) {
        const height = this.wingHeight(from);
        if (height === 0) continue;
        let smallest = 1;
        let largest = 1;
        if (this.rules.wingMoves === 'whole') smallest = largest = height;
        else if (this.rules.wingMoves === 'group') largest = height;
        for (let size = smallest; size <= largest; size++) {
          const deepest = this.wingCard(from, size - 1);
          for (let to = 0; to < WING_COUNT; to++) {
            if (to !== from && this.canLandOnWing(deepest, size, to, this.spaceFromWings)) {
              out[count++] = encodeMove(from, to, size, deepest);
            }
          }
        }
      }
    }
    for (let to = 0; to < WING_COUNT; to++) {
      if (waste !== NO_CARD && this.canLandOnWing(waste, 1, to, this.spaceFromWaste)) out[count++] = encodeMove(SOURCE_WASTE, to, 1, waste);
    }
    if (trunkCard !== NO_CARD && this.trunkBuilds()) {
      for (let to = 0; to < WING_COUNT; to++) {
        if (this.wingHeight(to) > 0 && this.canLandOnWing(trunkCard, 1, to, false)) out[count++] = encodeMove(SOURCE_TRUNK, to, 1, trunkCard);
      }
    }
    const stockIndex = this.stockTopIndex();
    if (stockIndex >= 0) {
      const stockCard = this.stockCards[stockIndex];
      if (this.spaceFromStock && this.trunkCount() === 0) {
        for (let to = 0; to < WING_COUNT; to++) {
          if (this.wingHeight(to) === 0) out[count++] = encodeMove(SOURCE_STOCK, to, 1, stockCard);
        }
      }
      out[count++] = encodeMove(SOURCE_TURN, TARGET_NONE, 1, stockCard);
    } else if (wasteIndex >= 0 && this.redealsUsed() < this.rules.redeals) {
      out[count++] = encodeMove(SOURCE_REDEAL, TARGET_NONE, 1, NO_CARD);
    }
    return count;
  }

  // ---- changing the position ----

  /** Saves the position so that undo() can bring it back. */
  save(): void {
    if ((this.historyDepth + 1) * STATE_WORDS > this.history.length) {
      const bigger = new Int32Array(this.history.length * 2);
      bigger.set(this.history);
      this.history = bigger;
    }
    const history = this.history;
    const state = this.state;
    const start = this.historyDepth * STATE_WORDS;
    for (let i = 0; i < STATE_WORDS; i++) history[start + i] = state[i];
    this.historyDepth++;
  }
  undo(): void {
    if (this.historyDepth === 0) throw new Error('nothing to undo');
    this.historyDepth--;
    const start = this.historyDepth * STATE_WORDS;
    const history = this.history;
    const state = this.state;
    for (let i = 0; i < STATE_WORDS; i++) state[i] = history[start + i];
  }
  depth(): number {
    return this.historyDepth;
  }

  /** Applies a move from legalMoves() (it is not checked), then the forced trunk fills. */
  apply(move: number): void {
    this.save();
    this.applyUnsaved(move);
  }

  applyUnsaved(move: number): void {
    const source = moveSource(move);
    const target = moveTarget(move);
    const count = moveCount(move);
    const state = this.state;
    if (source === SOURCE_TURN) {
      const index = this.stockTopIndex();
      this.setPointer(index + 1);
      return;
    }
    if (source === SOURCE_REDEAL) {
      state[COUNTS_WORD] = (state[COUNTS_WORD] & ~(POINTER_MASK << POINTER_SHIFT)) + (1 << PASSES_SHIFT);
      return;
    }
    let card: number;
    if (source < WING_COUNT) {
      card = this.wingCard(source, count - 1);
      this.takeFromWing(source, count);
    } else if (source === SOURCE_WASTE) {
      const index = this.wasteTopIndex();
      card = this.stockCards[index];
      this.removeStockIndex(index);
    } else if (source === SOURCE_STOCK) {
      const index = this.stockTopIndex();
      card = this.stockCards[index];
      this.removeStockIndex(index);
    } else {
      card = this.trunkCard();
      state[COUNTS_WORD]--;
    }
    if (target === TARGET_FOUNDATION) this.raiseFoundation(suitOf(card));
    else this.placeOnWing(target, card, count);
    this.fillFromTrunk();
  }

  setPointer(pointer: number): void {
    this.state[COUNTS_WORD] = (this.state[COUNTS_WORD] & ~(POINTER_MASK << POINTER_SHIFT)) | (pointer << POINTER_SHIFT);
  }
  setCounts(trunk: number, pointer: number, redeals: number): void {
    this.state[COUNTS_WORD] = trunk | (pointer << POINTER_SHIFT) | (redeals << PASSES_SHIFT);
  }
  removeStockIndex(index: number): void {
    this.state[PRESENCE_WORD + (index >> 5)] &= ~(1 << (index & 31));
  }
  raiseFoundation(suit: number): void {
    this.state[FOUNDATION_WORD] += 1 << (suit * FOUNDATION_BITS);
  }
  takeFromWing(wing: number, count: number): void {
    const word = this.state[wing];
    const height = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) - count;
    this.state[wing] = height === 0 ? 0 : rankedUp(word & WING_CARD_MASK, count) | (height << WING_HEIGHT_SHIFT);
  }
  /** Puts a run of `count` cards whose deepest card is `deepest` on a wing (empty or a build). */
  placeOnWing(wing: number, deepest: number, count: number): void {
    const top = count === 1 ? deepest : rankedUp(deepest, RANK_COUNT - count + 1);
    const height = this.wingHeight(wing) + count;
    this.state[wing] = top | (height << WING_HEIGHT_SHIFT);
  }
  /** RULES §3.3: every empty wing takes the trunk's top card while the trunk has cards. */
  fillFromTrunk(): void {
    const state = this.state;
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const trunk = state[COUNTS_WORD] & TRUNK_MASK;
      if (trunk === 0) return;
      if (((state[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0) {
        state[wing] = this.deck[trunk - 1] | (1 << WING_HEIGHT_SHIFT);
        state[COUNTS_WORD]--;
      }
    }
  }
}

/** Number of distinct legal move sequences of exactly `depth` moves (perft). */
export function perft(game: Game, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(256);
  const count = game.legalMoves(moves);
  if (depth === 1) return count;
  let total = 0;
  for (let i = 0; i < count; i++) {
    game.apply(moves[i]);
    total += perft(game, depth - 1);
    game.undo();
  }
  return total;
}

/** perft split by first move, for finding where two move generators disagree. */
export function divide(game: Game, depth: number): Map<number, number> {
  const result = new Map<number, number>();
  const moves = new Int32Array(256);
  const count = game.legalMoves(moves);
  for (let i = 0; i < count; i++) {
    game.apply(moves[i]);
    result.set(moves[i], perft(game, depth - 1));
    game.undo();
  }
  return result;
}
