// The mutable game position of RULES §2–3: legal single moves (RULES §5 tokens), apply and undo, trunk fills, win.
import { CARD_COUNT, cardBelow, cardRanksAbove, cardValue, NO_CARD, RANK_COUNT, rankFromBase, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';
import { dealLayout, dealtCard, dealtFaceUp, MAX_TRUNKS, MAX_WINGS, WING_COUNT, type DealLayout } from './layout.js';
import { formatMove, type Move, type MoveSource } from './notation.js';
import * as P from './position.js';
import {
  BUILD_ALT_COLOUR_DOWN,
  BUILD_ANY_SUIT_DOWN,
  BUILD_EQUAL_RANK,
  BUILD_NONE,
  BUILD_SUIT_DOWN,
  canonicalRules,
  compileRules,
  UNLIMITED_REDEALS,
  wingDealFaces,
  firstGroupSize,
  groupMayLeave,
  nextGroupSize,
  WING_MOVES_SV_PARTIAL,
  type CompiledRules,
  type RuleSet,
} from './rules.js';

/*
 * A single move as an integer:
 *
 * | bits  | field                                                        |
 * |-------|--------------------------------------------------------------|
 * | 0-4   | source: 0–11 wing, 12 waste, 13 trunk, 14 stock, 15 turn,     |
 * |       | 16 redeal, 17–20 trunk 1–4 of several (RULES §10.15), 21 a    |
 * |       | foundation (§10.16)                                           |
 * | 5-8   | target: 0–11 wing, 12 foundation, 13 the foundation down from |
 * |       | the King (RULES §10.18), 15 none                              |
 * | 9-15  | count of cards moved (a Canfield wing may hold more than 15)  |
 * | 16-23 | the card moved (deepest card of a group), plus one; 0 = none: |
 * |       | a card number up to 207 (four decks, RULES §10.19)            |
 */
/** A single move packed as above: a number at run time, told apart from other numbers by the compiler only. */
export type EngineMove = number & { readonly __brand: 'EngineMove' };
/** Room for one position's engine moves (legalMoves() writes them): an Int32Array whose entries are EngineMoves. */
export interface EngineMoveList extends Int32Array {
  [index: number]: EngineMove;
}
/** The room legalMoves() needs: more moves than any position has. */
export const MAX_LEGAL_MOVES = 256;
export function newEngineMoveList(): EngineMoveList {
  return new Int32Array(MAX_LEGAL_MOVES) as EngineMoveList;
}
/** The first `count` moves of a list, copied (for an observation: not for the search's inner loop). */
export function copyEngineMoves(list: EngineMoveList, count: number): EngineMoveList {
  return list.slice(0, count) as EngineMoveList;
}

const MOVE_SOURCE_MASK = 0x1f;
const MOVE_TARGET_SHIFT = 5;
const MOVE_TARGET_MASK = 0xf;
const MOVE_COUNT_SHIFT = 9;
const MOVE_COUNT_MASK = 0x7f;
const MOVE_CARD_SHIFT = 16;
const MOVE_CARD_MASK = 0xff;
/** The most cards one move carries (its 7 bits): a longer group is a game the engine cannot play (Game.checkGroupSize). */
const MAX_MOVE_COUNT = MOVE_COUNT_MASK;
/** The bits an engine move takes (the family search's move keeps its own above them). */
export const ENGINE_MOVE_BITS = 24;
/** Sources and targets 0 … MAX_WINGS-1 are wings (isWing); the others follow them. */
export const SOURCE_WASTE = MAX_WINGS;
export const SOURCE_TRUNK = MAX_WINGS + 1;
export const SOURCE_STOCK = MAX_WINGS + 2;
export const SOURCE_TURN = MAX_WINGS + 3;
export const SOURCE_REDEAL = MAX_WINGS + 4;
/** RULES §10.15: trunk k (0-based) of several is source SOURCE_TRUNKS + k; the one trunk of every other game is SOURCE_TRUNK. */
const SOURCE_TRUNKS = MAX_WINGS + 5;
/** RULES §10.16: a foundation's top card, coming back. */
export const SOURCE_FOUNDATION = SOURCE_TRUNKS + MAX_TRUNKS;
export const TARGET_FOUNDATION = MAX_WINGS;
/** RULES §10.18: the suit's foundation down from the King (TARGET_FOUNDATION is then the one up from the Ace). */
export const TARGET_FOUNDATION_DOWN = MAX_WINGS + 1;
export const TARGET_NONE = MOVE_TARGET_MASK;
/** Whether a move's source or target is a wing (W1 … W12 are 0 … 11). */
export function isWing(sourceOrTarget: number): boolean {
  return sourceOrTarget < MAX_WINGS;
}

/** No move: what legalMoveFor() gives for a move that is not legal. */
export const NO_MOVE = -1 as EngineMove;

export function encodeMove(source: number, target: number, count: number, card: number): EngineMove {
  return (source | (target << MOVE_TARGET_SHIFT) | (count << MOVE_COUNT_SHIFT) | ((card + 1) << MOVE_CARD_SHIFT)) as EngineMove;
}
export function moveSource(move: EngineMove): number {
  return move & MOVE_SOURCE_MASK;
}
export function moveTarget(move: EngineMove): number {
  return (move >> MOVE_TARGET_SHIFT) & MOVE_TARGET_MASK;
}
export function moveCount(move: EngineMove): number {
  return (move >> MOVE_COUNT_SHIFT) & MOVE_COUNT_MASK;
}
export function moveCard(move: EngineMove): number {
  return ((move >> MOVE_CARD_SHIFT) & MOVE_CARD_MASK) - 1;
}

/** The source of trunk `trunk` (0-based) in a game of `trunks` trunks. */
export function trunkSource(trunks: number, trunk: number): number {
  return trunks === 1 ? SOURCE_TRUNK : SOURCE_TRUNKS + trunk;
}
/** Whether a move's target is a foundation (the one of its suit, or under RULES §10.18 either of two). */
export function isFoundationTarget(target: number): boolean {
  return target === TARGET_FOUNDATION || target === TARGET_FOUNDATION_DOWN;
}
/** Whether a move's source is a trunk (the one, or one of several). */
export function isTrunkSource(source: number): boolean {
  return source === SOURCE_TRUNK || (source >= SOURCE_TRUNKS && source < SOURCE_TRUNKS + MAX_TRUNKS);
}

const SOURCE_LETTERS: MoveSource[] = [...Array<MoveSource>(MAX_WINGS).fill('W'), 'X', 'K', 'S', 'T', 'R', ...Array<MoveSource>(MAX_TRUNKS).fill('K'), 'F'];

/** The RULES §5 Move value of an engine move, with its card (its value: twins are one card to the notation). */
export function toNotation(move: EngineMove): Move {
  const source = moveSource(move);
  const target = moveTarget(move);
  return {
    source: SOURCE_LETTERS[source],
    fromWing: isWing(source) ? source + 1 : 0,
    fromTrunk: source >= SOURCE_TRUNKS && source < SOURCE_TRUNKS + MAX_TRUNKS ? source - SOURCE_TRUNKS + 1 : 0,
    target: target === TARGET_FOUNDATION ? 'F' : target === TARGET_FOUNDATION_DOWN ? 'D' : target === TARGET_NONE ? 'none' : 'W',
    toWing: isWing(target) ? target + 1 : 0,
    count: moveCount(move),
    // RULES §10.19: a move names a card by its value, whichever deck's it is (as its text does)
    card: cardValue(moveCard(move)),
  };
}

/** RULES §3.4: the trunk card that is face up and in play, or NO_CARD; NO_CARD under several trunks (RULES §10.15), whose cards Game.trunkCardOf names. */
export function trunkCardInPlay(position: P.Position, layout: DealLayout, rules: CompiledRules): number {
  const count = P.trunkCount(position);
  if (count === 0 || layout.trunks > 1) return NO_CARD;
  if (rules.trunkTopInPlay) return layout.deck[count - 1];
  return count === 1 ? layout.deck[0] : NO_CARD;
}

/** The card that goes next on this suit's foundation, or NO_CARD when it is complete (RULES §10.18's two foundations: Game.foundationNext). */
export function foundationNext(position: P.Position, layout: DealLayout, suit: number): number {
  const height = P.foundationHeight(position, suit);
  // RULES §10.17: a chosen base is the position's, and before it is chosen no card is any suit's next
  const base = layout.baseChosen ? P.chosenBase(position) : layout.baseRank;
  return height === RANK_COUNT || base < 0 ? NO_CARD : suit * RANK_COUNT + ((base + height) % RANK_COUNT);
}

/** RULES §10.18: the card that goes next on this suit's foundation down from the King, or NO_CARD when the suit is complete. */
export function foundationDownNext(position: P.Position, suit: number): number {
  const down = P.downHeight(position, suit);
  return P.foundationHeight(position, suit) + down === RANK_COUNT ? NO_CARD : suit * RANK_COUNT + RANK_COUNT - 1 - down;
}

/** RULES §10.5: diamonds and hearts are red (suits C D H S are 0 1 2 3). */
function isRed(suit: number): boolean {
  return suit === 1 || suit === 2;
}

/**
 * A wing taller than a move's count field: only two to four decks' runs round the corner could grow so (a
 * run of 128 cards), and no search should go on with moves it cannot write: a bug, not a verdict.
 */
function wingTooHigh(height: number): never {
  throw new Error(`a wing of ${height} cards: the engine's moves carry at most ${MAX_MOVE_COUNT}`);
}

/** The dealtJoins of a game whose wings are dealt one card: never read. */
const NO_DEALT_JOINS = new Uint8Array(0);

/** Puts `move` into out[first … count) after every move of its size or less (the rest move up one); returns the new count. */
function insertBySize(out: EngineMoveList, first: number, count: number, move: EngineMove): number {
  const size = moveCount(move);
  let at = count;
  while (at > first && moveCount(out[at - 1] as EngineMove) > size) {
    out[at] = out[at - 1];
    at--;
  }
  out[at] = move;
  return count + 1;
}

/** A game of one deal under one rule set: its position, legal single moves, apply and undo. */
export class Game {
  readonly rules: RuleSet;
  readonly compiled: CompiledRules;
  readonly layout: DealLayout;
  /** Wings in play (W1 … Wn are 0 … n-1). */
  readonly wings: number;
  /** Whether wings are kept as linked cards (alt-colour or any-suit building; position.ts). */
  protected readonly linked: boolean;
  /** RULES §10.18: two foundations a suit, up from the Ace and down from the King. */
  private readonly upDown: boolean;
  /** RULES §10.18: four cards of a rank go up together, from a wing. */
  private readonly fourOfARank: boolean;
  /** RULES §10.19: decks shuffled together; with more than one, twins are one card to every rule, and each suit has that many foundations. */
  readonly decks: number;
  /**
   * The writers of the wings' cards and the trunk's fills: position.ts's, or with several decks (RULES §10.1, §10.19)
   * its decks… ones, which find wings past the eighth. Chosen once, so that one deck's moves ask nothing more
   * (a test of the deck count at each move cost the one-deck family's search 0.3% more instructions: docs/measurements.md).
   */
  private readonly takeFromWing: typeof P.takeFromWing;
  private readonly takeFromLinkedWing: typeof P.takeFromLinkedWing;
  private readonly placeOnWing: typeof P.placeOnWing;
  private readonly placeOnLinkedWing: typeof P.placeOnLinkedWing;
  private readonly fillFromTrunk: typeof P.fillFromTrunk;
  private readonly fillOneFromTrunk: typeof P.fillOneFromTrunk;
  /** One deck built down in suit round the corner: goesOn's quick way. */
  private readonly suitRunsRound: boolean;
  protected readonly position: P.Position;
  /** For each card, the cards that go straight on it (goesOn), four places a card, NO_CARD after the last. */
  protected readonly cardsOnto: Int8Array;
  private history: Int32Array;
  private historyDepth = 0;
  /** RULES §10.14: wings are dealt more than one card, so a run leaving whole may uncover a dealt card. */
  private readonly dealtUnderRuns: boolean;
  /** For wing w with u dealt cards under its run, entry 4w + u: whether the card turned when the run leaves joins the face-up dealt card under it (turnDealtCard). */
  private readonly dealtJoins: Uint8Array;
  /** RULES §10.3 `auto-waste`: the wing the last move left empty (its source), for the waste's fill; -1 when none. */
  private emptied = -1;

  constructor(deck: Deck, rules: RuleSet) {
    this.rules = rules;
    this.compiled = compileRules(rules);
    // the move encoding has room for MAX_WINGS wings, and a position of one deck for WING_COUNT (rules.ts refuses more before any work)
    if (this.compiled.wings > (rules.decks > 1 ? MAX_WINGS : WING_COUNT)) throw new Error(`the engine plays at most ${WING_COUNT} wings with one deck and ${MAX_WINGS} with several, not ${canonicalRules(rules)}`);
    this.wings = this.compiled.wings;
    this.upDown = this.compiled.upDown;
    this.fourOfARank = this.compiled.fourOfARank;
    this.linked = this.compiled.build === BUILD_ALT_COLOUR_DOWN || this.compiled.build === BUILD_ANY_SUIT_DOWN || this.compiled.build === BUILD_EQUAL_RANK;
    this.decks = rules.decks;
    const decks = this.decks > 1;
    this.takeFromWing = decks ? P.decksTakeFromWing : P.takeFromWing;
    this.takeFromLinkedWing = decks ? P.decksTakeFromLinkedWing : P.takeFromLinkedWing;
    this.placeOnWing = decks ? P.decksPlaceOnWing : P.placeOnWing;
    this.placeOnLinkedWing = decks ? P.decksPlaceOnLinkedWing : P.placeOnLinkedWing;
    this.fillFromTrunk = decks ? P.decksFillFromTrunk : P.fillFromTrunk;
    this.fillOneFromTrunk = decks ? P.decksFillOneFromTrunk : P.fillOneFromTrunk;
    this.suitRunsRound = this.compiled.build === BUILD_SUIT_DOWN && this.compiled.wrapRound && this.decks === 1;
    this.position = P.newPosition(P.positionWords(this.linked, this.decks, this.wings));
    this.history = new Int32Array(this.position.length * 256);
    this.layout = dealLayout(deck, rules.trunk, this.wings, this.compiled.fixedBase, wingDealFaces(rules), rules.baseCards === 'shuffled', rules.trunks, this.compiled.baseChosen);
    this.cardsOnto = this.listCardsOnto();
    this.dealtUnderRuns = this.layout.wingCards > 1;
    this.dealtJoins = this.dealtUnderRuns ? this.listDealtJoins() : NO_DEALT_JOINS;
    this.reset();
    // RULES §10.19: a game of several decks is a DecksGame (below), whoever makes it, so that one deck's code stays as it was;
    // §10.20's foundations by rank a RankFoundationsGame, one of them
    if (rules.decks > 1 && new.target === Game) return rules.foundations === 'any-suit-in-turn' ? new RankFoundationsGame(deck, rules) : new DecksGame(deck, rules);
  }

  get deck(): Deck {
    return this.layout.deck;
  }

  /** Back to the deal as laid out (RULES §2). */
  reset(): void {
    P.dealPosition(this.position, this.layout);
    this.historyDepth = 0;
  }

  /** A copy of the position's words (for keys, hashes and observations; restore() takes it back). */
  snapshot(): P.Position {
    return P.copyPosition(this.position);
  }
  /** Sets the position to words from snapshot() of a game with the same layout and rules; forgets the undo history. */
  restore(words: P.Position): void {
    if (words.length !== this.position.length) throw new Error(`a position of this game has ${this.position.length} words`);
    this.position.set(words);
    this.historyDepth = 0;
  }
  /** Whether this game's position equals `words` word for word. */
  equals(words: P.Position): boolean {
    if (words.length !== this.position.length) return false;
    for (let i = 0; i < this.position.length; i++) if (this.position[i] !== words[i]) return false;
    return true;
  }

  // ---- reading the position ----

  wingHeight(wing: number): number {
    return P.wingHeight(this.position, wing);
  }
  /** The card `depth` places below the top of a wing (0 = the top). */
  wingCard(wing: number, depth: number): number {
    return this.linked ? P.linkedWingCard(this.position, wing, depth) : P.wingCard(this.position, wing, depth);
  }
  wingTop(wing: number): number {
    return P.wingTop(this.position, wing);
  }
  foundationHeight(suit: number): number {
    return P.foundationHeight(this.position, suit);
  }
  /** The card that goes next on this suit's foundation (under RULES §10.18 the one up from the Ace), or NO_CARD. */
  foundationNext(suit: number): number {
    // RULES §10.18: four of a rank go up together, never one card
    if (this.fourOfARank) return NO_CARD;
    if (this.upDown) return P.foundationHeight(this.position, suit) + P.downHeight(this.position, suit) === RANK_COUNT ? NO_CARD : suit * RANK_COUNT + P.foundationHeight(this.position, suit);
    return foundationNext(this.position, this.layout, suit);
  }
  /**
   * The bound-card rules' foundation (solver/family/prune.ts): one deck's one foundation a suit; under RULES
   * §10.19 the suit's lowest, whose next card has every copy not yet up a foundation of its own to go to.
   * Its height, its next card, and whether `card` is that card.
   */
  lowestFoundationHeight(suit: number): number {
    return this.foundationHeight(suit);
  }
  lowestFoundationNext(suit: number): number {
    return this.foundationNext(suit);
  }
  goesOnLowestFoundation(card: number): boolean {
    return this.canGoToFoundation(card);
  }
  /** RULES §10.19: the height of foundation `copy` (0 … decks-1, a suit's highest first) of this suit. */
  foundationHeightOf(suit: number, copy: number): number {
    return P.foundationHeightOf(this.position, suit, copy);
  }
  /** RULES §10.19: the card (its first deck's number) that goes next on foundation `copy` of this suit, or NO_CARD when it is complete. */
  foundationNextOf(suit: number, copy: number): number {
    const height = P.foundationHeightOf(this.position, suit, copy);
    return height === RANK_COUNT ? NO_CARD : suit * RANK_COUNT + ((this.layout.baseRank + height) % RANK_COUNT);
  }
  /** RULES §10.20: the height of foundation `foundation` (0 the first) of foundations by rank (`--foundations any-suit-in-turn`). */
  rankFoundationHeight(foundation: number): number {
    return P.rankFoundationHeight(this.position, foundation);
  }
  /** RULES §10.18: the card that goes next on this suit's foundation down from the King, or NO_CARD. */
  foundationDownNext(suit: number): number {
    return this.upDown ? foundationDownNext(this.position, suit) : NO_CARD;
  }
  /** The base rank (A = 0): the deal's, or under RULES §10.17 the one the player chose, -1 before that. */
  baseRank(): number {
    return this.layout.baseChosen ? P.chosenBase(this.position) : this.layout.baseRank;
  }
  /** RULES §10.17: the base is still to be chosen, so only the trunks' tops move. */
  private beforeBase(): boolean {
    return this.layout.baseChosen && P.chosenBase(this.position) < 0;
  }
  /** Whether `card` may go up now: it is next on its foundation, or under RULES §10.18 on either of its suit's two. */
  canGoToFoundation(card: number): boolean {
    return this.foundationNext(suitOf(card)) === card || (this.upDown && foundationDownNext(this.position, suitOf(card)) === card);
  }
  /** The moves that put `card`, from `source`, up: onto its foundation, or under RULES §10.18 onto each of its suit's two that takes it. */
  protected foundationPlays(out: EngineMoveList, count: number, source: number, card: number): number {
    if (this.foundationNext(suitOf(card)) === card) out[count++] = encodeMove(source, TARGET_FOUNDATION, 1, card);
    if (this.upDown && foundationDownNext(this.position, suitOf(card)) === card) out[count++] = encodeMove(source, TARGET_FOUNDATION_DOWN, 1, card);
    return count;
  }
  /** Cards left in the trunk, or in all the trunks (RULES §10.15). */
  trunkCount(): number {
    return P.trunkCount(this.position);
  }
  /** RULES §10.15: cards left in trunk `trunk` (0-based); the one trunk's count in every other game. */
  trunkCountOf(trunk: number): number {
    return this.compiled.trunks === 1 ? P.trunkCount(this.position) : P.trunkCountOf(this.position, trunk);
  }
  /** RULES §10.15: the deck index of trunk `trunk`'s bottom card (its cards lie above it, the top last). */
  trunkStart(trunk: number): number {
    return trunk * this.layout.trunkCards;
  }
  stockPointer(): number {
    return P.stockPointer(this.position);
  }
  redealsUsed(): number {
    return P.redealsUsed(this.position);
  }
  // the stock's readers (DecksGame reads RULES §10.19's places past 63)
  stockPlaceFilled(stockIndex: number): boolean {
    return P.stockPlaceFilled(this.position, stockIndex);
  }
  /** The first filled stock place at or after `index` (in the stock or the waste), or -1. */
  nextFilledStockPlace(index: number): number {
    return P.nextFilledFrom(this.position, index);
  }
  /** Stock places 32·index … 32·index+31 still filled (in the stock or the waste), a bit each: one word of them (several decks' too). */
  stockPlaceBits(index: number): number {
    return P.stockPlaceBits(this.position, index);
  }
  /** Stock index of the waste's top card, or -1 when the waste is empty. */
  wasteTopIndex(): number {
    return P.wasteTopIndex(this.position);
  }
  /** Stock index of the stock's top card, or -1 when the stock is empty. */
  stockTopIndex(): number {
    return P.stockTopIndex(this.position);
  }
  wasteTop(): number {
    const index = this.wasteTopIndex();
    return index < 0 ? NO_CARD : this.layout.stockCards[index];
  }
  stockTop(): number {
    const index = this.stockTopIndex();
    return index < 0 ? NO_CARD : this.layout.stockCards[index];
  }
  /** Cards in the stock (not yet turned this pass). */
  stockCount(): number {
    let count = 0;
    for (let i = this.stockPointer(); i < this.layout.stockLength; i++) if (this.stockPlaceFilled(i)) count++;
    return count;
  }
  wasteCount(): number {
    return P.wasteCardCount(this.position);
  }
  /** RULES §3.4: the trunk card that is face up and in play, or NO_CARD. */
  trunkCard(): number {
    return trunkCardInPlay(this.position, this.layout, this.compiled);
  }
  isWon(): boolean {
    return this.upDown ? P.isWonUpDown(this.position) : P.isWon(this.position);
  }
  foundationTotal(): number {
    return this.upDown ? P.foundationTotal(this.position) + P.downTotal(this.position) : P.foundationTotal(this.position);
  }

  /** RULES §10.5: whether `card` may be put straight onto `onto` on a wing. */
  goesOn(card: number, onto: number): boolean {
    const rules = this.compiled;
    // one deck: the card below in suit, round the corner, is one number (RULES §10.19's twins take the general reading below)
    if (this.suitRunsRound) return cardBelow(onto) === card;
    if (rules.build === BUILD_NONE) return false;
    if (rules.build === BUILD_EQUAL_RANK) return rankOf(card) === rankOf(onto) && card !== onto;
    if (rules.build === BUILD_SUIT_DOWN && suitOf(card) !== suitOf(onto)) return false;
    if (rules.build === BUILD_ALT_COLOUR_DOWN && isRed(suitOf(card)) === isRed(suitOf(onto))) return false;
    if (rules.wrapRound) return (rankOf(card) + 1) % RANK_COUNT === rankOf(onto);
    // wrap none: natural ranks, so nothing goes on an Ace
    if (rules.wrapNone) return rankOf(card) + 1 === rankOf(onto);
    // wrap base: ranks counted from the base, so nothing goes on a base-rank card
    const base = this.layout.baseRank;
    return rankFromBase(card, base) + 1 === rankFromBase(onto, base);
  }

  /** Can `count` cards whose deepest card is `card` land on this wing (RULES §3.5, §3.7, §10.3)? */
  canLandOnWing(card: number, count: number, wing: number, spaceAllowed: boolean): boolean {
    const height = this.wingHeight(wing);
    // RULES §10.3: a space the player fills may take one rank only (the trunk's own fill takes its top whatever it is)
    if (height === 0) return spaceAllowed && (this.trunkCount() === 0 || !this.compiled.trunkFillsAuto) && (this.compiled.spaceRank < 0 || rankOf(card) === this.compiled.spaceRank);
    if (!this.compiled.builds || height + count > this.compiled.maxWing) return false;
    return this.goesOn(card, this.wingCard(wing, 0));
  }

  /** RULES §10.4 `spaceBlock`: some wing in play is empty. */
  private someWingEmpty(): boolean {
    for (let wing = 0; wing < this.wings; wing++) if (this.wingHeight(wing) === 0) return true;
    return false;
  }

  /** RULES §10.8: cards per turn on this pass. */
  private turnSize(): number {
    return this.compiled.turnShrinks ? Math.max(1, 3 - this.redealsUsed()) : this.compiled.turn;
  }

  /** Stock index of the card a turn leaves on the waste's top (the last it turns), from the stock's top `stockIndex`. */
  private turnEnd(stockIndex: number): number {
    let index = stockIndex;
    for (let turned = 1, k = this.turnSize(); turned < k; turned++) {
      const next = this.nextFilledStockPlace(index + 1);
      if (next < 0) break;
      index = next;
    }
    return index;
  }

  // ---- legal moves ----

  /** Writes every legal move (RULES §3, §10) into `out`, returns how many. */
  legalMoves(out: EngineMoveList): number {
    let count = 0;
    if (this.isWon()) return 0;
    if (this.beforeBase()) return this.playsBeforeBase(out, 0);
    const rules = this.compiled;
    const wasteIndex = this.wasteTopIndex();
    const trunkCard = this.trunkCard();
    // RULES §10.4: while a wing is empty, spaceBlock stops every wing-to-wing and trunk-to-wing move
    const blocked = rules.spaceBlock && this.someWingEmpty();
    // the plays of stockPlays() among the others, in this order: the waste's to its foundation, to the wings, the stock's into a space
    count = this.wingFoundationPlays(out, count);
    count = this.wasteFoundationPlay(out, count, wasteIndex);
    if (rules.trunks > 1) count = this.trunksFoundationPlays(out, count);
    else if (trunkCard !== NO_CARD) count = this.foundationPlays(out, count, SOURCE_TRUNK, trunkCard);
    if (!blocked) count = this.wingToWingPlays(out, count);
    count = this.wasteWingPlays(out, count, wasteIndex);
    if (rules.trunks > 1) {
      if (!blocked) count = this.trunksToWingPlays(out, count);
    } else if (trunkCard !== NO_CARD && !blocked) count = this.trunkToWingPlays(out, count, trunkCard, SOURCE_TRUNK);
    if (rules.foundationBack) count = this.foundationBackPlays(out, count);
    count = this.stockSpacePlays(out, count);
    // last, the pass's step: a turn, or where the stock is empty the redeal (turnMove, redealMove)
    const turn = this.turnMove();
    const step = turn !== NO_MOVE ? turn : this.redealMove();
    if (step !== NO_MOVE) out[count++] = step;
    return count;
  }

  /**
   * The moves of the wings and the trunk alone, in legalMoves()' order: what no turn changes (a test
   * checks that they are legalMoves' moves from those sources). Writes them into `out` from `count`.
   */
  tableauPlays(out: EngineMoveList, count: number): number {
    if (this.isWon()) return count;
    if (this.beforeBase()) return this.playsBeforeBase(out, count);
    const rules = this.compiled;
    if (rules.wasteFillsAuto && this.trunkCount() === 0) return this.tableauPlaysKeepingWings(out, count);
    const trunkCard = this.trunkCard();
    const blocked = rules.spaceBlock && this.someWingEmpty();
    count = this.wingFoundationPlays(out, count);
    if (rules.trunks > 1) count = this.trunksFoundationPlays(out, count);
    else if (trunkCard !== NO_CARD) count = this.foundationPlays(out, count, SOURCE_TRUNK, trunkCard);
    if (!blocked) {
      count = this.wingToWingPlays(out, count);
      if (rules.trunks > 1) count = this.trunksToWingPlays(out, count);
      else if (trunkCard !== NO_CARD) count = this.trunkToWingPlays(out, count, trunkCard, SOURCE_TRUNK);
    }
    if (rules.foundationBack) count = this.foundationBackPlays(out, count);
    return count;
  }

  /**
   * RULES §10.3 `auto-waste` with every trunk empty: a move that leaves a wing empty fills it with the
   * waste's top, so what it does depends on the turns before it. tableauPlays() then keeps only the
   * wings' and foundations' moves that leave every wing holding cards, and stockPlays() lists the
   * others after each turn (the trunks are empty: no trunk move is left).
   */
  private tableauPlaysKeepingWings(out: EngineMoveList, count: number): number {
    count = this.wingPlaysThatEmpty(out, count, false);
    return this.compiled.foundationBack ? this.foundationBackPlays(out, count) : count;
  }

  /**
   * The wings' moves that leave a wing empty, under `auto-waste` with the trunks empty
   * (tableauPlaysKeepingWings). None while the waste is empty and the stock is not: the stock's top
   * would fill the space, which is what the same move does after one turn (listed there), with the
   * stock and waste alike but for the pointer's place among empty ones; PySolFC, which turns whenever
   * its waste is empty, has only that one.
   */
  private wingEmptyingPlays(out: EngineMoveList, count: number): number {
    if (this.wasteTopIndex() < 0 && this.stockTopIndex() >= 0) return count;
    return this.wingPlaysThatEmpty(out, count, true);
  }

  /** The wings' foundation plays and moves onto wings, in legalMoves' order, that empty a wing (`empty`) or that leave every wing holding cards. */
  private wingPlaysThatEmpty(out: EngineMoveList, count: number, empty: boolean): number {
    const first = count;
    count = this.wingFoundationPlays(out, count);
    if (!(this.compiled.spaceBlock && this.someWingEmpty())) count = this.wingToWingPlays(out, count);
    let kept = first;
    for (let i = first; i < count; i++) if (this.emptiesWing(out[i]) === empty) out[kept++] = out[i];
    return kept;
  }

  /** Whether a move from a wing takes its last card (a wing with dealt cards under its run never empties: none of these games has them). */
  private emptiesWing(move: EngineMove): boolean {
    const source = moveSource(move);
    return isWing(source) && moveCount(move) === this.wingHeight(source) && this.dealtUnder(source) === 0;
  }

  /**
   * RULES §10.17, before the base is chosen: each trunk's top up (any rank: the first card up sets the
   * base) or onto a wing; no wing card moves and the stock is not turned (PySolFC's Glenwood_RowStack
   * and Glenwood_Talon). No wing is empty then: none has lost a card.
   */
  private playsBeforeBase(out: EngineMoveList, count: number): number {
    for (let trunk = 0; trunk < this.compiled.trunks; trunk++) {
      const card = this.trunkCardOf(trunk);
      if (card !== NO_CARD) out[count++] = encodeMove(trunkSource(this.compiled.trunks, trunk), TARGET_FOUNDATION, 1, card);
    }
    for (let trunk = 0; trunk < this.compiled.trunks; trunk++) {
      const card = this.trunkCardOf(trunk);
      if (card !== NO_CARD) count = this.trunkToWingPlays(out, count, card, trunkSource(this.compiled.trunks, trunk));
    }
    return count;
  }

  /** RULES §10.15: the card in play of trunk `trunk` (0-based), or NO_CARD. */
  trunkCardOf(trunk: number): number {
    return this.compiled.trunks === 1 ? this.trunkCard() : P.trunkTopOf(this.position, this.layout, trunk);
  }

  /** RULES §10.15: each trunk's top that can go up, trunk by trunk. */
  private trunksFoundationPlays(out: EngineMoveList, count: number): number {
    for (let trunk = 0; trunk < this.compiled.trunks; trunk++) {
      const card = P.trunkTopOf(this.position, this.layout, trunk);
      if (card !== NO_CARD && this.canGoToFoundation(card)) out[count++] = encodeMove(SOURCE_TRUNKS + trunk, TARGET_FOUNDATION, 1, card);
    }
    return count;
  }

  /** RULES §10.15: each trunk's top onto the wings, trunk by trunk. */
  private trunksToWingPlays(out: EngineMoveList, count: number): number {
    for (let trunk = 0; trunk < this.compiled.trunks; trunk++) {
      const card = P.trunkTopOf(this.position, this.layout, trunk);
      if (card !== NO_CARD) count = this.trunkToWingPlays(out, count, card, SOURCE_TRUNKS + trunk);
    }
    return count;
  }

  /**
   * RULES §10.16: the top card of a foundation (suits in order) onto each wing it lands on: a build, or
   * a space where spaceFrom lists the foundations. Under RULES §10.18 the top of each of a suit's two
   * (up, then down), and, where the two hold the whole suit, each top onto the other foundation.
   */
  private foundationBackPlays(out: EngineMoveList, count: number): number {
    for (let suit = 0; suit < 4; suit++) {
      count = this.foundationCardPlays(out, count, this.foundationTop(suit));
      if (!this.upDown) continue;
      const down = this.foundationDownTop(suit);
      count = this.foundationCardPlays(out, count, down);
      if (P.foundationHeight(this.position, suit) + P.downHeight(this.position, suit) !== RANK_COUNT) continue;
      const up = this.foundationTop(suit);
      if (up !== NO_CARD) out[count++] = encodeMove(SOURCE_FOUNDATION, TARGET_FOUNDATION_DOWN, 1, up);
      if (down !== NO_CARD) out[count++] = encodeMove(SOURCE_FOUNDATION, TARGET_FOUNDATION, 1, down);
    }
    return count;
  }

  /** A foundation's top `card` (NO_CARD: none) onto each wing it lands on. */
  private foundationCardPlays(out: EngineMoveList, count: number, card: number): number {
    if (card === NO_CARD) return count;
    const fromFoundations = this.compiled.spaceFromFoundations;
    for (let to = 0; to < this.wings; to++) if (this.canLandOnWing(card, 1, to, fromFoundations)) out[count++] = encodeMove(SOURCE_FOUNDATION, to, 1, card);
    return count;
  }

  /** RULES §10.19: the top card (its first deck's number) of foundation `copy` of this suit (highest first), or NO_CARD when it is empty. */
  foundationTopOf(suit: number, copy: number): number {
    const height = P.foundationHeightOf(this.position, suit, copy);
    return height === 0 ? NO_CARD : suit * RANK_COUNT + ((this.layout.baseRank + height - 1) % RANK_COUNT);
  }
  /** The top card of this suit's foundation (under RULES §10.18 the one up from the Ace; §10.19 the highest of its suit's), or NO_CARD when it is empty. */
  foundationTop(suit: number): number {
    const height = P.foundationHeight(this.position, suit);
    return height === 0 ? NO_CARD : suit * RANK_COUNT + ((this.baseRank() + height - 1) % RANK_COUNT);
  }
  /** RULES §10.18 `four-of-a-rank`: the ranks whose four cards are up, bit r for rank r (A = 0); 0 under other foundations. */
  ranksUp(): number {
    return this.fourOfARank ? P.ranksUp(this.position) : 0;
  }
  /** The cards on this suit's foundation, bottom first (RULES §10.18 four-of-a-rank: its cards of the ranks up, in rank order: their order is not kept). */
  foundationCards(suit: number): number[] {
    const cards: number[] = [];
    if (this.fourOfARank) {
      for (let rank = 0; rank < RANK_COUNT; rank++) if ((P.ranksUp(this.position) >> rank) & 1) cards.push(suit * RANK_COUNT + rank);
    } else {
      for (let height = 0; height < this.foundationHeight(suit); height++) cards.push(suit * RANK_COUNT + ((this.baseRank() + height) % RANK_COUNT));
    }
    return cards;
  }
  /** RULES §10.19: the cards (their first deck's numbers) on foundation `copy` of this suit (highest first), bottom first. */
  foundationCardsOf(suit: number, copy: number): number[] {
    const cards: number[] = [];
    for (let height = 0; height < P.foundationHeightOf(this.position, suit, copy); height++) cards.push(suit * RANK_COUNT + ((this.layout.baseRank + height) % RANK_COUNT));
    return cards;
  }
  /** RULES §10.18: the cards on this suit's foundation down from the King, bottom (the King) first; none under other foundations. */
  foundationDownCards(suit: number): number[] {
    const top = this.foundationDownTop(suit);
    const cards: number[] = [];
    if (top !== NO_CARD) for (let card = suit * RANK_COUNT + RANK_COUNT - 1; card >= top; card--) cards.push(card);
    return cards;
  }
  /** RULES §10.18: the top card of this suit's foundation down from the King, or NO_CARD when it is empty (or the rules have none). */
  foundationDownTop(suit: number): number {
    const height = this.upDown ? P.downHeight(this.position, suit) : 0;
    return height === 0 ? NO_CARD : suit * RANK_COUNT + RANK_COUNT - height;
  }

  /** The card under `card`, which lies on a wing and is not its bottom card. */
  cardUnderOnWing(card: number): number {
    return this.linked ? P.cardUnder(this.position, card) : cardRanksAbove(card, 1);
  }
  /** Whether the wings keep links (alternate colours, any suit, equal ranks: position.ts), so that linkedCardUnder reads any card. */
  wingsLinked(): boolean {
    return this.linked;
  }
  /** Linked wings only: the card under `card` where it lies on a wing over another, else NO_CARD (a wing's bottom card, or a card off the wings, which keeps no link). */
  linkedCardUnder(card: number): number {
    return P.cardUnder(this.position, card);
  }

  /** Each wing's top card that can go up (RULES §10.18 four of a rank: each wing's four, all it can hold). */
  private wingFoundationPlays(out: EngineMoveList, count: number): number {
    if (this.fourOfARank) {
      for (let wing = 0; wing < this.wings; wing++) if (this.wingHeight(wing) === 4) out[count++] = encodeMove(wing, TARGET_FOUNDATION, 4, this.wingCard(wing, 3));
      return count;
    }
    for (let wing = 0; wing < this.wings; wing++) {
      if (this.wingHeight(wing) > 0) count = this.foundationPlays(out, count, wing, this.wingCard(wing, 0));
    }
    return count;
  }

  /** Wing to wing: builds, and space fills where spaceFrom lists wings (not while spaceBlock blocks them). */
  private wingToWingPlays(out: EngineMoveList, count: number): number {
    const rules = this.compiled;
    const wings = this.wings;
    if (!rules.builds && !rules.spaceFromWings) return count;
    // linkedBuilds reads runs down in rank: equal-rank wings (RULES §10.5) take the loop below
    if (this.linked && rules.build !== BUILD_EQUAL_RANK && !(rules.spaceFromWings && this.spaceFillable())) return this.linkedBuilds(out, count);
    for (let from = 0; from < wings; from++) {
      const height = this.wingHeight(from);
      if (height === 0) continue;
      const smallest = firstGroupSize(rules.wingMoves, height);
      // the group's deepest card, walked down one card a size (not read from the top each time: linked wings are lists)
      let deepest = this.wingCard(from, smallest - 1);
      for (let size = smallest, last = smallest; size <= height; last = size, size = nextGroupSize(rules.wingMoves, size, height)) {
        if (size !== smallest) deepest = size === last + 1 ? this.cardUnderOnWing(deepest) : this.wingCard(from, size - 1);
        // sv-partial: part of the run goes onto a wing only when the card it uncovers can go up
        const partialOk = rules.wingMoves !== WING_MOVES_SV_PARTIAL || size === height || this.canGoToFoundation(this.cardUnderOnWing(deepest));
        for (let to = 0; to < wings; to++) {
          if (to === from || (!partialOk && this.wingHeight(to) > 0)) continue;
          if (this.canLandOnWing(deepest, size, to, rules.spaceFromWings)) out[count++] = encodeMove(from, to, size, deepest);
        }
      }
    }
    return count;
  }

  /** Whether some wing is empty and a player may fill it now (not while the trunk fills spaces itself). */
  protected spaceFillable(): boolean {
    return this.someWingEmpty() && (this.trunkCount() === 0 || !this.compiled.trunkFillsAuto);
  }

  /**
   * wingToWingPlays for linked wings when no space takes a wing's cards: only builds, in the same order
   * (sizes up, then target wings up). A linked wing is one run (RULES §10.5), so the one card of a wing
   * that could go on another wing's top T lies as many places down as its rank is below T's rank less
   * one: each pair of wings is read once, not each size against each target.
   */
  private linkedBuilds(out: EngineMoveList, count: number): number {
    const rules = this.compiled;
    const wings = this.wings;
    for (let from = 0; from < wings; from++) {
      const height = this.wingHeight(from);
      if (height === 0) continue;
      const top = this.wingCard(from, 0);
      const first = count;
      for (let to = 0; to < wings; to++) {
        if (to === from || this.wingHeight(to) === 0) continue;
        const onto = this.wingCard(to, 0);
        // a card going on `onto` has the rank below it: that many places under this wing's top (and 13 more, round the corner)
        // the wing is walked down only as far as a group that may leave: under single, whole and single-or-whole moves
        // (rules.ts groupMayLeave) the cards between the top and the deepest are not read
        let deepest = top;
        let walked = 0;
        for (let depth = (rankOf(onto) + 2 * RANK_COUNT - 1 - rankOf(top)) % RANK_COUNT; depth < height; depth += RANK_COUNT) {
          const size = depth + 1;
          if (!groupMayLeave(rules.wingMoves, size, height)) continue;
          for (; walked < depth; walked++) deepest = P.cardUnder(this.position, deepest);
          // sv-partial: part of the run goes onto a wing only when the card it uncovers can go up
          if (rules.wingMoves === WING_MOVES_SV_PARTIAL && size < height && !this.canGoToFoundation(P.cardUnder(this.position, deepest))) continue;
          if (!this.canLandOnWing(deepest, size, to, rules.spaceFromWings)) continue;
          count = insertBySize(out, first, count, encodeMove(from, to, size, deepest));
        }
      }
    }
    return count;
  }

  /** A trunk's top (from move source `source`) onto a wing: a build, or a space fill where spaceFrom lists the trunk (not while spaceBlock blocks it). */
  private trunkToWingPlays(out: EngineMoveList, count: number, trunkCard: number, source: number): number {
    const rules = this.compiled;
    if (!rules.trunkBuilds && !rules.spaceFromTrunk) return count;
    for (let to = 0; to < this.wings; to++) {
      const lands = this.wingHeight(to) > 0 ? rules.trunkBuilds && this.canLandOnWing(trunkCard, 1, to, false) : this.canLandOnWing(trunkCard, 1, to, rules.spaceFromTrunk);
      if (lands) out[count++] = encodeMove(source, to, 1, trunkCard);
    }
    return count;
  }

  /**
   * Marks with `stamp` every card that stockPlays() would play if it were the waste's top now: its
   * suit's next foundation card, and each card that goes on a wing's top. Returns true instead when a
   * space takes the waste's or the stock's card, so that every turn may have plays. A search turning
   * through a pass calls stockPlays() only where the waste's top is marked (solver/family/search.ts); a test
   * checks the marks against stockPlays().
   */
  markWastePlays(marks: Int32Array, stamp: number): boolean {
    const rules = this.compiled;
    if ((rules.spaceFromWaste || rules.spaceFromStock) && this.spaceFillable()) return true;
    // auto-waste with the trunks empty: a wing emptied after any turn takes that turn's card (tableauPlaysKeepingWings)
    if (rules.wasteFillsAuto && this.trunkCount() === 0) return true;
    this.markFoundationNexts(marks, stamp);
    if (!rules.builds) return false;
    for (let wing = 0; wing < this.wings; wing++) {
      const height = this.wingHeight(wing);
      if (height === 0 || height + 1 > rules.maxWing) continue;
      const at = this.wingCard(wing, 0) * 4;
      for (let i = at; i < at + 4 && this.cardsOnto[i] !== NO_CARD; i++) this.markCard(marks, this.cardsOnto[i], stamp);
    }
    return false;
  }

  /** markWastePlays' marks of each suit's next foundation card (up, and under RULES §10.18 down). */
  protected markFoundationNexts(marks: Int32Array, stamp: number): void {
    for (let suit = 0; suit < 4; suit++) {
      const next = this.foundationNext(suit);
      if (next !== NO_CARD) marks[next] = stamp;
      const down = this.foundationDownNext(suit);
      if (down !== NO_CARD) marks[down] = stamp;
    }
  }
  /** markWastePlays' mark of one card. */
  protected markCard(marks: Int32Array, card: number, stamp: number): void {
    marks[card] = stamp;
  }

  /**
   * The dealtJoins table. A dealt card turned up at index u-1 heads a run with the dealt card under it
   * when that one lies face up and the turned card goes on it: both face up and in sequence, they are a
   * group that may move (PySolFC's sequence stacks move any face-up sequence from the top).
   */
  private listDealtJoins(): Uint8Array {
    const table = new Uint8Array(WING_COUNT * 4);
    const layout = this.layout;
    for (let wing = 0; wing < this.wings; wing++) {
      for (let under = 2; under < layout.wingCards; under++) {
        if (dealtFaceUp(layout, under - 2) && this.goesOn(dealtCard(layout, wing, under - 1), dealtCard(layout, wing, under - 2))) table[wing * 4 + under] = 1;
      }
    }
    return table;
  }

  /** RULES §10.14: the wing's dealt cards still under its run. */
  dealtUnder(wing: number): number {
    return P.dealtUnder(this.position, wing);
  }

  /** The cardsOnto table: each card's goesOn cards (one rank below it, or under RULES §10.5 equal-rank its own, so one of each suit at most; RULES §10.19: by each card number, the cards named by their first deck's). */
  private listCardsOnto(): Int8Array {
    const table = new Int8Array(this.layout.deck.length * 4).fill(NO_CARD);
    for (let onto = 0; onto < this.layout.deck.length; onto++) {
      let at = onto * 4;
      const below = this.compiled.build === BUILD_EQUAL_RANK ? rankOf(onto) : (rankOf(onto) + RANK_COUNT - 1) % RANK_COUNT;
      for (let suit = 0; suit < 4; suit++) if (this.goesOn(suit * RANK_COUNT + below, onto)) table[at++] = suit * RANK_COUNT + below;
    }
    return table;
  }

  /**
   * The plays of the waste's top (to its foundation, onto a wing or into a space) and of the stock's
   * top into a space: what a turn changes. legalMoves() lists the same plays, written once below, among
   * the others; the family search plays them after each turn of a pass (solver/family/generate.ts).
   * Writes them into `out` from `count`; returns the new count.
   */
  stockPlays(out: EngineMoveList, count: number): number {
    const wasteIndex = this.wasteTopIndex();
    count = this.wasteFoundationPlay(out, count, wasteIndex);
    count = this.wasteWingPlays(out, count, wasteIndex);
    if (this.compiled.wasteFillsAuto && this.trunkCount() === 0) count = this.wingEmptyingPlays(out, count);
    return this.stockSpacePlays(out, count);
  }

  /** The waste's top (at stock place `wasteIndex`, -1: an empty waste) to its foundation. */
  private wasteFoundationPlay(out: EngineMoveList, count: number, wasteIndex: number): number {
    if (wasteIndex < 0) return count;
    return this.foundationPlays(out, count, SOURCE_WASTE, this.layout.stockCards[wasteIndex]);
  }

  /** The waste's top (at stock place `wasteIndex`) onto each wing it lands on: a build, or a space where spaceFrom lists the waste. */
  private wasteWingPlays(out: EngineMoveList, count: number, wasteIndex: number): number {
    if (wasteIndex < 0) return count;
    const waste = this.layout.stockCards[wasteIndex];
    // RULES §10.3 --space-waste trunk-empty: into a space only once every trunk is empty
    const fromWaste = this.compiled.spaceFromWaste && (!this.compiled.spaceWasteTrunkEmpty || this.trunkCount() === 0);
    for (let to = 0; to < this.wings; to++) {
      if (this.canLandOnWing(waste, 1, to, fromWaste)) out[count++] = encodeMove(SOURCE_WASTE, to, 1, waste);
    }
    return count;
  }

  /** The stock's top into each space, where spaceFrom lists the stock and the trunk does not fill spaces itself. */
  private stockSpacePlays(out: EngineMoveList, count: number): number {
    const rules = this.compiled;
    const stockIndex = this.stockTopIndex();
    if (stockIndex < 0 || !rules.spaceFromStock || (this.trunkCount() > 0 && rules.trunkFillsAuto)) return count;
    const stockCard = this.layout.stockCards[stockIndex];
    for (let to = 0; to < this.wings; to++) {
      if (this.wingHeight(to) === 0) out[count++] = encodeMove(SOURCE_STOCK, to, 1, stockCard);
    }
    return count;
  }

  /** The stock place of the card a turn leaves on the waste's top (the last it turns: turnMove()'s card), or -1 when the stock is empty. */
  turnEndPlace(): number {
    // RULES §10.17: no turn before the base is chosen
    if (this.beforeBase()) return -1;
    const stockIndex = this.stockTopIndex();
    return stockIndex < 0 ? -1 : this.turnEnd(stockIndex);
  }

  /** The `T` that legalMoves() lists, or NO_MOVE when the stock is empty. */
  turnMove(): EngineMove {
    // a turn names the card it leaves on the waste's top (RULES §10.10)
    const end = this.turnEndPlace();
    return end < 0 ? NO_MOVE : encodeMove(SOURCE_TURN, TARGET_NONE, 1, this.layout.stockCards[end]);
  }

  /** The `R` that legalMoves() lists, or NO_MOVE when it is not legal. */
  redealMove(): EngineMove {
    return this.stockTopIndex() < 0 && this.wasteTopIndex() >= 0 && this.redealsUsed() < this.compiled.redeals
      ? encodeMove(SOURCE_REDEAL, TARGET_NONE, 1, NO_CARD)
      : NO_MOVE;
  }

  /** Copies the position into `words` from `start` (a search's own stack of positions; nothing is allocated). */
  storeWords(words: Int32Array, start: number): void {
    words.set(this.position, start);
  }
  /** Sets the position to the words stored at `start` by storeWords() of a game with the same rules; forgets the undo history. */
  loadWords(words: Int32Array, start: number): void {
    const position = this.position;
    for (let i = 0; i < position.length; i++) position[i] = words[start + i];
    this.historyDepth = 0;
  }
  /** The position's words, for reading only (keys): the search must not keep or change them. */
  positionWords(): P.Position {
    return this.position;
  }

  // ---- changing the position ----

  /** Saves the position so that undo() can bring it back. */
  save(): void {
    const words = this.position.length;
    if ((this.historyDepth + 1) * words > this.history.length) {
      const bigger = new Int32Array(this.history.length * 2);
      bigger.set(this.history);
      this.history = bigger;
    }
    this.history.set(this.position, this.historyDepth * words);
    this.historyDepth++;
  }
  undo(): void {
    if (this.historyDepth === 0) throw new Error('nothing to undo');
    this.historyDepth--;
    const words = this.position.length;
    const start = this.historyDepth * words;
    this.position.set(this.history.subarray(start, start + words));
  }

  /** The card of stock place `index` leaves the stock or waste. */
  protected removeStockPlace(index: number): void {
    P.removeStockPlace(this.position, index);
  }
  /** `card` goes up onto its suit's foundation (the one up from the base). */
  protected raiseFoundation(card: number): void {
    P.raiseFoundation(this.position, suitOf(card));
  }

  /** Applies a move from legalMoves() (it is not checked), then the forced trunk fills. */
  apply(move: EngineMove): void {
    this.save();
    this.applyUnsaved(move);
  }

  /** apply() without saving for undo. */
  applyUnsaved(move: EngineMove): void {
    this.playOnly(move);
    if (this.compiled.wasteFillsAuto) this.fillEmptied();
    else if (this.compiled.trunkFillsAuto) this.fillFromTrunk(this.position, this.layout);
  }

  /**
   * RULES §10.3 `auto-waste` (PySolFC's Gate.fillStack, asked of the wing a move leaves): the wing the
   * move left empty takes the fullest trunk's top, or once every trunk is empty the waste's top; a
   * space nothing fills then stays until the player fills it. The wing filled, or -1.
   */
  private fillEmptied(): number {
    const wing = this.emptied;
    this.emptied = -1;
    if (wing < 0 || this.wingHeight(wing) !== 0) return -1;
    if (P.trunkCount(this.position) > 0) return this.fillOneFromTrunk(this.position, this.layout, wing);
    return P.fillFromWaste(this.position, this.layout, wing) ? wing : -1;
  }

  /**
   * The move alone, before the trunk fills it forces: a position shown to a player for a moment only.
   * apply() is playOnly() and then fillNext() until it returns -1.
   */
  playOnly(move: EngineMove): void {
    const source = moveSource(move);
    const target = moveTarget(move);
    const count = moveCount(move);
    const position = this.position;
    if (source === SOURCE_TURN) {
      P.turnTo(position, this.turnEnd(this.stockTopIndex()) + 1);
      return;
    }
    if (source === SOURCE_REDEAL) {
      this.redealStock();
      return;
    }
    let card: number;
    let top = NO_CARD;
    this.emptied = -1;
    if (isWing(source)) {
      card = this.wingCard(source, count - 1);
      if (this.fourOfARank && target === TARGET_FOUNDATION) {
        // RULES §10.18: the four go up and keep no links among themselves (one at a time, each link cleared)
        for (let i = 0; i < count; i++) P.takeFromLinkedWing(position, source, 1);
      } else if (this.linked) {
        top = this.wingTop(source);
        this.takeFromLinkedWing(position, source, count);
      } else {
        this.takeFromWing(position, source, count);
      }
      // RULES §10.14: a run gone whole from dealt cards turns the next one up
      if (this.dealtUnderRuns && this.wingHeight(source) === 0) {
        const under = P.dealtUnder(position, source);
        if (under > 0) P.turnDealtCard(position, this.layout, source, this.dealtJoins[source * 4 + under] === 1, this.linked);
      }
      if (this.wingHeight(source) === 0) this.emptied = source;
    } else if (source === SOURCE_WASTE || source === SOURCE_STOCK) {
      const index = source === SOURCE_WASTE ? this.wasteTopIndex() : this.stockTopIndex();
      card = this.layout.stockCards[index];
      this.removeStockPlace(index);
    } else if (source === SOURCE_TRUNK) {
      card = this.trunkCard();
      P.takeTrunkCard(position);
      if (target === TARGET_FOUNDATION && this.beforeBase()) P.chooseBase(position, rankOf(card));
    } else if (source === SOURCE_FOUNDATION) {
      card = moveCard(move);
      // RULES §10.18: the card names its foundation, the one of its suit's two it tops
      if (this.upDown && this.foundationDownTop(suitOf(card)) === card) P.lowerDown(position, suitOf(card));
      else P.lowerFoundation(position, suitOf(card));
    } else {
      const trunk = source - SOURCE_TRUNKS;
      card = P.trunkTopOf(position, this.layout, trunk);
      P.takeTrunkCardFrom(position, trunk);
      // RULES §10.17: the first card up, from a trunk, sets the base
      if (target === TARGET_FOUNDATION && this.beforeBase()) P.chooseBase(position, rankOf(card));
    }
    if (target === TARGET_FOUNDATION) {
      if (this.fourOfARank) P.raiseFourOfARank(position, rankOf(card));
      else this.raiseFoundation(card);
    }
    else if (target === TARGET_FOUNDATION_DOWN) P.raiseDown(position, suitOf(card));
    else if (this.linked) this.placeOnLinkedWing(position, target, card, top === NO_CARD ? card : top, count);
    else this.placeOnWing(position, target, card, count);
  }

  /**
   * RULES §3.6: the waste becomes the stock again (under unlimited redeals the count stops at the passes
   * that still change the turn). The redeal alone, made in place (it empties no wing, so no trunk fill
   * follows): redealMove()'s, once it is legal (pass.ts walks a pass with it).
   */
  redealStock(): void {
    if (this.compiled.redeals === UNLIMITED_REDEALS) P.redealUnlimited(this.position, this.compiled.turnShrinks ? 2 : 0);
    else P.redeal(this.position);
  }

  /** The next forced trunk fill (RULES §3.3) after playOnly(): the wing it filled, or -1 when none is due. */
  fillNext(): number {
    if (this.compiled.wasteFillsAuto) return this.fillEmptied();
    return this.compiled.trunkFillsAuto ? this.fillOneFromTrunk(this.position, this.layout, 0) : -1;
  }

  /** The legal move that is this RULES §5 move (its card, if named, not compared, but for a foundation's card coming back: it names the foundation), or NO_MOVE. */
  legalMoveFor(move: Move): EngineMove {
    const withCard = move.source === 'F';
    const wanted = formatMove(move, withCard);
    const moves = newEngineMoveList();
    const count = this.legalMoves(moves);
    for (let i = 0; i < count; i++) if (formatMove(toNotation(moves[i]), withCard) === wanted) return moves[i];
    return NO_MOVE;
  }
}

/**
 * A game of two to four decks (RULES §10.19): Game with twins and n foundations a suit. Its stock has places
 * past 63 (position.ts's decks… readers), a card goes onto any of its suit's foundations it is next on (one
 * move: they are alike), and a wing may not grow past a move's count field. Game's constructor makes one
 * wherever the rules have several decks, so one deck's readers and plays stay as they were, not asked
 * at every call how many decks there are.
 */
class DecksGame extends Game {
  /** RULES §10.1: a position of several decks may keep wings past the eighth (position.ts decksWingWord). */
  override wingHeight(wing: number): number {
    return P.decksWingHeight(this.position, wing);
  }
  override wingTop(wing: number): number {
    return P.decksWingTop(this.position, wing);
  }
  override wingCard(wing: number, depth: number): number {
    return this.linked ? P.decksLinkedWingCard(this.position, wing, depth) : P.decksWingCard(this.position, wing, depth);
  }

  override stockPlaceFilled(stockIndex: number): boolean {
    return P.decksStockPlaceFilled(this.position, stockIndex);
  }
  override nextFilledStockPlace(index: number): number {
    return P.decksNextFilledFrom(this.position, index);
  }
  override wasteTopIndex(): number {
    return P.decksWasteTopIndex(this.position);
  }
  override stockTopIndex(): number {
    return P.decksStockTopIndex(this.position);
  }
  override wasteCount(): number {
    return P.decksWasteCardCount(this.position);
  }
  override isWon(): boolean {
    return P.isWonDecks(this.position, this.decks);
  }
  override foundationTotal(): number {
    return P.decksFoundationTotal(this.position, this.decks);
  }
  /** The next card of the suit's highest foundation still short of 13 (each foundation's: foundationNextOf). */
  override foundationNext(suit: number): number {
    for (let copy = 0; copy < this.decks; copy++) if (P.foundationHeightOf(this.position, suit, copy) < RANK_COUNT) return this.foundationNextOf(suit, copy);
    return NO_CARD;
  }
  override canGoToFoundation(card: number): boolean {
    return this.foundationCopyFor(card) >= 0;
  }
  /** The suit's lowest foundation: the last, as they are kept highest first. */
  override lowestFoundationHeight(suit: number): number {
    return P.foundationHeightOf(this.position, suit, this.decks - 1);
  }
  override lowestFoundationNext(suit: number): number {
    return this.foundationNextOf(suit, this.decks - 1);
  }
  override goesOnLowestFoundation(card: number): boolean {
    return P.foundationHeightOf(this.position, suitOf(card), this.decks - 1) === rankFromBase(card, this.layout.baseRank);
  }
  /**
   * RULES §10.19: the foundation of `card`'s suit that takes it (the first of those that do: they are
   * alike), or -1. A suit's foundations are kept highest first, so raising the first of a height keeps them so.
   */
  protected foundationCopyFor(card: number): number {
    const suit = suitOf(card);
    const height = rankFromBase(card, this.layout.baseRank);
    for (let copy = 0; copy < this.decks; copy++) if (P.foundationHeightOf(this.position, suit, copy) === height) return copy;
    return -1;
  }
  /** One move, whichever of the suit's foundations that take it (they are alike) it goes onto. */
  protected override foundationPlays(out: EngineMoveList, count: number, source: number, card: number): number {
    if (this.foundationCopyFor(card) < 0) return count;
    out[count] = encodeMove(source, TARGET_FOUNDATION, 1, card);
    return count + 1;
  }
  /** Each foundation's next card, in every deck's copy. */
  protected override markFoundationNexts(marks: Int32Array, stamp: number): void {
    for (let suit = 0; suit < 4; suit++) {
      for (let copy = 0; copy < this.decks; copy++) {
        const next = this.foundationNextOf(suit, copy);
        if (next !== NO_CARD) this.markCard(marks, next, stamp);
      }
    }
  }
  /** A card and its twins. */
  protected override markCard(marks: Int32Array, card: number, stamp: number): void {
    for (let twin = card; twin < this.deck.length; twin += CARD_COUNT) marks[twin] = stamp;
  }
  protected override removeStockPlace(index: number): void {
    P.decksRemoveStockPlace(this.position, index);
  }
  protected override raiseFoundation(card: number): void {
    P.raiseFoundationOf(this.position, suitOf(card), this.foundationCopyFor(card));
  }
  override playOnly(move: EngineMove): void {
    super.playOnly(move);
    const target = moveTarget(move);
    if (isWing(target) && this.wingHeight(target) > MAX_MOVE_COUNT) wingTooHigh(this.wingHeight(target));
  }
}

/**
 * RULES §10.20, foundations by rank in any suit, the first full first (PySolFC's The Plot): 4·n foundations,
 * each up from the base in any suit; the deal's base card starts foundation 0, which alone takes cards
 * until it holds 13, and then a base-rank card starts any empty one. Which cards went up the position does
 * not keep (a card up is one nowhere else): only each foundation's height, which is all a rule asks.
 * Foundations 1 … are kept highest first, as a suit's are in DecksGame, so that which of two of a height a
 * card went onto is never told apart. A space takes only a base-rank card until foundation 0 is full
 * (`--space-rank base-first`).
 */
class RankFoundationsGame extends DecksGame {
  /** `--space-rank base-first`: read once (canLandOnWing asks it at every space). */
  private readonly baseFirst = this.rules.spaceRank === 'base-first';
  override reset(): void {
    super.reset();
    P.startFirstRankFoundation(this.position);
  }
  /** The foundation that takes `card` (the first of a height: they are alike), or -1. */
  protected override foundationCopyFor(card: number): number {
    const height = rankFromBase(card, this.layout.baseRank);
    if (!this.firstFull()) return P.rankFoundationHeight(this.position, 0) === height ? 0 : -1;
    for (let foundation = 1; foundation < 4 * this.decks; foundation++) if (P.rankFoundationHeight(this.position, foundation) === height) return foundation;
    return -1;
  }
  protected override raiseFoundation(card: number): void {
    P.raiseRankFoundation(this.position, this.foundationCopyFor(card));
  }
  /** Foundation 0 holds 13 cards: the others may start. */
  private firstFull(): boolean {
    return P.rankFoundationHeight(this.position, 0) === RANK_COUNT;
  }
  /** The rank each foundation takes next, as the base-rank-relative heights the foundations stand at (bit h: some foundation takes the card of height h). */
  private heightsTaken(): number {
    if (!this.firstFull()) return 1 << P.rankFoundationHeight(this.position, 0);
    let taken = 0;
    for (let foundation = 1; foundation < 4 * this.decks; foundation++) taken |= 1 << P.rankFoundationHeight(this.position, foundation);
    return taken & ((1 << RANK_COUNT) - 1);
  }
  /** No suit has a foundation of its own: every card of each rank a foundation takes next, every deck's copy. */
  protected override markFoundationNexts(marks: Int32Array, stamp: number): void {
    const taken = this.heightsTaken();
    for (let height = 0; height < RANK_COUNT; height++) {
      if (((taken >> height) & 1) === 0) continue;
      const rank = (this.layout.baseRank + height) % RANK_COUNT;
      for (let suit = 0; suit < 4; suit++) this.markCard(marks, suit * RANK_COUNT + rank, stamp);
    }
  }
  /** RULES §10.20 `--space-rank base-first`: until foundation 0 is full, a space takes a base-rank card only. */
  override canLandOnWing(card: number, count: number, wing: number, spaceAllowed: boolean): boolean {
    if (this.baseFirst && this.wingHeight(wing) === 0 && !this.firstFull() && rankOf(card) !== this.layout.baseRank) return false;
    return super.canLandOnWing(card, count, wing, spaceAllowed);
  }
  /** No suit's foundation: every suit's next card is none (rank foundations are read with rankFoundationHeight). */
  override foundationNext(_suit: number): number {
    return NO_CARD;
  }
}

/** Number of distinct legal move sequences of exactly `depth` moves (perft). */
export function perft(game: Game, depth: number): number {
  if (depth === 0) return 1;
  const moves = newEngineMoveList();
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
export function divide(game: Game, depth: number): Map<EngineMove, number> {
  const result = new Map<EngineMove, number>();
  const moves = newEngineMoveList();
  const count = game.legalMoves(moves);
  for (let i = 0; i < count; i++) {
    game.apply(moves[i]);
    result.set(moves[i], perft(game, depth - 1));
    game.undo();
  }
  return result;
}
