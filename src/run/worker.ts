// Piscina task: solve a chunk of numbered deals with one reused solver; results return as typed arrays and two strings.
import { dealFromNumber } from '../deal.js';
import { formatMoveList } from '../notation.js';
import type { RuleSet } from '../rules.js';
import { Solver, type SolveLimits } from '../solver/search.js';
import { makePlayer, type PlayerSpec } from '../players/index.js';
import type { Player } from '../players/observation.js';
import { playDeal } from './play.js';

export interface ChunkTask {
  rules: RuleSet;
  limits: SolveLimits;
  deals: Float64Array;
  /** Instead of numbers: decks, 52 bytes each (solve --deals-file). */
  decks?: Uint8Array;
  /** Record wall-clock ms per deal (off: 0, so that files are byte-identical run to run). */
  timing: boolean;
  player: PlayerSpec;
}

export const RESULT_WON = 0;
export const RESULT_LOST = 1;
export const RESULT_UNKNOWN = 2;

export interface ChunkResult {
  results: Uint8Array;
  nodes: Float64Array;
  ms: Float64Array;
  solutionLengths: Uint32Array;
  /** One line per deal: the RULES §5 solution, empty unless won. */
  solutions: string;
  /** One line per deal: why it is unknown, else empty. */
  reasons: string;
  /** Wall-clock ms the worker spent on the whole task: the pool sizes later tasks by it. */
  elapsedMs: number;
}

function emptyResult(count: number): ChunkResult {
  return {
    results: new Uint8Array(count),
    nodes: new Float64Array(count),
    ms: new Float64Array(count),
    solutionLengths: new Uint32Array(count),
    solutions: '',
    reasons: '',
    elapsedMs: 0,
  };
}

let solver: Solver | undefined;
let solverLimits = '';
let player: Player | undefined;
let playerKey = '';

export function solveChunk(task: ChunkTask): ChunkResult {
  const started = performance.now();
  const out = task.player.name === 'thoughtful' ? solveDeals(task) : playChunk(task);
  out.elapsedMs = performance.now() - started;
  return out;
}

function solveDeals(task: ChunkTask): ChunkResult {
  const key = JSON.stringify(task.limits);
  if (!solver || key !== solverLimits) {
    solver = new Solver(task.limits);
    solverLimits = key;
  }
  const count = task.decks ? task.decks.length / 52 : task.deals.length;
  const out = emptyResult(count);
  const solutions: string[] = [];
  const reasons: string[] = [];
  for (let i = 0; i < count; i++) {
    const deck = task.decks ? task.decks.slice(i * 52, i * 52 + 52) : dealFromNumber(task.deals[i]);
    const result = solver.solve(deck, task.rules);
    out.results[i] = result.result === 'won' ? RESULT_WON : result.result === 'lost' ? RESULT_LOST : RESULT_UNKNOWN;
    out.nodes[i] = result.nodes;
    out.ms[i] = task.timing ? result.ms : 0;
    out.solutionLengths[i] = result.moves.length;
    solutions.push(formatMoveList(result.moves));
    reasons.push(result.unknownReason ?? '');
  }
  out.solutions = solutions.join('\n');
  out.reasons = reasons.join('\n');
  return out;
}

/** No-peek players: each deal played once; a game that is not won is lost (they do not prove anything). */
function playChunk(task: ChunkTask): ChunkResult {
  const key = JSON.stringify(task.player);
  if (!player || key !== playerKey) {
    player = makePlayer(task.player);
    playerKey = key;
  }
  const count = task.deals.length;
  const out = emptyResult(count);
  const solutions: string[] = [];
  for (let i = 0; i < count; i++) {
    const result = playDeal(dealFromNumber(task.deals[i]), task.rules, player);
    out.results[i] = result.result === 'won' ? RESULT_WON : RESULT_LOST;
    out.ms[i] = task.timing ? result.ms : 0;
    out.solutionLengths[i] = result.result === 'won' ? result.moves.length : 0;
    solutions.push(result.result === 'won' ? formatMoveList(result.moves) : '');
  }
  out.solutions = solutions.join('\n');
  out.reasons = new Array(count).fill('').join('\n');
  return out;
}

export default solveChunk;
