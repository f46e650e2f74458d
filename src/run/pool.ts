// Runs chunks of deals on worker threads (piscina) as the scheduler says; the one pool of sim, sweep and solve --deals-file.
import { asciiTrim, quote } from '../text.js';
import { availableParallelism } from 'node:os';
import { CARD_COUNT } from '../cards.js';
import { Piscina } from 'piscina';
import { InputError, SolverFault } from '../errors.js';
import type { Numbering } from '../numbering/pysol.js';
import type { PlayerSpec } from '../players/index.js';
import type { RuleSet } from '../rules.js';
import type { SolverOptions } from '../solver/solver.js';
import type { DealRow } from './csv.js';
import { readFault, readResults, type ChunkResult, type ChunkTask, type DealOutcome } from './protocol.js';
import { planChunks, plannedItemCount, Scheduler, type Chunk, type Dispatch, type DoneItems, type Shard } from './scheduler.js';

export interface SimJob {
  preset: string;
  rules: RuleSet;
  /** Canonical rules string for the rows. */
  rulesText: string;
  player: PlayerSpec;
  /** The `player` column. */
  playerLabel: string;
  /** With --numbering pysol: the PySolFC game whose deals the numbers are (pysolGameFor). */
  pysolGame?: number;
}

export interface PoolOptions {
  jobs: SimJob[];
  from: number;
  deals: number;
  workers: number;
  chunk: number;
  shard: Shard;
  solver: SolverOptions;
  timing: boolean;
  /** Whose deal numbers --from … are. */
  numbering: Numbering;
  /** Rate each deal too (sim --rate): the rows carry `rating`. */
  rate?: boolean;
  /** Deals already done (in a file being resumed), by job index: skipped. */
  done: DoneItems;
  /** Called with each chunk's rows, in plan order. */
  onRows: (rows: DealRow[]) => void;
  /** Stop dispatching and hand back what has finished (in plan order, with gaps) when this aborts. */
  signal?: AbortSignal;
}

export interface PoolOutcome {
  /** True when the signal stopped the run before every chunk finished. */
  interrupted: boolean;
}

export const DEFAULT_CHUNK = 10;

export function defaultWorkers(): number {
  return availableParallelism();
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(asciiTrim(text));
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new InputError(`--shard must be i/n with 1 ≤ i ≤ n, got ${quote(text)}`);
  return { index, count };
}

/** Deals a sim run will solve: its range, shard and done deals taken into account. */
export function plannedDeals(options: Pick<PoolOptions, 'jobs' | 'from' | 'deals' | 'chunk' | 'shard' | 'done'>): number {
  return plannedItemCount({ jobs: options.jobs.length, from: options.from, count: options.deals, chunk: options.chunk, shard: options.shard, done: options.done });
}

interface Drive<R> {
  scheduler: Scheduler<R>;
  workers: number;
  /** Tasks the run will have at least (threads are started up front, up to the workers). */
  tasks: number;
  /** The worker task for a dispatch. */
  task: (dispatch: Dispatch) => ChunkTask;
  /** A chunk's result from its deals' outcomes. */
  result: (chunk: Chunk, outcomes: DealOutcome[]) => R;
  /** Results in plan order as they are ready. */
  onResults: (results: R[]) => void;
  /** What failed, in words, for a task whose worker threw on the deal at `index` of the task (undefined: the thread died). */
  fault: (dispatch: Dispatch, index: number | undefined) => string;
  signal?: AbortSignal;
}

/**
 * Runs the scheduler's dispatches on piscina until every chunk is handed back, or the signal aborts. A
 * task that fails (its solver threw, or its thread died) is a bug, never a verdict: nothing more is
 * started, the finished chunks are handed back as on an abort, and a SolverFault naming the deal is
 * thrown once the pool is down.
 */
async function drive<R>(options: Drive<R>): Promise<PoolOutcome> {
  const { scheduler } = options;
  const pool = new Piscina<ChunkTask, ChunkResult>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: Math.min(options.workers, Math.max(1, options.tasks)),
    maxThreads: options.workers,
    idleTimeout: 1000,
  });
  let running = 0;
  /** Set by an abort, or once the run is over: nothing more is launched, and late worker messages are not faults. */
  let stopped = false;
  let poolError: unknown;
  let fault: SolverFault | undefined;
  // once stopped, a task still running may report to a pool being destroyed, which piscina raises as an
  // 'error' event; its rows are not wanted any more. Before that, such an event is a fault to report.
  pool.on('error', (error: unknown) => {
    if (!stopped) poolError ??= error;
  });
  const window = options.workers * 2;
  try {
    await new Promise<void>((resolve) => {
      const outcomesOf = (dispatch: Dispatch, outcomes: DealOutcome[]): R[] => {
        let offset = 0;
        return dispatch.chunks.map((chunk) => {
          const part = outcomes.slice(offset, offset + chunk.items.length);
          offset += chunk.items.length;
          return options.result(chunk, part);
        });
      };
      // results carry their deals, so finished chunks are kept even out of order
      const halt = () => {
        stopped = true;
        const ready = [...scheduler.takeReady(), ...scheduler.takeFinished()];
        if (ready.length > 0) options.onResults(ready);
        resolve();
      };
      const launch = () => {
        while (!stopped && running < window) {
          const dispatch = scheduler.next();
          if (!dispatch) break;
          running++;
          pool
            .run(options.task(dispatch))
            .then(
              (result) => scheduler.succeeded(dispatch, outcomesOf(dispatch, readResults(result)), result.elapsedMs),
              (error: unknown) => {
                if (stopped) return;
                const { index, message } = readFault(error);
                fault = new SolverFault(`${options.fault(dispatch, index)}: ${message}`);
                halt();
              },
            )
            .finally(() => {
              running--;
              if (stopped) return;
              const ready = scheduler.takeReady();
              if (ready.length > 0) options.onResults(ready);
              if (scheduler.done()) resolve();
              else launch();
            });
        }
      };
      options.signal?.addEventListener('abort', halt);
      launch();
      if (scheduler.done()) resolve();
    });
  } finally {
    stopped = true;
    await pool.destroy();
  }
  if (fault !== undefined) throw fault;
  if (poolError !== undefined) throw poolError;
  return { interrupted: !scheduler.done() };
}

