// Thoughtful solver: iterative depth-first search over compound moves with a transposition table -> won / lost / unknown.
import { cardBelow, NO_CARD, RANK_COUNT, rankOf, suitOf } from '../cards.js';
import type { Deck } from '../deal.js';
import {
  COUNTS_WORD,
  encodeMove,
  FOUNDATION_BITS,
  FOUNDATION_MASK,
  FOUNDATION_WORD,
  Game,
  POINTER_MASK,
  POINTER_SHIFT,
  PASSES_MASK,
  PASSES_SHIFT,
  SOURCE_REDEAL,
  SOURCE_STOCK,
  SOURCE_TRUNK,
  SOURCE_TURN,
  SOURCE_WASTE,
  TARGET_FOUNDATION,
  TARGET_NONE,
  toNotation,
  TRUNK_MASK,
  WING_CARD_MASK,
  WING_COUNT,
  WING_HEIGHT_MASK,
  WING_HEIGHT_SHIFT,
} from '../engine.js';
import type { Move } from '../notation.js';
import { wingsBuild, type RuleSet } from '../rules.js';
import { KEY_WORDS, packKey } from './state.js';
import { BYTES_PER_ENTRY, FULL, NO_SLOT, PRESENT, TABLE_EXACT, TABLE_RESOURCES, TranspositionTable } from './table.js';

export type Verdict = 'won' | 'lost' | 'unknown';
export type UnknownReason = 'max-nodes' | 'time-limit' | 'memory';

export interface SolveLimits {
  /** Stop with unknown after this many positions (0 = no limit). */
  maxNodes: number;
  /** Stop with unknown after this many milliseconds (0 = no limit). */
  timeLimitMs: number;
  /** Transposition-table cap; a full table stops the search with unknown. */
  memoryMegabytes: number;
  /** Dominance rules (README, "Dominance rules"): bound cards, one empty wing per fill, stock resources in the table. */
  prune: boolean;
}

export const DEFAULT_LIMITS: Readonly<SolveLimits> = Object.freeze({ maxNodes: 0, timeLimitMs: 0, memoryMegabytes: 256, prune: true });

export interface SolveResult {
  result: Verdict;
  /** Positions searched (one reached again with an earlier waste top is searched again): the same on every machine. */
  nodes: number;
  ms: number;
  /** RULES §5 moves with their cards; empty unless won. */
  moves: Move[];
  unknownReason?: UnknownReason;
  tableEntries: number;
  tableCapacity: number;
  tableHits: number;
  bytesPerEntry: number;
}

/*
 * A compound move as an integer. Turning the stock changes nothing but which card is next, so
 * turns are folded into the move that plays a stock card ("turn until X is on top, then play X"),
 * and "turn the rest, then redeal" is one move. The solution is expanded back into T and R tokens.
 *
 * | bits  | field                                              |
 * |-------|----------------------------------------------------|
 * | 0-3   | kind (KIND_*)                                      |
 * | 4-9   | source: wing index or stock index                  |
 * | 10-13 | target wing index                                  |
 * | 14-17 | cards moved                                        |
 */
const KIND_MASK = 0xf;
const SOURCE_SHIFT = 4;
const SOURCE_MASK = 0x3f;
const TARGET_SHIFT = 10;
const TARGET_MASK = 0xf;
const COUNT_SHIFT = 14;
const COUNT_MASK = 0xf;

const KIND_WING_TO_FOUNDATION = 0;
const KIND_TRUNK_TO_FOUNDATION = 1;
const KIND_STOCK_TO_FOUNDATION = 2;
const KIND_WING_TO_WING = 3;
const KIND_TRUNK_TO_WING = 4;
/** turn until the card is the waste's top, then play it onto a wing (XW) */
const KIND_WASTE_TO_WING = 5;
/** turn until the card is the stock's top, then put it into a space (SW) */
const KIND_STOCK_TO_SPACE = 6;
const KIND_REDEAL = 7;

function compound(kind: number, source: number, target: number, count: number): number {
  return kind | (source << SOURCE_SHIFT) | (target << TARGET_SHIFT) | (count << COUNT_SHIFT);
}

