// Eagle Wing's search: walks depth first over compound moves, a transposition table, positions proven lost marked done.
import { toNotation } from '../../engine.js';
import type { DealLayout } from '../../layout.js';
import * as P from '../../position.js';
import type { CompiledRules } from '../../rules.js';
import { applyCompound, expandLine, type CompoundMove } from './compound.js';
import { FULL, MAX_DEPTH, PRESENT, SearchBudget, type SolveResult, type SolverOptions, type UnknownReason, type Verdict } from '../frame.js';
import { WALK_SCHEDULE, Walks, type WalkSchedule } from '../walks.js';
import { dominance, noDominance, NodeFacts, type Dominance } from './dominance.js';
import { generateMoves, MoveStack } from './generate.js';
import type { CompoundMoveList } from './compound.js';
import { NodeView } from './node.js';
import { KEY_WORDS, packKey } from './key.js';
import { NO_SLOT, TABLE_EXACT, TABLE_RESOURCES, TranspositionTable } from './table.js';
import { StuckTrunk } from './stuck.js';

/** Where a search is: still searching, or finished with its verdict. */
type SearchState = 'searching' | Verdict;

/*
 * A walk's row for each depth (walks.ts), ROW_WORDS words:
 *
 * | words                  | field                                                             |
 * |------------------------|-------------------------------------------------------------------|
 * | 0 - POSITION_WORDS-1   | the position searched there, kept while a move from it is tried   |
 * | ROW_SLOT               | its table slot                                                    |
 * | ROW_EPOCH              | the table epoch the slot was taken in                             |
 * | ROW_TAINT              | 1 when the search below it was cut off by a position not yet      |
 * |                        | proven lost, or some of its moves were handed to another walk:    |
 * |                        | finishing it then proves nothing, so it is not marked done and    |
 * |                        | its parent is tainted too                                         |
 */
const ROW_SLOT = P.POSITION_WORDS;
const ROW_EPOCH = ROW_SLOT + 1;
const ROW_TAINT = ROW_EPOCH + 1;
const ROW_WORDS = ROW_TAINT + 1;

