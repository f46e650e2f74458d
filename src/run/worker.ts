// Piscina task: solve or play a chunk of deals with one reused solver or player; results go back through protocol.ts.
import { CARD_COUNT } from '../cards.js';
import { dealFromNumberFor, type Deck } from '../deal.js';
import { numberedDeck } from '../numbering/numbered.js';
import { dealShape } from '../rules.js';
import { formatMoveList } from '../notation.js';
import { makePlayer } from '../players/index.js';
import type { Player } from '../players/observation.js';
import { Solver } from '../solver/solver.js';
import { playSoFar } from '../played.js';
import { GreedyPlayer } from '../players/greedy.js';
import { rateLine } from '../rating.js';
import { Game } from '../engine.js';
import { playDeal } from '../playing.js';
import { dealFault, ResultWriter, type ChunkResult, type ChunkTask } from './protocol.js';

/**
 * Test hook: with EAGLEWING_TEST_CRASH_DEAL=N in its environment, solving deal N (by number, or as a deck)
 * throws, as a solver with a bug would; with N:exit the worker thread dies instead (exit code 3) on any
 * task holding it. The tests use it to check that either stops the run as a bug, never a row.
 */
const CRASH_HOOK = /^(\d+)(:exit)?$/.exec(process.env.EAGLEWING_TEST_CRASH_DEAL ?? '');
const CRASH_DEAL = CRASH_HOOK ? Number(CRASH_HOOK[1]) : undefined;
const CRASH_EXITS = CRASH_HOOK?.[2] !== undefined;

let solver: Solver | undefined;
let solverLimits = '';
let player: Player | undefined;
let playerKey = '';

export function solveChunk(task: ChunkTask): ChunkResult {
  const started = performance.now();
  if (CRASH_DEAL !== undefined && CRASH_EXITS && holdsDeal(task, CRASH_DEAL)) process.exit(3);
  const writer = task.player.name === 'thoughtful' ? solveDeals(task) : playChunk(task);
  return writer.finish(performance.now() - started);
}

/**
 * Runs deal `index` of the task. A throw is a bug: the solver and player are dropped, so that nothing
 * they kept reaches this thread's next task, and the error goes back naming the deal (protocol.ts).
 */
function guarded(task: ChunkTask, index: number, work: () => void): void {
  try {
    if (CRASH_DEAL !== undefined && !CRASH_EXITS && isDeal(task, index, CRASH_DEAL)) throw new Error(`test crash on deal ${CRASH_DEAL}`);
    work();
  } catch (error) {
    solver = undefined;
    player = undefined;
    throw dealFault(index, error);
  }
}

/** The cards of one of the task's packed decks: 52 a deck of the rules (RULES §10.19). */
function deckSize(task: ChunkTask): number {
  return CARD_COUNT * task.rules.decks;
}

/** The deck of a deal number under the task's numbering. */
function numberedDeal(task: ChunkTask, number: number): Deck {
  return numberedDeck(task.numbering, number, task.rules, task.pysolGame);
}

function holdsDeal(task: ChunkTask, number: number): boolean {
  const count = task.decks ? task.decks.length / deckSize(task) : task.deals.length;
  for (let index = 0; index < count; index++) if (isDeal(task, index, number)) return true;
  return false;
}

/** Whether the task's deal at `index` is deal `number` (for a deck: the deck that number deals). */
function isDeal(task: ChunkTask, index: number, number: number): boolean {
  if (!task.decks) return task.deals[index] === number;
  const wanted = dealFromNumberFor(number, dealShape(task.rules));
  return task.decks.subarray(index * deckSize(task), (index + 1) * deckSize(task)).every((card, i) => card === wanted[i]);
}

function solveDeals(task: ChunkTask): ResultWriter {
  const key = JSON.stringify(task.solver);
  if (!solver || key !== solverLimits) {
    solver = new Solver(task.solver);
    solverLimits = key;
  }
  const count = task.decks ? task.decks.length / deckSize(task) : task.deals.length;
  const writer = task.rate ? new ResultWriter(count).rated() : new ResultWriter(count);
  const current = solver;
  for (let i = 0; i < count; i++) guarded(task, i, () => solveDeal(task, i, current, writer));
  return writer;
}

function solveDeal(task: ChunkTask, i: number, solver: Solver, writer: ResultWriter): void {
  const deck = task.decks ? task.decks.slice(i * deckSize(task), (i + 1) * deckSize(task)) : numberedDeal(task, task.deals[i]);
  const after = task.afters?.[i] ?? '';
  const sofar = after === '' ? undefined : playSoFar(deck, task.rules, after, false).game;
  const result = sofar === undefined ? solver.solve(deck, task.rules) : solver.solvePosition(sofar);
  writer.set(i, result.result, result.nodes, task.timing ? result.ms : 0, formatMoveList(result.moves), result.moves.length, result.unknownReason);
  if (!task.rate) return;
  // after the solve, with the same solver: its table is cleared per solve, so the row does not depend on the deals before it
  if (result.result === 'won') {
    const rating = rateLine(sofar ?? new Game(deck, task.rules), result.moves, solver);
    writer.rate(i, { critical: rating.critical, positions: rating.positions, greedy: rating.greedy });
  } else writer.rate(i, { greedy: playDeal(deck, task.rules, new GreedyPlayer()).result });
}

/** No-peek players: each deal played once; a game that is not won is lost (they do not prove anything). */
function playChunk(task: ChunkTask): ResultWriter {
  const key = JSON.stringify(task.player);
  if (!player || key !== playerKey) {
    player = makePlayer(task.player);
    playerKey = key;
  }
  const current = player;
  const count = task.deals.length;
  const writer = new ResultWriter(count);
  for (let i = 0; i < count; i++) {
    guarded(task, i, () => {
      const result = playDeal(numberedDeal(task, task.deals[i]), task.rules, current);
      const won = result.result === 'won';
      writer.set(i, result.result, 0, task.timing ? result.ms : 0, won ? formatMoveList(result.moves) : '', won ? result.moves.length : 0);
    });
  }
  return writer;
}

export default solveChunk;