/** Solves (or plays) numbered deals for each job; rows come back chunk by chunk in plan order. */
export async function runPool(options: PoolOptions): Promise<PoolOutcome> {
  const spec = { jobs: options.jobs.length, from: options.from, count: options.deals, chunk: options.chunk, shard: options.shard, done: options.done };
  const planned = plannedItemCount(spec);
  return drive<DealRow[]>({
    scheduler: new Scheduler(planChunks(spec), planned, options.workers),
    workers: options.workers,
    tasks: Math.ceil(planned / options.chunk),
    task: (dispatch) => {
      const { rules, player, pysolGame } = options.jobs[dispatch.chunks[0].job];
      return { rules, solver: options.solver, deals: Float64Array.from(dispatch.chunks.flatMap((chunk) => chunk.items)), numbering: options.numbering, pysolGame, timing: options.timing, player, rate: options.rate ?? false };
    },
    result: (chunk, outcomes) => {
      const job = options.jobs[chunk.job];
      return outcomes.map((outcome, i) => ({ deal: chunk.items[i], preset: job.preset, rules: job.rulesText, player: job.playerLabel, ...outcome }));
    },
    onResults: (results) => {
      for (const rows of results) options.onRows(rows);
    },
    fault: (dispatch, index) => {
      const deals = dispatch.chunks.flatMap((chunk) => chunk.items.map((deal) => `${options.jobs[chunk.job].preset} deal ${deal}`));
      return index === undefined ? `a worker thread died on a task of ${deals.length} deal(s), ${deals[0]} to ${deals[deals.length - 1]}` : `the solver failed on ${deals[index]}`;
    },
    signal: options.signal,
  });
}

/** The solver, for solve --deals-file --workers N. */
const THOUGHTFUL: PlayerSpec = { name: 'thoughtful', sampling: { samples: 0, nodesPerSolve: 0, seed: 0 } };

/**
 * Solves decks on worker threads; results in input order. A worker that throws or dies stops it with a
 * SolverFault naming the deck (its place in the input, from 1), as in sim. `afters[i]`, when given, are
 * moves played in deck i already: it is solved from there.
 */
export async function solveDecks(decks: Uint8Array[], rules: RuleSet, solver: SolverOptions, workers: number, afters?: readonly string[], chunk = DEFAULT_CHUNK): Promise<DealOutcome[]> {
  const spec = { jobs: 1, from: 0, count: decks.length, chunk, shard: { index: 1, count: 1 } };
  const results: DealOutcome[] = [];
  await drive<DealOutcome[]>({
    scheduler: new Scheduler(planChunks(spec), decks.length, workers),
    workers,
    tasks: Math.ceil(decks.length / chunk),
    task: (dispatch) => {
      const indices = dispatch.chunks.flatMap((part) => part.items);
      // RULES §10.19: a deck of the rules' decks, 52 cards each
      const size = CARD_COUNT * rules.decks;
      const packed = new Uint8Array(indices.length * size);
      indices.forEach((index, i) => packed.set(decks[index], i * size));
      const task = { rules, solver, deals: new Float64Array(0), decks: packed, numbering: 'eaglewing' as const, timing: true, player: THOUGHTFUL, rate: false };
      return afters === undefined ? task : { ...task, afters: indices.map((index) => afters[index]) };
    },
    result: (_chunk, outcomes) => outcomes,
    onResults: (ready) => {
      for (const outcomes of ready) results.push(...outcomes);
    },
    fault: (dispatch, index) => {
      const decks = dispatch.chunks.flatMap((part) => part.items.map((item) => item + 1));
      return index === undefined ? `a worker thread died on decks ${decks[0]} to ${decks[decks.length - 1]} of the input` : `the solver failed on deck ${decks[index]} of the input`;
    },
  });
  return results;
}