/**
 * Searches Eagle Wing's shape of rules (CompiledRules.eagleWing) over compound moves (compound.ts): the
 * search frame's Solver (solver.ts) hands it those deals. Its table and stacks are kept from search to
 * search; each search clears the table. The search is depth-first walks that take turns (walks.ts,
 * docs/solver.md "Walks in Eagle Wing's search"), one walk alone until its first turn ends.
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
  /** The walks: their moves, and a row (above) for each depth. */
  private readonly walks: Walks;
  /** The depth of the move that won the last search (-1: none, or won before any move), in the walk under way. */
  private winDepth = -1;

  constructor(options: SolverOptions, budget: SearchBudget, schedule: WalkSchedule = WALK_SCHEDULE) {
    this.options = options;
    this.budget = budget;
    this.table = new TranspositionTable(options.memoryMegabytes);
    this.dominance = options.prune ? dominance : noDominance;
    this.walks = new Walks(schedule);
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

  /** The compound moves of the last search's win, from the root: those that led to the winning walk's first position, then its own. */
  private winningLine(): CompoundMove[] {
    const line: CompoundMove[] = [];
    const walks = this.walks;
    if (this.winDepth < 0) return line;
    const walk = walks.current;
    for (let at = 0; at < walk.pathLength; at++) line.push(walk.path[at] as CompoundMove);
    for (let depth = 0; depth <= this.winDepth; depth++) line.push(walks.moves[walks.moveNext[depth] - 1] as CompoundMove);
    return line;
  }

  /** Searches from `position` (changed in place). */
  private search(position: P.Position, layout: DealLayout, rules: CompiledRules): SolveResult {
    const table = this.table;
    const prune = this.options.prune;
    const view = this.view;
    const budget = this.budget;
    const walks = this.walks;
    view.use(layout, rules);
    this.useStuck = prune && this.stuck.applies(view);
    budget.start(this.options);
    table.clear(prune ? TABLE_RESOURCES : TABLE_EXACT);
    this.winDepth = -1;
    let nodes = 1;
    let state: SearchState = 'searching';
    let unknownReason: UnknownReason | undefined;
    let depth = 0;
    // the node count at which the walk under way's turn ends
    let turnEnd = walks.schedule.firstTurn;
    if (P.isWon(position)) state = 'won';
    else {
      packKey(position, this.key);
      table.insert(this.key);
      // the start is the first position: a limit of one stops the search there
      unknownReason = budget.spent(nodes);
      if (unknownReason !== undefined) state = 'unknown';
      walks.start(ROW_WORDS);
      walks.rows[ROW_TAINT] = 0;
      walks.moveNext[0] = 0;
      walks.moveEnd[0] = this.generate(position, view, 0);
    }
    while (state === 'searching') {
      if (walks.moveNext[depth] === walks.moveEnd[depth]) {
        if (depth === 0) {
          // the walk has searched all it holds: the next one goes on, or none is left, every move from the root searched without a win
          if (!walks.finish()) {
            state = 'lost';
            break;
          }
          depth = walks.current.depth;
          this.restore(position, depth);
          turnEnd = nodes + walks.turnLength();
          continue;
        }
        if (prune) {
          if (walks.rows[depth * ROW_WORDS + ROW_TAINT] === 0) this.markDone(position, depth);
          else walks.rows[(depth - 1) * ROW_WORDS + ROW_TAINT] = 1;
        }
        this.restore(position, depth - 1);
        depth--;
        continue;
      }
      const move = walks.moves[walks.moveNext[depth]++] as CompoundMove;
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
        if (!table.lastHitDone) walks.rows[depth * ROW_WORDS + ROW_TAINT] = 1;
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
      if (depth >= walks.moveNext.length) {
        // no real line is this long; a runaway path would otherwise grow the stacks until the process dies
        if (depth >= MAX_DEPTH) {
          state = 'unknown';
          unknownReason = 'depth';
          break;
        }
        walks.grow();
      }
      const row = depth * ROW_WORDS;
      walks.rows[row + ROW_SLOT] = table.lastSlot;
      walks.rows[row + ROW_EPOCH] = table.epoch;
      walks.rows[row + ROW_TAINT] = 0;
      walks.moveNext[depth] = walks.moveEnd[depth - 1];
      walks.moveEnd[depth] = this.generate(position, view, walks.moveEnd[depth - 1]);
      if (nodes >= turnEnd) {
        // the walk's turn is over: it hands its shallowest untried moves to a new walk (so that depth proves
        // nothing of its own), and the next walk goes on from its own depth's position
        this.save(position, depth);
        const from = walks.handOn(depth);
        if (from >= 0) walks.rows[from * ROW_WORDS + ROW_TAINT] = 1;
        walks.next();
        depth = walks.current.depth;
        this.restore(position, depth);
        turnEnd = nodes + walks.turnLength();
      }
    }
    return budget.result(state as Verdict, nodes, unknownReason, table);
  }

  /** The moves of the position `view` is about to read, written from `at` into the walk's moves; returns their end. */
  private generate(position: P.Position, view: NodeView, at: number): number {
    const stack = this.stack;
    stack.moves = this.walks.moves as CompoundMoveList;
    view.read(position);
    if (this.useStuck && this.stuck.lost(position, view)) {
      view.clear(position);
      return at;
    }
    const end = generateMoves(position, view, this.dominance(position, view, this.facts), stack, at);
    view.clear(position);
    // the walk's moves, grown where they did not fit
    this.walks.moves = stack.moves;
    return end;
  }

  /** Keeps the position of `depth` before a move from it, so that restore(depth) brings it back. */
  private save(position: P.Position, depth: number): void {
    const rows = this.walks.rows;
    const start = depth * ROW_WORDS;
    for (let i = 0; i < P.POSITION_WORDS; i++) rows[start + i] = position[i];
  }
  private restore(position: P.Position, depth: number): void {
    const rows = this.walks.rows;
    const start = depth * ROW_WORDS;
    for (let i = 0; i < P.POSITION_WORDS; i++) position[i] = rows[start + i];
  }

  /**
   * The position at `depth` was searched to the end without a win, and no cut-off relied on an unproven
   * position: it is lost. Once walks take turns, another walk's position of the same layout with another
   * waste top may have taken its slot (table.ts): the slot is looked up by its key, and where the key is
   * gone the proof is not kept (the key is only searched again if met again).
   */
  private markDone(position: P.Position, depth: number): void {
    const row = depth * ROW_WORDS;
    let slot = this.walks.rows[row + ROW_SLOT];
    if (this.walks.split || this.walks.rows[row + ROW_EPOCH] !== this.table.epoch) {
      packKey(position, this.key);
      slot = this.table.find(this.key);
      if (slot === NO_SLOT) {
        if (this.walks.split) return;
        throw new Error('a position on the search path is missing from the table');
      }
    }
    this.table.markDone(slot);
  }
}