const WON_FOUNDATIONS = 0xdddd;
const NO_PASS_LIMIT = 64;
/** Search paths longer than this end the search with unknown (memory). */
const MAX_DEPTH = 1 << 16;
const TIME_CHECK_INTERVAL = 1024;

export class Solver {
  readonly limits: SolveLimits;
  private readonly table: TranspositionTable;
  private readonly key = new Uint32Array(KEY_WORDS);
  private moves = new Int32Array(4096);
  private moveNext = new Int32Array(256);
  private moveEnd = new Int32Array(256);
  /** Each searched position's table slot and the table epoch it was taken in. */
  private slotAt = new Int32Array(256);
  private epochAt = new Int32Array(256);
  /**
   * 1 when the search below this depth was cut off by a position not yet proven lost (one on the
   * search path, where moves can be undone): finishing it then proves nothing, so it is not marked
   * done and its parent is tainted too.
   */
  private taintedAt = new Uint8Array(256);
  private readonly tops = new Int32Array(WING_COUNT);
  /** The wing holding each card (or -1) and its depth from the top; filled per node, reset after. */
  private readonly cardWing = new Int8Array(52).fill(-1);
  private readonly cardDepth = new Int8Array(52);
  /** Per node: each suit's next foundation card when it is never worth keeping off it (else NO_CARD). */
  private readonly foundationBound = new Int8Array(4);
  /** Per node: the first stock index (not the waste top) holding such a card; stock moves stop there. */
  private passLimit = 0;
  private builds = false;
  private spaceFromWings = false;
  private spaceFromWaste = false;
  private spaceFromStock = false;

  constructor(limits: Partial<SolveLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.table = new TranspositionTable(this.limits.memoryMegabytes);
  }

  solve(deck: Deck, rules: RuleSet): SolveResult {
    return this.search(new Game(deck, rules), (path) => expandSolution(deck, rules, path));
  }

  /**
   * Solves from the position `game` is in (it is searched in place, so pass a copy). The verdict
   * only: moves stay empty, since a mid-game position has no deal string to replay from.
   */
  solvePosition(game: Game): SolveResult {
    return this.search(game, () => []);
  }

  private search(game: Game, expand: (path: number[]) => Move[]): SolveResult {
    const started = performance.now();
    const rules = game.rules;
    this.builds = wingsBuild(rules);
    this.spaceFromWings = rules.spaceFrom.includes('wings');
    this.spaceFromWaste = rules.spaceFrom.includes('waste');
    this.spaceFromStock = rules.spaceFrom.includes('stock');
    const table = this.table;
    const prune = this.limits.prune;
    table.clear(prune ? TABLE_RESOURCES : TABLE_EXACT);
    const { maxNodes, timeLimitMs } = this.limits;
    let nodes = 1;
    let result: Verdict = 'lost';
    let unknownReason: UnknownReason | undefined;
    let depth = 0;
    const finish = (path: number[]): SolveResult => ({
      result,
      nodes,
      ms: Math.round(performance.now() - started),
      moves: result === 'won' ? expand(path) : [],
      unknownReason,
      tableEntries: table.count,
      tableCapacity: table.size(),
      tableHits: table.hits,
      bytesPerEntry: BYTES_PER_ENTRY,
    });
    if (game.state[FOUNDATION_WORD] === WON_FOUNDATIONS) return (result = 'won'), finish([]);
    packKey(game, this.key);
    table.insert(this.key);
    this.moveNext[0] = 0;
    this.moveEnd[0] = this.generate(game, 0);
    for (;;) {
      if (this.moveNext[depth] === this.moveEnd[depth]) {
        if (depth === 0) break;
        if (prune) {
          if (this.taintedAt[depth] === 0) this.markDone(game, depth);
          else this.taintedAt[depth - 1] = 1;
        }
        game.undo();
        depth--;
        continue;
      }
      const move = this.moves[this.moveNext[depth]++];
      game.save();
      applyCompound(game, move);
      if (game.state[FOUNDATION_WORD] === WON_FOUNDATIONS) {
        result = 'won';
        const path: number[] = [];
        for (let d = 0; d <= depth; d++) path.push(this.moves[this.moveNext[d] - 1]);
        return finish(path);
      }
      packKey(game, this.key);
      const stored = table.insert(this.key);
      if (stored === PRESENT) {
        if (!table.lastHitDone) this.taintedAt[depth] = 1;
        game.undo();
        continue;
      }
      if (stored === FULL) {
        result = 'unknown';
        unknownReason = 'memory';
        break;
      }
      nodes++;
      if (maxNodes > 0 && nodes >= maxNodes) {
        result = 'unknown';
        unknownReason = 'max-nodes';
        break;
      }
      if (timeLimitMs > 0 && nodes % TIME_CHECK_INTERVAL === 0 && performance.now() - started > timeLimitMs) {
        result = 'unknown';
        unknownReason = 'time-limit';
        break;
      }
      depth++;
      if (depth >= this.moveNext.length) {
        // no real line is this long; a runaway path would otherwise grow the stacks until the process dies
        if (depth >= MAX_DEPTH) {
          result = 'unknown';
          unknownReason = 'memory';
          break;
        }
        this.growStack();
      }
      this.slotAt[depth] = table.lastSlot;
      this.epochAt[depth] = table.epoch;
      this.taintedAt[depth] = 0;
      this.moveNext[depth] = this.moveEnd[depth - 1];
      this.moveEnd[depth] = this.generate(game, this.moveEnd[depth - 1]);
    }
    return finish([]);
  }

