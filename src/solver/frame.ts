// What both searches share: the options, verdicts and result, the depth cap, the budget both loops ask whether to stop, and what a table's insert found.
import type { Move } from '../notation.js';
import { SearchClock } from './clock.js';

export type Verdict = 'won' | 'lost' | 'unknown';
/** The limit that stopped a search: a flag's (limits.ts), or `depth`, the search path's cap (MAX_DEPTH), which no flag raises. */
export type UnknownReason = 'max-nodes' | 'time-limit' | 'memory' | 'depth';

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
  /** Dominance rules (docs/solver.md): off with --no-prune, which every rule is checked against. */
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

/** Search paths longer than this end a search with unknown (depth): no real line comes near it, and a runaway path would grow the stacks until the process dies. */
export const MAX_DEPTH = 1 << 16;

/*
 * What a table's insert found, for both tables (eagle/table.ts, family/table.ts): the key is new; it,
 * or a stored key that covers it, is there already; there is no room for it; or (the family table) it
 * took the place of a stored key it covers, or joined its layout's pass states: a position to search,
 * of a layout met before.
 */
export const INSERTED = 0;
export const PRESENT = 1;
export const FULL = 2;
export const JOINED = 3;
export type InsertResult = typeof INSERTED | typeof PRESENT | typeof FULL | typeof JOINED;

/** What a search's result says of its table. */
export interface TableFigures {
  readonly count: number;
  readonly hits: number;
  size(): number;
  bytesPerEntry(): number;
}

/**
 * One search's budget: its node limit and its clock (the time limit, and the watcher). Both searches
 * ask it after each position stored whether to stop, and why; and it writes their result.
 */
export class SearchBudget {
  /** The node limit, and what of it the search under way may count (less in a race: elsewhere()). */
  private limitNodes = 0;
  private maxNodes = 0;
  private started = 0;

  constructor(readonly clock: SearchClock) {}

  /** A search starts now, under `limits`. */
  start(limits: SolveLimits): void {
    this.started = performance.now();
    this.limitNodes = limits.maxNodes;
    this.maxNodes = limits.maxNodes;
    this.clock.start(limits.timeLimitMs);
  }

  /**
   * The other search of a race (the family's rule F10) has stored `nodes` positions: both share the node
   * limit, so the asking search's own count may reach only what is left of it (at least one more position,
   * which stops it where none is left), and the watcher is told both counts summed. 0 outside a race.
   */
  elsewhere(nodes: number): void {
    this.maxNodes = this.limitNodes > 0 ? Math.max(1, this.limitNodes - nodes) : 0;
    this.clock.elsewhere = nodes;
  }

  /** After a position is stored, `nodes` of them so far: the limit that stops the search there, or undefined to go on. */
  spent(nodes: number): UnknownReason | undefined {
    if (this.maxNodes > 0 && nodes >= this.maxNodes) return 'max-nodes';
    if (this.clock.expired(nodes)) return 'time-limit';
    return undefined;
  }

  /** The search's result, its line still to be written (`moves` empty). */
  result(verdict: Verdict, nodes: number, unknownReason: UnknownReason | undefined, table: TableFigures): SolveResult {
    return {
      result: verdict,
      nodes,
      ms: Math.round(performance.now() - this.started),
      moves: [],
      unknownReason,
      tableEntries: table.count,
      tableCapacity: table.size(),
      tableHits: table.hits,
      bytesPerEntry: table.bytesPerEntry(),
    };
  }
}

/** A copy of a search stack with twice the room (the stacks grow as a line gets deeper). */
export function doubled<T extends Int32Array | Uint8Array>(array: T): T {
  const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
  bigger.set(array);
  return bigger;
}
