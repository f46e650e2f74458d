// Runs numbered deals on worker threads (piscina): chunking, shards, resume skips, rows handed back in a fixed order.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { InputError } from '../errors.js';
import type { RuleSet } from '../rules.js';
import type { SolveLimits } from '../solver/search.js';
import type { PlayerSpec } from '../players/index.js';
import type { DealResult, DealRow } from './csv.js';
import { RESULT_LOST, RESULT_WON, type ChunkResult, type ChunkTask } from './worker.js';

export interface SimJob {
  preset: string;
  rules: RuleSet;
  /** Canonical rules string for the rows. */
  rulesText: string;
  player: PlayerSpec;
  /** The `player` column. */
  playerLabel: string;
}

export interface Shard {
  index: number;
  count: number;
}

export interface PoolOptions {
  jobs: SimJob[];
  from: number;
  deals: number;
  workers: number;
  chunk: number;
  shard: Shard;
  limits: SolveLimits;
  timing: boolean;
  /** Deals already done, as `${preset}\0${deal}`: skipped. */
  skip: Set<string>;
  /** Called with each chunk's rows, in chunk order. */
  onRows: (rows: DealRow[]) => void;
  /** Stop dispatching and hand back what has finished (in any order) when this aborts. */
  signal?: AbortSignal;
}

export const DEFAULT_CHUNK = 10;

export function defaultWorkers(): number {
  return availableParallelism();
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new InputError(`--shard must be i/n with 1 ≤ i ≤ n, got '${text}'`);
  return { index, count };
}

interface PlannedTask {
  job: SimJob;
  deals: number[];
}

/** Chunks of the range per job; shard i/n keeps chunks i-1, i-1+n, …; resumed deals are left out. */
export function planTasks(options: Pick<PoolOptions, 'jobs' | 'from' | 'deals' | 'chunk' | 'shard' | 'skip'>): PlannedTask[] {
  const tasks: PlannedTask[] = [];
  const chunkCount = Math.ceil(options.deals / options.chunk);
  for (let chunk = options.shard.index - 1; chunk < chunkCount; chunk += options.shard.count) {
    for (const job of options.jobs) {
      const deals: number[] = [];
      const first = options.from + chunk * options.chunk;
      const last = Math.min(options.from + options.deals, first + options.chunk);
      for (let deal = first; deal < last; deal++) if (options.skip.size === 0 || !options.skip.has(`${job.preset}\u0000${deal}`)) deals.push(deal);
      if (deals.length > 0) tasks.push({ job, deals });
    }
  }
  return tasks;
}

const RESULT_NAMES: DealResult[] = ['won', 'lost', 'unknown'];

/** Rows of one planned task whose deals sit at `offset…` in a result that may cover several tasks. */
function rowsOf(task: PlannedTask, result: ChunkResult, solutions: string[], reasons: string[], offset: number): DealRow[] {
  return task.deals.map((deal, i) => {
    const at = offset + i;
    return {
      deal,
      preset: task.job.preset,
      rules: task.job.rulesText,
      player: task.job.playerLabel,
      result: RESULT_NAMES[result.results[at]],
      nodes: result.nodes[at],
      ms: result.ms[at],
      solutionLength: result.solutionLengths[at],
      solution: result.results[at] === RESULT_WON ? solutions[at] : '',
      reason: result.results[at] === RESULT_WON || result.results[at] === RESULT_LOST ? '' : reasons[at],
    };
  });
}

/** The deal numbers of several planned chunks, in order, as one task's array. */
function dealNumbers(chunks: number[][]): Float64Array {
  const numbers = new Float64Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    numbers.set(chunk, at);
    at += chunk.length;
  }
  return numbers;
}

/** The reason written for deals whose worker died twice. */
function workerFailure(error: unknown): string {
  return `worker failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}`;
}

/** A chunk whose worker died twice: every deal unknown, with the reason, so no deal is dropped silently. */
function crashedRows(task: PlannedTask, error: unknown): DealRow[] {
  const reason = workerFailure(error);
  return task.deals.map((deal) => ({
    deal,
    preset: task.job.preset,
    rules: task.job.rulesText,
    player: task.job.playerLabel,
    result: 'unknown',
    nodes: 0,
    ms: 0,
    solutionLength: 0,
    solution: '',
    reason,
  }));
}

/**
 * Handing a task to a worker and its rows back costs about 0.3 ms, as long as solving some fifteen strict
 * deals; so once a preset's speed is known, consecutive planned chunks of it go out together as one task of
 * about this many milliseconds. Rows do not depend on the grouping.
 */
export const TASK_TARGET_MS = 50;

/** Planned tasks solved by one worker task; `retry` once a first attempt at them failed. */
interface Dispatch {
  indices: number[];
  retry: boolean;
}

export interface PoolOutcome {
  /** True when the signal stopped the run before every task finished. */
  interrupted: boolean;
  tasksDone: number;
  tasksPlanned: number;
}

