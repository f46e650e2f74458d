// Eagle Wing's search: depth first over compound moves, a transposition table, positions proven lost marked done.
import { toNotation } from '../../engine.js';
import type { DealLayout } from '../../layout.js';
import * as P from '../../position.js';
import type { CompiledRules } from '../../rules.js';
import { applyCompound, expandLine, type CompoundMove } from './compound.js';
import { doubled, FULL, MAX_DEPTH, PRESENT, SearchBudget, type SolveResult, type SolverOptions, type UnknownReason, type Verdict } from '../frame.js';
import { dominance, noDominance, NodeFacts, type Dominance } from './dominance.js';
import { generateMoves, MoveStack } from './generate.js';
import { NodeView } from './node.js';
import { KEY_WORDS, packKey } from './key.js';
import { NO_SLOT, TABLE_EXACT, TABLE_RESOURCES, TranspositionTable } from './table.js';
import { StuckTrunk } from './stuck.js';

/** Where a search is: still searching, or finished with its verdict. */
type SearchState = 'searching' | Verdict;

/**
 * Searches Eagle Wing's shape of rules (CompiledRules.eagleWing) over compound moves (compound.ts): the
 * search frame's Solver (solver.ts) hands it those deals. Its table and stacks are kept from search to
 * search; each search clears the table.
 */
export class EagleSearch {
  private readonly options: SolverOptions;
  private readonly budget: SearchBudget;
  private readonly table: TranspositionTable;
  private readonly dominance: Dominance;
  /** The position searched, changed in place: the start is kept as it was given. */
  private readonly position = P.newPosition();
  private readonly key = new Uint32Array(KEY_WORDS);
  private readonly stack = new MoveStack();
  private readonly facts = new NodeFacts();
  private readonly view = new NodeView();
  /** Rule E6, where it applies (prune on, and rules it is argued for): positions shown lost get no moves. */
  private readonly stuck = new StuckTrunk();
  private useStuck = false;
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

  constructor(options: SolverOptions, budget: SearchBudget) {
    this.options = options;
    this.budget = budget;
    this.table = new TranspositionTable(options.memoryMegabytes);
    this.dominance = options.prune ? dominance : noDominance;
  }

  /** Searches from `start` (not changed), a position of `layout`'s deal; a win's RULES §5 moves start there. */
  solve(start: P.Position, layout: DealLayout, rules: CompiledRules): SolveResult {
    this.position.set(start);
    const result = this.search(this.position, layout, rules);
    if (result.result === 'won') {
      this.position.set(start);
      result.moves = expandLine(this.position, layout, rules, this.winningLine()).map(toNotation);
    }
    return result;
  }

  /** The compound moves of the last search's win, from the root. */
  private winningLine(): CompoundMove[] {
    const line: CompoundMove[] = [];
    for (let depth = 0; depth <= this.winDepth; depth++) line.push(this.stack.moves[this.moveNext[depth] - 1]);
    return line;
  }

  /** Searches from `position` (changed in place). */
  private search(position: P.Position, layout: DealLayout, rules: CompiledRules): SolveResult {
    const table = this.table;
    const prune = this.options.prune;
    const view = this.view;
    const budget = this.budget;
    view.use(layout, rules);
    this.useStuck = prune && this.stuck.applies(view);
    budget.start(this.options);
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
      // the start is the first position: a limit of one stops the search there
      unknownReason = budget.spent(nodes);
      if (unknownReason !== undefined) state = 'unknown';
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
      unknownReason = budget.spent(nodes);
      if (unknownReason !== undefined) {
        state = 'unknown';
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
    return budget.result(state as Verdict, nodes, unknownReason, table);
  }

  /** The moves of the position `view` is about to read, written from `at`; returns their end. */
  private generate(position: P.Position, view: NodeView, at: number): number {
    view.read(position);
    if (this.useStuck && this.stuck.lost(position, view)) {
      view.clear(position);
      return at;
    }
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