  /** The position at `depth` was searched to the end without a win, and no cut-off relied on an unproven position: it is lost. */
  private markDone(game: Game, depth: number): void {
    let slot = this.slotAt[depth];
    if (this.epochAt[depth] !== this.table.epoch) {
      packKey(game, this.key);
      slot = this.table.find(this.key);
      if (slot === NO_SLOT) throw new Error('a position on the search path is missing from the table');
    }
    this.table.markDone(slot);
  }

  private growStack(): void {
    this.slotAt = doubled(this.slotAt);
    this.epochAt = doubled(this.epochAt);
    this.taintedAt = doubled(this.taintedAt);
    this.moveNext = doubled(this.moveNext);
    this.moveEnd = doubled(this.moveEnd);
  }


  private push(at: number, move: number): number {
    if (at >= this.moves.length) this.moves = doubled(this.moves);
    this.moves[at] = move;
    return at + 1;
  }

  /** Writes the compound moves of the position from `at`; returns the new end. Best moves first. */
  private generate(game: Game, at: number): number {
    const rules = game.rules;
    const state = game.state;
    const builds = this.builds;
    const prune = this.limits.prune;
    const tops = this.tops;
    const cardWing = this.cardWing;
    const cardDepth = this.cardDepth;
    const trunk = state[COUNTS_WORD] & TRUNK_MASK;
    const pointer = (state[COUNTS_WORD] >> POINTER_SHIFT) & POINTER_MASK;
    const wasteIndex = game.wasteTopIndex();
    const trunkCard = game.trunkCard();
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const word = state[wing];
      const top = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0 ? NO_CARD : word & WING_CARD_MASK;
      tops[wing] = top;
      if (top === NO_CARD) continue;
      cardWing[top] = wing;
      cardDepth[top] = 0;
      // cards under the top matter only to builds
      if (!builds) continue;
      const height = (word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
      const suitBase = top - rankOf(top);
      for (let depth = 1, rank = (rankOf(top) + 1) % RANK_COUNT; depth < height; depth++, rank = rank === RANK_COUNT - 1 ? 0 : rank + 1) {
        cardWing[suitBase + rank] = wing;
        cardDepth[suitBase + rank] = depth;
      }
    }
    const start = at;
    at = this.generateFoundationPlays(game, at, trunk, pointer, wasteIndex, trunkCard);
    if (at < 0) {
      // a safe play was found: it is the only move (written at `start`)
      at = start + 1;
    } else {
      if (builds) at = this.generateBuilds(game, at, pointer, wasteIndex, trunkCard);
      if (trunk === 0 && rules.spaceFrom.length > 0) at = this.generateSpaceFills(game, at, pointer, wasteIndex, prune);
      this.orderByStockIndex(start, at);
      // turn the rest of the stock and redeal (RULES §3.6)
      const redeals = (state[COUNTS_WORD] >> PASSES_SHIFT) & PASSES_MASK;
      if (redeals < rules.redeals && this.passLimit === NO_PASS_LIMIT && (wasteIndex >= 0 || game.nextPresentFrom(pointer) >= 0)) {
        at = this.push(at, compound(KIND_REDEAL, 0, 0, 1));
      }
    }
    for (let wing = 0; wing < WING_COUNT; wing++) {
      const top = tops[wing];
      if (top === NO_CARD) continue;
      cardWing[top] = -1;
      if (!builds) continue;
      const height = (state[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
      const suitBase = top - rankOf(top);
      for (let depth = 1, rank = (rankOf(top) + 1) % RANK_COUNT; depth < height; depth++, rank = rank === RANK_COUNT - 1 ? 0 : rank + 1) cardWing[suitBase + rank] = -1;
    }
    return at;
  }

  /**
   * Moves that leave the stock alone first, then stock moves by how far they turn it (stable). A
   * layout first reached with the waste further on is searched again when reached with it earlier
   * (table.ts, RESOURCES), so trying the short turns first saves most of those second searches.
   */
  private orderByStockIndex(start: number, end: number): void {
    const moves = this.moves;
    for (let i = start + 1; i < end; i++) {
      const move = moves[i];
      const rank = stockOrder(move);
      let j = i - 1;
      while (j >= start && stockOrder(moves[j]) > rank) {
        moves[j + 1] = moves[j];
        j--;
      }
      moves[j + 1] = move;
    }
  }

  /** Foundation plays (RULES §3.2). Returns the new end, or -1 when a safe play was written alone at `at`. */
  private generateFoundationPlays(game: Game, at: number, trunk: number, pointer: number, wasteIndex: number, trunkCard: number): number {
    const state = game.state;
    const start = at;
    const prune = this.limits.prune;
    this.passLimit = NO_PASS_LIMIT;
    for (let suit = 0; suit < 4; suit++) {
      this.foundationBound[suit] = NO_CARD;
      const height = (state[FOUNDATION_WORD] >> (suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
      if (height === RANK_COUNT) continue;
      const rank = (game.baseRank + height) % RANK_COUNT;
      const card = suit * RANK_COUNT + rank;
      // with builds, a base-rank card may be wanted as a wing for its suit's last card
      const safeRank = !this.builds || rank !== game.baseRank;
      if (safeRank && prune) this.foundationBound[suit] = card;
      let move: number;
      let safe: boolean;
      const wing = this.cardDepth[card] === 0 ? this.cardWing[card] : -1;
      if (wing >= 0) {
        // Also when it is alone on its wing while the trunk has cards: the trunk's top card then fills
        // the wing, which only adds options (README, "Dominance"; checked by bench/prune-check).
        move = compound(KIND_WING_TO_FOUNDATION, wing, 0, 1);
        safe = true;
      } else if (card === trunkCard) {
        move = compound(KIND_TRUNK_TO_FOUNDATION, 0, 0, 1);
        safe = trunk === 1;
      } else {
        const index = game.stockIndexOfCard[card];
        if (index < 0 || !(index === wasteIndex || (index >= pointer && game.isPresent(index)))) continue;
        move = compound(KIND_STOCK_TO_FOUNDATION, index, 0, 1);
        safe = index === wasteIndex;
        if (!safe && safeRank && prune && index < this.passLimit) this.passLimit = index;
      }
      if (safe && safeRank && prune) {
        this.push(start, move);
        return -1;
      }
      at = this.push(at, move);
    }
    if (this.passLimit === NO_PASS_LIMIT) return at;
    // turning past a card that should go up is never better than playing it on the way
    let kept = start;
    for (let i = start; i < at; i++) {
      const move = this.moves[i];
      if ((move & KIND_MASK) === KIND_STOCK_TO_FOUNDATION && ((move >> SOURCE_SHIFT) & SOURCE_MASK) > this.passLimit) continue;
      this.moves[kept++] = move;
    }
    return kept;
  }

  /** Builds onto wings that have room (RULES §3.7, §3.8): from a wing, the trunk card, or the stock via the waste. */
  private generateBuilds(game: Game, at: number, pointer: number, wasteIndex: number, trunkCard: number): number {
    const rules = game.rules;
    const state = game.state;
    const maxWing = rules.maxWing;
    for (let target = 0; target < WING_COUNT; target++) {
      const height = (state[target] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
      if (height === 0 || height >= maxWing) continue;
      const needed = cardBelow(this.tops[target]);
      // a card that should go up gains nothing on a wing (nothing can be built on it)
      if (this.foundationBound[suitOf(needed)] === needed) continue;
      const source = this.cardWing[needed];
      let inWing = false;
      if (source >= 0 && source !== target) {
        // a card is in one place only: this wing holds it, at this depth
        inWing = true;
        const sourceHeight = (state[source] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
        const count = this.cardDepth[needed] + 1;
        const allowed = rules.wingMoves === 'single' ? count === 1 : rules.wingMoves === 'whole' ? count === sourceHeight : true;
        if (allowed && height + count <= maxWing) at = this.push(at, compound(KIND_WING_TO_WING, source, target, count));
      }
      if (inWing) continue;
      if (needed === trunkCard) {
        if (rules.trunkPlay !== 'last') at = this.push(at, compound(KIND_TRUNK_TO_WING, 0, target, 1));
        continue;
      }
      const index = game.stockIndexOfCard[needed];
      if (index >= 0 && (index === wasteIndex || (index >= pointer && index < this.passLimit && game.isPresent(index)))) {
        at = this.push(at, compound(KIND_WASTE_TO_WING, index, target, 1));
      }
    }
    return at;
  }

  /** Space fills once the trunk is empty (RULES §3.5). With pruning, one empty wing stands for all. */
  private generateSpaceFills(game: Game, at: number, pointer: number, wasteIndex: number, prune: boolean): number {
    const rules = game.rules;
    const state = game.state;
    for (let target = 0; target < WING_COUNT; target++) {
      if (((state[target] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) !== 0) continue;
      if (this.spaceFromWings) {
        for (let source = 0; source < WING_COUNT; source++) {
          const sourceHeight = (state[source] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
          if (sourceHeight === 0) continue;
          const smallest = rules.wingMoves === 'whole' ? sourceHeight : 1;
          const largest = rules.wingMoves === 'single' ? 1 : sourceHeight;
          for (let count = smallest; count <= largest; count++) {
            // a whole pile into a space only renames the wing: the same position
            if (prune && count === sourceHeight) continue;
            at = this.push(at, compound(KIND_WING_TO_WING, source, target, count));
          }
        }
      }
      const bound = this.foundationBound;
      if (this.spaceFromWaste && wasteIndex >= 0) {
        const card = game.stockCards[wasteIndex];
        if (bound[suitOf(card)] !== card) at = this.push(at, compound(KIND_WASTE_TO_WING, wasteIndex, target, 1));
      }
      if (this.spaceFromWaste || this.spaceFromStock) {
        const kind = this.spaceFromWaste ? KIND_WASTE_TO_WING : KIND_STOCK_TO_SPACE;
        for (let index = game.nextPresentFrom(pointer); index >= 0 && index < this.passLimit; index = game.nextPresentFrom(index + 1)) {
          at = this.push(at, compound(kind, index, target, 1));
        }
      }
      // empty wings are interchangeable: filling one of them is enough
      if (prune) break;
    }
    return at;
  }
}

/** A copy of a growable array with twice the room. */
function doubled<T extends Int32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}

/** 0 for a move that leaves the stock and waste alone, else 1 + the stock index it plays. */
function stockOrder(move: number): number {
  const kind = move & KIND_MASK;
  return kind === KIND_STOCK_TO_FOUNDATION || kind === KIND_WASTE_TO_WING || kind === KIND_STOCK_TO_SPACE ? 1 + ((move >> SOURCE_SHIFT) & SOURCE_MASK) : 0;
}

function applyCompound(game: Game, move: number): void {
  const kind = move & KIND_MASK;
  const source = (move >> SOURCE_SHIFT) & SOURCE_MASK;
  const target = (move >> TARGET_SHIFT) & TARGET_MASK;
  const count = (move >> COUNT_SHIFT) & COUNT_MASK;
  switch (kind) {
    case KIND_WING_TO_FOUNDATION: {
      const card = game.wingTop(source);
      game.takeFromWing(source, 1);
      game.raiseFoundation(suitOf(card));
      game.fillFromTrunk();
      return;
    }
    case KIND_TRUNK_TO_FOUNDATION: {
      const card = game.trunkCard();
      game.state[COUNTS_WORD]--;
      game.raiseFoundation(suitOf(card));
      return;
    }
    case KIND_STOCK_TO_FOUNDATION: {
      if (source >= game.stockPointer()) game.setPointer(source + 1);
      game.removeStockIndex(source);
      game.raiseFoundation(suitOf(game.stockCards[source]));
      return;
    }
    case KIND_WING_TO_WING: {
      const deepest = game.wingCard(source, count - 1);
      game.takeFromWing(source, count);
      game.placeOnWing(target, deepest, count);
      game.fillFromTrunk();
      return;
    }
    case KIND_TRUNK_TO_WING: {
      const card = game.trunkCard();
      game.state[COUNTS_WORD]--;
      game.placeOnWing(target, card, 1);
      return;
    }
    case KIND_WASTE_TO_WING:
    case KIND_STOCK_TO_SPACE: {
      if (source >= game.stockPointer()) game.setPointer(source + 1);
      game.removeStockIndex(source);
      game.placeOnWing(target, game.stockCards[source], 1);
      return;
    }
    case KIND_REDEAL: {
      const redeals = game.redealsUsed();
      game.setCounts(game.trunkCount(), 0, redeals + 1);
      return;
    }
    default:
      throw new Error(`unknown compound move ${move}`);
  }
}

/** Expands compound moves into RULES §5 moves (T and R included) by replaying them on the engine. */
function expandSolution(deck: Deck, rules: RuleSet, path: readonly number[]): Move[] {
  const game = new Game(deck, rules);
  const out: Move[] = [];
  const play = (move: number) => {
    out.push(toNotation(move));
    game.apply(move);
  };
  const turnUntil = (done: () => boolean) => {
    while (!done()) play(encodeMove(SOURCE_TURN, TARGET_NONE, 1, game.stockTop()));
  };
  for (const move of path) {
    const kind = move & KIND_MASK;
    const source = (move >> SOURCE_SHIFT) & SOURCE_MASK;
    const target = (move >> TARGET_SHIFT) & TARGET_MASK;
    const count = (move >> COUNT_SHIFT) & COUNT_MASK;
    const card = game.stockCards[source];
    switch (kind) {
      case KIND_WING_TO_FOUNDATION:
        play(encodeMove(source, TARGET_FOUNDATION, 1, game.wingTop(source)));
        break;
      case KIND_TRUNK_TO_FOUNDATION:
        play(encodeMove(SOURCE_TRUNK, TARGET_FOUNDATION, 1, game.trunkCard()));
        break;
      case KIND_STOCK_TO_FOUNDATION:
        turnUntil(() => game.wasteTopIndex() === source);
        play(encodeMove(SOURCE_WASTE, TARGET_FOUNDATION, 1, card));
        break;
      case KIND_WING_TO_WING:
        play(encodeMove(source, target, count, game.wingCard(source, count - 1)));
        break;
      case KIND_TRUNK_TO_WING:
        play(encodeMove(SOURCE_TRUNK, target, 1, game.trunkCard()));
        break;
      case KIND_WASTE_TO_WING:
        turnUntil(() => game.wasteTopIndex() === source);
        play(encodeMove(SOURCE_WASTE, target, 1, card));
        break;
      case KIND_STOCK_TO_SPACE:
        turnUntil(() => game.stockTopIndex() === source);
        play(encodeMove(SOURCE_STOCK, target, 1, card));
        break;
      case KIND_REDEAL:
        turnUntil(() => game.stockTopIndex() < 0);
        play(encodeMove(SOURCE_REDEAL, TARGET_NONE, 1, NO_CARD));
        break;
    }
  }
  return out;
}
