// Thoughtful solver: iterative depth-first search over compound moves with a transposition table -> won / lost / unknown.
import type { Deck } from '../deal.js';
import { Game, toNotation } from '../engine.js';
import { dealLayout, type DealLayout } from '../layout.js';
import type { Move } from '../notation.js';
import * as P from '../position.js';
import { compileRules, type CompiledRules, type RuleSet } from '../rules.js';
import { applyCompound, expandLine, type CompoundMove } from './compound.js';
import { SearchClock, type SearchWatcher } from './clock.js';
import { FamilySearch, MAX_DEPTH, WALK_SCHEDULE } from './family.js';
import { dominance, noDominance, NodeFacts, type Dominance } from './dominance.js';
import { generateMoves, MoveStack } from './generate.js';
import { NodeView } from './node.js';
import { KEY_WORDS, packKey } from './key.js';
import { BYTES_PER_ENTRY, FULL, NO_SLOT, PRESENT, TABLE_EXACT, TABLE_RESOURCES, TranspositionTable } from './table.js';

export type Verdict = 'won' | 'lost' | 'unknown';
/** Where a search is: still searching, or finished with its verdict. */
type SearchState = 'searching' | Verdict;
/** The limit that stopped a search: a flag's (limits.ts), or `depth`, the search path's cap (MAX_DEPTH), which no flag raises. */
export type UnknownReason = 'max-nodes' | 'time-limit' | 'memory' | 'depth';

export { MAX_DEPTH };

/** Where a search stops with unknown. */
export interface SolveLimits {
  /** Stop with unknown after this many positions (0 = no limit). */
  maxNodes: number;
  /** Stop with unknown after this many milliseconds (0 = no limit). */
  timeLimitMs: number;
  /** Transposition-table cap; a full table stops the search with unknown. */
  memoryMegabytes: number;
}

/** The limits, and how the search runs. */
export interface SolverOptions extends SolveLimits {
  /** Dominance rules (docs/solver.md "Eagle Wing's dominance rules"): bound cards, one empty wing per fill, stock resources in the table. */
  prune: boolean;
}

export const DEFAULT_SOLVER_OPTIONS: Readonly<SolverOptions> = Object.freeze({ maxNodes: 0, timeLimitMs: 0, memoryMegabytes: 256, prune: true });

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

export class Solver {
  readonly options: SolverOptions;
  private readonly table: TranspositionTable;
  private readonly dominance: Dominance;
  private family: FamilySearch | undefined;
  /** The time limit, and the watcher (Solver.watch): the family search's too. */
  private readonly clock = new SearchClock();
  private readonly key = new Uint32Array(KEY_WORDS);
  private readonly stack = new MoveStack();
  private readonly facts = new NodeFacts();
  private readonly view = new NodeView();
  /** Per depth: the next move to try and the end of that depth's moves in `stack`. */
  private moveNext = new Int32Array(256);
  private moveEnd = new Int32Array(256);
  /** Per depth: the position searched there, kept while a move from it is tried, for undo. */
  private history = new Int32Array(256 * P.POSITION_WORDS);
  /** Each searched position's table slot and the table epoch it was taken in. */
  private slotAt = new Int32Array(256);
  private epochAt = new Int32Array(256);
  /**
   * 1 when the search below this depth was cut off by a position not yet proven lost (one on the
   * search path, where moves can be undone): finishing it then proves nothing, so it is not marked
   * done and its parent is tainted too.
   */
  private taintedAt = new Uint8Array(256);
  /** The depth of the move that won the last search (-1: none, or won before any move). */
  private winDepth = -1;

  constructor(options: Partial<SolverOptions> = {}) {
    this.options = { ...DEFAULT_SOLVER_OPTIONS, ...options };
    this.table = new TranspositionTable(this.options.memoryMegabytes);
    this.dominance = this.options.prune ? dominance : noDominance;
  }

  solve(deck: Deck, rules: RuleSet): SolveResult {
    const compiled = compileRules(rules);
    if (!compiled.eagleWing) return this.familySearch().solve(new Game(deck, rules));
    const layout = dealLayout(deck, rules.trunk);
    const position = P.newPosition();
    P.dealPosition(position, layout);
    const result = this.search(position, layout, compiled);
    if (result.result === 'won') {
      P.dealPosition(position, layout);
      result.moves = expandLine(position, layout, compiled, this.winningLine()).map(toNotation);
    }
    return result;
  }

  /** Solves from the position `game` is in (the game is not changed); a win's moves start at that position. */
  solvePosition(game: Game): SolveResult {
    if (!game.compiled.eagleWing) {
      const copy = new Game(game.deck, game.rules);
      copy.restore(game.snapshot());
      return this.familySearch().solve(copy);
    }
    const result = this.search(game.snapshot(), game.layout, game.compiled);
    if (result.result === 'won') result.moves = expandLine(game.snapshot(), game.layout, game.compiled, this.winningLine()).map(toNotation);
    return result;
  }

  /**
   * Tells `watcher` how each search after this goes, about every `everyMs` milliseconds (looked at every
   * 1,024 positions stored, solver/clock.ts), or no one with undefined. It changes nothing a search does.
   */
  watch(watcher: SearchWatcher | undefined, everyMs: number): void {
    this.clock.watch(watcher, everyMs);
  }

  /** Hands each key the last family search stored to `visit` (none before one): for bench/family-keys.mjs. */
  forEachFamilyKey(visit: (keys: Int32Array, at: number) => void): void {
    this.family?.forEachStoredKey(visit);
  }