export async function runPool(options: PoolOptions): Promise<PoolOutcome> {
  const tasks = planTasks(options);
  const pool = new Piscina<ChunkTask, ChunkResult>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: Math.min(options.workers, Math.max(1, tasks.length)),
    maxThreads: options.workers,
    idleTimeout: 1000,
  });
  const finished = new Map<number, DealRow[]>();
  const started = new Uint8Array(tasks.length);
  // a failed task's chunks go again one by one (a crash may have been its neighbour's), and fail for good after that
  const retries: number[] = [];
  const measured = new Map<SimJob, { deals: number; ms: number }>();
  let unstartedDeals = tasks.reduce((sum, task) => sum + task.deals.length, 0);
  let firstUnstarted = 0;
  let nextToHand = 0;
  let running = 0;
  let interrupted = false;
  const window = options.workers * 2;

  /** Deals for the next task of a job: one chunk until its speed is known; never so many that the end of the run waits on one worker. */
  const dealBudget = (job: SimJob): number => {
    const rate = measured.get(job);
    if (!rate || rate.deals === 0) return 0;
    const forTarget = rate.ms > 0 ? (TASK_TARGET_MS * rate.deals) / rate.ms : Infinity;
    return Math.min(forTarget, unstartedDeals / (options.workers * 4));
  };

  const nextDispatch = (): Dispatch | undefined => {
    const retry = retries.shift();
    if (retry !== undefined) return { indices: [retry], retry: true };
    while (firstUnstarted < tasks.length && started[firstUnstarted]) firstUnstarted++;
    if (firstUnstarted === tasks.length) return undefined;
    const job = tasks[firstUnstarted].job;
    const budget = dealBudget(job);
    const indices: number[] = [];
    let dealCount = 0;
    for (let index = firstUnstarted; index < tasks.length; index++) {
      if (started[index] || tasks[index].job !== job) continue;
      if (indices.length > 0 && dealCount + tasks[index].deals.length > budget) break;
      started[index] = 1;
      indices.push(index);
      dealCount += tasks[index].deals.length;
    }
    unstartedDeals -= dealCount;
    return { indices, retry: false };
  };

  try {
    await new Promise<void>((resolve) => {
      const handBack = () => {
        while (finished.has(nextToHand)) {
          options.onRows(finished.get(nextToHand)!);
          finished.delete(nextToHand);
          nextToHand++;
        }
      };
      const received = (dispatch: Dispatch, result: ChunkResult) => {
        const solutions = result.solutions.split('\n');
        const reasons = result.reasons.split('\n');
        let offset = 0;
        for (const index of dispatch.indices) {
          finished.set(index, rowsOf(tasks[index], result, solutions, reasons, offset));
          offset += tasks[index].deals.length;
        }
        const job = tasks[dispatch.indices[0]].job;
        const rate = measured.get(job) ?? { deals: 0, ms: 0 };
        measured.set(job, { deals: rate.deals + offset, ms: rate.ms + result.elapsedMs });
      };
      const failed = (dispatch: Dispatch, error: unknown) => {
        if (dispatch.retry) for (const index of dispatch.indices) finished.set(index, crashedRows(tasks[index], error));
        else retries.push(...dispatch.indices);
      };
      const launch = () => {
        if (interrupted) return;
        while (running < window) {
          const current = nextDispatch();
          if (!current) return;
          const { job } = tasks[current.indices[0]];
          running++;
          pool
            .run({ rules: job.rules, limits: options.limits, deals: dealNumbers(current.indices.map((index) => tasks[index].deals)), timing: options.timing, player: job.player })
            .then(
              (result) => received(current, result),
              (error: unknown) => failed(current, error),
            )
            .finally(() => {
              running--;
              if (interrupted) return;
              handBack();
              if (nextToHand === tasks.length) resolve();
              else launch();
            });
        }
      };
      options.signal?.addEventListener('abort', () => {
        interrupted = true;
        // rows are tagged with their deal, so finished chunks are kept even out of order
        handBack();
        for (const index of [...finished.keys()].sort((a, b) => a - b)) options.onRows(finished.get(index)!);
        finished.clear();
        resolve();
      });
      if (tasks.length === 0) resolve();
      else launch();
    });
  } finally {
    await pool.destroy();
  }
  return { interrupted, tasksDone: nextToHand, tasksPlanned: tasks.length };
}

export interface DeckResult {
  result: DealResult;
  nodes: number;
  ms: number;
  /** RULES §5 tokens with cards; empty unless won. */
  moves: string;
  unknownReason: string;
}

/** Solves decks (solve --deals-file --workers N) on worker threads; results in input order. A chunk whose worker dies is solved again once, then reported unknown with the reason, as in sim. */
export async function solveDecks(decks: Uint8Array[], rules: RuleSet, limits: SolveLimits, workers: number, chunk = DEFAULT_CHUNK): Promise<DeckResult[]> {
  const pool = new Piscina<ChunkTask, ChunkResult>({ filename: new URL('./worker.js', import.meta.url).href, maxThreads: workers, minThreads: 1, idleTimeout: 1000 });
  const player: PlayerSpec = { name: 'thoughtful', sampling: { samples: 0, nodesPerSolve: 0, seed: 0 } };
  const solvePart = async (part: Uint8Array[]): Promise<DeckResult[]> => {
    const packed = new Uint8Array(part.length * 52);
    part.forEach((deck, i) => packed.set(deck, i * 52));
    const result = await pool.run({ rules, limits, deals: new Float64Array(0), decks: packed, timing: true, player });
    const solutions = result.solutions.split('\n');
    const reasons = result.reasons.split('\n');
    return part.map((_, i) => ({ result: RESULT_NAMES[result.results[i]], nodes: result.nodes[i], ms: result.ms[i], moves: solutions[i], unknownReason: reasons[i] }));
  };
  const failedPart = (part: Uint8Array[], error: unknown): DeckResult[] =>
    part.map(() => ({ result: 'unknown', nodes: 0, ms: 0, moves: '', unknownReason: workerFailure(error) }));
  try {
    const chunks: Promise<DeckResult[]>[] = [];
    for (let start = 0; start < decks.length; start += chunk) {
      const part = decks.slice(start, start + chunk);
      chunks.push(solvePart(part).catch(() => solvePart(part).catch((error: unknown) => failedPart(part, error))));
    }
    return (await Promise.all(chunks)).flat();
  } finally {
    await pool.destroy();
  }
}
