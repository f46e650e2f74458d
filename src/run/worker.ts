// Piscina task: solve or play a chunk of deals with one reused solver or player; results go back through protocol.ts.
import { CARD_COUNT } from '../cards.js';
import { dealFromNumberFor, type Deck } from '../deal.js';
import { numberedDeck } from '../numbering/numbered.js';
import { dealShape } from '../rules.js';
import { formatMoveList } from '../notation.js';
import { makePlayer } from '../players/index.js';
import type { Player } from '../players/observation.js';
import { Solver } from '../solver/search.js';
import { playSoFar } from '../played.js';
import { GreedyPlayer } from '../players/greedy.js';
import { rateLine } from '../show/rate.js';
import { Game } from '../engine.js';
import { playDeal } from './play.js';
import { ResultWriter, type ChunkResult, type ChunkTask } from './protocol.js';

/**
 * Test hook: with EAGLEWING_TEST_CRASH_DEAL=N in its environment, a worker dies (exit code 3) on any task
 * holding deal N, by number or as a deck. The tests use it to check that a dead worker costs only its chunk.
 */
const CRASH_DEAL = process.env.EAGLEWING_TEST_CRASH_DEAL;

let solver: Solver | undefined;
let solverLimits = '';
let player: Player | undefined;
let playerKey = '';

export function solveChunk(task: ChunkTask): ChunkResult {
  const started = performance.now();
  if (CRASH_DEAL !== undefined && holdsDeal(task, Number(CRASH_DEAL))) process.exit(3);
  const writer = task.player.name === 'thoughtful' ? solveDeals(task) : playChunk(task);
  return writer.finish(performance.now() - started);
}

/** The deck of a deal number under the task's numbering. */
function numberedDeal(task: ChunkTask, number: number): Deck {
  return numberedDeck(task.numbering, number, task.rules, task.pysolGame);
}

function holdsDeal(task: ChunkTask, number: number): boolean {
  if (!task.decks) return task.deals.includes(number);
  const wanted = dealFromNumberFor(number, dealShape(task.rules));
  for (let at = 0; at < task.decks.length; at += CARD_COUNT) if (task.decks.subarray(at, at + CARD_COUNT).every((card, i) => card === wanted[i])) return true;
  return false;
}

function solveDeals(task: ChunkTask): ResultWriter {
  const key = JSON.stringify(task.solver);
  if (!solver || key !== solverLimits) {
    solver = new Solver(task.solver);
    solverLimits = key;
  }
  const count = task.decks ? task.decks.length / CARD_COUNT : task.deals.length;
  const writer = task.rate ? new ResultWriter(count).rated() : new ResultWriter(count);
  for (let i = 0; i < count; i++) {
    const deck = task.decks ? task.decks.slice(i * CARD_COUNT, (i + 1) * CARD_COUNT) : numberedDeal(task, task.deals[i]);
    const after = task.afters?.[i] ?? '';
    const sofar = after === '' ? undefined : playSoFar(deck, task.rules, after, false).game;
    const result = sofar === undefined ? solver.solve(deck, task.rules) : solver.solvePosition(sofar);
    writer.set(i, result.result, result.nodes, task.timing ? result.ms : 0, formatMoveList(result.moves), result.moves.length, result.unknownReason);
    if (!task.rate) continue;
    // after the solve, with the same solver: its table is cleared per solve, so the row does not depend on the deals before it
    if (result.result === 'won') {
      const rating = rateLine(sofar ?? new Game(deck, task.rules), result.moves, solver);
      writer.rate(i, { critical: rating.critical, positions: rating.positions, greedy: rating.greedy });
    } else writer.rate(i, { greedy: playDeal(deck, task.rules, new GreedyPlayer()).result });
  }
  return writer;
}

/** No-peek players: each deal played once; a game that is not won is lost (they do not prove anything). */
function playChunk(task: ChunkTask): ResultWriter {
  const key = JSON.stringify(task.player);
  if (!player || key !== playerKey) {
    player = makePlayer(task.player);
    playerKey = key;
  }
  const count = task.deals.length;
  const writer = new ResultWriter(count);
  for (let i = 0; i < count; i++) {
    const result = playDeal(numberedDeal(task, task.deals[i]), task.rules, player);
    const won = result.result === 'won';
    writer.set(i, result.result, 0, task.timing ? result.ms : 0, won ? formatMoveList(result.moves) : '', won ? result.moves.length : 0);
  }
  return writer;
}

export default solveChunk;
