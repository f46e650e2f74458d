// What goes to a worker and comes back: the task, and the per-deal results packed as typed arrays plus two strings.
import type { Numbering } from '../numbering/pysol.js';
import type { PlayerSpec } from '../players/index.js';
import type { RuleSet } from '../rules.js';
import type { SolverOptions, UnknownReason, Verdict } from '../solver/solver.js';

export interface ChunkTask {
  rules: RuleSet;
  solver: SolverOptions;
  /** Deal numbers to solve, or none when `decks` is given. */
  deals: Float64Array;
  /** Whose numbers `deals` are. */
  numbering: Numbering;
  /** With numbering pysol: the PySolFC game whose deals the numbers are (pysolGameFor). */
  pysolGame?: number;
  /** Instead of numbers: decks, 52 bytes each (solve --deals-file). */
  decks?: Uint8Array;
  /** With decks: per deck, the moves played so far (RULES §5 tokens, checked already; '' for none): solved from there. */
  afters?: string[];
  /** Record wall-clock ms per deal (off: 0, so that files are byte-identical run to run). */
  timing: boolean;
  player: PlayerSpec;
  /** Rate each deal too (sim --rate, the solver only): critical positions on a won deal's solution, and the greedy player's result. */
  rate: boolean;
}

export interface ChunkResult {
  verdicts: Uint8Array;
  nodes: Float64Array;
  ms: Float64Array;
  solutionLengths: Uint32Array;
  /** One line per deal: the RULES §5 solution, empty unless won. */
  solutions: string;
  /** One line per deal: why it is unknown, else empty. */
  reasons: string;
  /** With ChunkTask.rate: per deal, critical positions on the solution (NO_COUNT unless won), positions rated, and GREEDY_CODES of the greedy player's result. */
  critical?: Int32Array;
  ratedPositions?: Int32Array;
  greedy?: Uint8Array;
  /** Wall-clock ms the worker spent on the whole task: the scheduler sizes later tasks by it. */
  elapsedMs: number;
}

/** One deal's result as the pool hands it on. */
export interface DealOutcome {
  result: Verdict;
  nodes: number;
  ms: number;
  solutionLength: number;
  /** RULES §5 tokens with cards; empty unless won. */
  solution: string;
  /** Why it is unknown (the limit that stopped it); empty otherwise. */
  reason: string;
  /** With sim --rate. */
  rating?: DealRating;
}

/** A deal's rating as sim --rate writes it (RULES §9): the counts only for a won deal, the greedy player's result for every deal. */
export interface DealRating {
  /** Positions on the solution found where at most one legal move keeps the game winnable (undecided ones not counted). */
  critical?: number;
  /** Positions on the solution that were rated: every one before the win, so the solution's length. */
  positions?: number;
  greedy: 'won' | 'lost';
}

/** A count that is not there (the deal is not won). */
const NO_COUNT = -1;
/** The greedy player's result in ChunkResult.greedy. */
const GREEDY_CODES: readonly DealRating['greedy'][] = ['won', 'lost'];

const VERDICTS: readonly Verdict[] = ['won', 'lost', 'unknown'];

/** Fills a ChunkResult deal by deal, in the worker. */
export class ResultWriter {
  private readonly result: ChunkResult;
  private readonly solutions: string[] = [];
  private readonly reasons: string[] = [];

  constructor(count: number) {
    this.result = {
      verdicts: new Uint8Array(count),
      nodes: new Float64Array(count),
      ms: new Float64Array(count),
      solutionLengths: new Uint32Array(count),
      solutions: '',
      reasons: '',
      elapsedMs: 0,
    };
  }

  /** Makes room for the ratings (before any set): a task with `rate` hands them back. */
  rated(): this {
    const count = this.result.verdicts.length;
    this.result.critical = new Int32Array(count).fill(NO_COUNT);
    this.result.ratedPositions = new Int32Array(count).fill(NO_COUNT);
    this.result.greedy = new Uint8Array(count);
    return this;
  }

  rate(index: number, rating: DealRating): void {
    if (!this.result.critical || !this.result.ratedPositions || !this.result.greedy) throw new Error('rate() on a writer made without rated()');
    this.result.critical[index] = rating.critical ?? NO_COUNT;
    this.result.ratedPositions[index] = rating.positions ?? NO_COUNT;
    this.result.greedy[index] = GREEDY_CODES.indexOf(rating.greedy);
  }

  set(index: number, verdict: Verdict, nodes: number, ms: number, solution: string, solutionLength: number, reason: UnknownReason | string = ''): void {
    this.result.verdicts[index] = VERDICTS.indexOf(verdict);
    this.result.nodes[index] = nodes;
    this.result.ms[index] = ms;
    this.result.solutionLengths[index] = solutionLength;
    this.solutions[index] = solution;
    this.reasons[index] = reason;
  }

  finish(elapsedMs: number): ChunkResult {
    this.result.solutions = this.solutions.join('\n');
    this.result.reasons = this.reasons.join('\n');
    this.result.elapsedMs = elapsedMs;
    return this.result;
  }
}

/** The deals of a ChunkResult, in task order. */
export function readResults(result: ChunkResult): DealOutcome[] {
  const solutions = result.solutions.split('\n');
  const reasons = result.reasons.split('\n');
  return Array.from(result.verdicts, (verdict, i) => {
    const outcome: DealOutcome = {
      result: VERDICTS[verdict],
      nodes: result.nodes[i],
      ms: result.ms[i],
      solutionLength: result.solutionLengths[i],
      solution: VERDICTS[verdict] === 'won' ? solutions[i] : '',
      reason: VERDICTS[verdict] === 'unknown' ? reasons[i] : '',
    };
    if (result.critical && result.ratedPositions && result.greedy) outcome.rating = readRating(result.critical[i], result.ratedPositions[i], result.greedy[i]);
    return outcome;
  });
}

function readRating(critical: number, positions: number, greedy: number): DealRating {
  const rating: DealRating = { greedy: GREEDY_CODES[greedy] };
  if (critical !== NO_COUNT) rating.critical = critical;
  if (positions !== NO_COUNT) rating.positions = positions;
  return rating;
}


/** A worker's error for the deal at `index` of its task (the pool reads the place back, readFault, to name the deal); the message and its stack kept. */
export function dealFault(index: number, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const fault = new Error(`task item ${index}: ${message}`);
  if (error instanceof Error && error.stack) fault.stack = error.stack;
  return fault;
}

/** A failed task's error: the deal's place in the task (absent when the worker thread died), and the message's first line. */
export function readFault(error: unknown): { index?: number; message: string } {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  const match = /^task item (\d+): /.exec(text);
  return match ? { index: Number(match[1]), message: text.slice(match[0].length) } : { message: text };
}