  /** The search for rules outside Eagle Wing's shape (solver/family.ts), made on first use: its table is its own, its clock this one's. */
  private familySearch(): FamilySearch {
    this.family ??= new FamilySearch(this.options, WALK_SCHEDULE, this.clock);
    return this.family;
  }

  /** The compound moves of the last search's win, from the root. */
  private winningLine(): CompoundMove[] {
    const line: CompoundMove[] = [];
    for (let depth = 0; depth <= this.winDepth; depth++) line.push(this.stack.moves[this.moveNext[depth] - 1]);
    return line;
  }

  /** Searches from `position` (changed in place). */
  private search(position: P.Position, layout: DealLayout, rules: CompiledRules): SolveResult {
    const started = performance.now();
    const table = this.table;
    const prune = this.options.prune;
    const view = this.view;
    view.use(layout, rules);
    const { maxNodes, timeLimitMs } = this.options;
    this.clock.start(timeLimitMs);
    table.clear(prune ? TABLE_RESOURCES : TABLE_EXACT);
    this.winDepth = -1;
    let nodes = 1;
    let state: SearchState = 'searching';
    let unknownReason: UnknownReason | undefined;
    let depth = 0;
    if (P.isWon(position)) state = 'won';
    else {
      packKey(position, this.key);
      table.insert(this.key);
      this.moveNext[0] = 0;
      this.moveEnd[0] = this.generate(position, view, 0);
    }
    while (state === 'searching') {
      if (this.moveNext[depth] === this.moveEnd[depth]) {
        // every move from the root was searched without a win
        if (depth === 0) {
          state = 'lost';
          break;
        }
        if (prune) {
          if (this.taintedAt[depth] === 0) this.markDone(position, depth);
          else this.taintedAt[depth - 1] = 1;
        }
        this.restore(position, depth - 1);
        depth--;
        continue;
      }
      const move = this.stack.moves[this.moveNext[depth]++];
      this.save(position, depth);
      applyCompound(position, layout, rules, move, null);
      if (P.isWon(position)) {
        state = 'won';
        this.winDepth = depth;
        break;
      }
      packKey(position, this.key);
      const stored = table.insert(this.key);
      if (stored === PRESENT) {
        if (!table.lastHitDone) this.taintedAt[depth] = 1;
        this.restore(position, depth);
        continue;
      }
      if (stored === FULL) {
        state = 'unknown';
        unknownReason = 'memory';
        break;
      }
      nodes++;
      if (maxNodes > 0 && nodes >= maxNodes) {
        state = 'unknown';
        unknownReason = 'max-nodes';
        break;
      }
      if (this.clock.expired(nodes)) {
        state = 'unknown';
        unknownReason = 'time-limit';
        break;
      }
      depth++;
      if (depth >= this.moveNext.length) {
        // no real line is this long; a runaway path would otherwise grow the stacks until the process dies
        if (depth >= MAX_DEPTH) {
          state = 'unknown';
          unknownReason = 'depth';
          break;
        }
        this.growStacks();
      }
      this.slotAt[depth] = table.lastSlot;
      this.epochAt[depth] = table.epoch;
      this.taintedAt[depth] = 0;
      this.moveNext[depth] = this.moveEnd[depth - 1];
      this.moveEnd[depth] = this.generate(position, view, this.moveEnd[depth - 1]);
    }
    return {
      result: state,
      nodes,
      ms: Math.round(performance.now() - started),
      moves: [],
      unknownReason,
      tableEntries: table.count,
      tableCapacity: table.size(),
      tableHits: table.hits,
      bytesPerEntry: BYTES_PER_ENTRY,
    };
  }

  /** The moves of the position `view` is about to read, written from `at`; returns their end. */
  private generate(position: P.Position, view: NodeView, at: number): number {
    view.read(position);
    const end = generateMoves(position, view, this.dominance(position, view, this.facts), this.stack, at);
    view.clear(position);
    return end;
  }

  /** Keeps the position of `depth` before a move from it, so that restore(depth) brings it back. */
  private save(position: P.Position, depth: number): void {
    const history = this.history;
    const start = depth * P.POSITION_WORDS;
    for (let i = 0; i < P.POSITION_WORDS; i++) history[start + i] = position[i];
  }
  private restore(position: P.Position, depth: number): void {
    const history = this.history;
    const start = depth * P.POSITION_WORDS;
    for (let i = 0; i < P.POSITION_WORDS; i++) position[i] = history[start + i];
  }

  /** The position at `depth` was searched to the end without a win, and no cut-off relied on an unproven position: it is lost. */
  private markDone(position: P.Position, depth: number): void {
    let slot = this.slotAt[depth];
    if (this.epochAt[depth] !== this.table.epoch) {
      packKey(position, this.key);
      slot = this.table.find(this.key);
      if (slot === NO_SLOT) throw new Error('a position on the search path is missing from the table');
    }
    this.table.markDone(slot);
  }

  private growStacks(): void {
    this.slotAt = doubled(this.slotAt);
    this.epochAt = doubled(this.epochAt);
    this.taintedAt = doubled(this.taintedAt);
    this.moveNext = doubled(this.moveNext);
    this.moveEnd = doubled(this.moveEnd);
    this.history = doubled(this.history);
  }
}

/** A copy of a growable array with twice the room. */
function doubled<T extends Int32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
