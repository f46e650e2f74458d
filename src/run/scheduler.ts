// Pure scheduling for the worker pool: the plan of chunks, grouping quick ones, dispatch, results in plan order.

/** A planned piece of work: some items (deal numbers, or indices into a list of decks) of one job. */
export interface Chunk {
  /** Its place in the plan: results are handed back in this order. */
  readonly seq: number;
  readonly job: number;
  readonly items: readonly number[];
}

export interface Shard {
  index: number;
  count: number;
}

/** Items already done (deals found in a file being resumed), per job: the one place a resumed deal is keyed. */
export class DoneItems {
  private readonly byJob = new Map<number, Set<number>>();

  add(job: number, item: number): void {
    let items = this.byJob.get(job);
    if (!items) this.byJob.set(job, (items = new Set()));
    items.add(item);
  }
  has(job: number, item: number): boolean {
    return this.byJob.get(job)?.has(item) ?? false;
  }
  *entries(): Generator<[number, number]> {
    for (const [job, items] of this.byJob) for (const item of items) yield [job, item];
  }
}

export interface PlanSpec {
  /** How many jobs (presets, or sweep points) share the range. */
  jobs: number;
  /** The first item and how many: items from … from + count - 1. */
  from: number;
  count: number;
  /** Items per chunk; shards must use the same value. */
  chunk: number;
  /** Shard i/n keeps chunks i-1, i-1+n, … of the range. */
  shard: Shard;
  done?: DoneItems;
}

/**
 * The planned chunks in order, made as they are needed (a huge range is never held in memory): each
 * chunk of the shard's part of the range, for each job in turn, done items left out, empty chunks skipped.
 */
export function* planChunks(spec: PlanSpec): Generator<Chunk> {
  const chunkCount = Math.ceil(spec.count / spec.chunk);
  const end = spec.from + spec.count;
  let seq = 0;
  for (let chunk = spec.shard.index - 1; chunk < chunkCount; chunk += spec.shard.count) {
    const first = spec.from + chunk * spec.chunk;
    const last = Math.min(end, first + spec.chunk);
    for (let job = 0; job < spec.jobs; job++) {
      const items: number[] = [];
      for (let item = first; item < last; item++) if (!spec.done?.has(job, item)) items.push(item);
      if (items.length > 0) yield { seq: seq++, job, items };
    }
  }
}

/** How many items planChunks(spec) holds, worked out without making the plan. */
export function plannedItemCount(spec: PlanSpec): number {
  const chunkCount = Math.ceil(spec.count / spec.chunk);
  const firstChunk = spec.shard.index - 1;
  const chunksInShard = firstChunk < chunkCount ? Math.floor((chunkCount - 1 - firstChunk) / spec.shard.count) + 1 : 0;
  let items = chunksInShard * spec.chunk;
  const lastChunk = chunkCount - 1;
  if (chunksInShard > 0 && (lastChunk - firstChunk) % spec.shard.count === 0) items -= chunkCount * spec.chunk - spec.count;
  let total = items * spec.jobs;
  for (const [job, item] of spec.done?.entries() ?? []) {
    const offset = item - spec.from;
    if (job < spec.jobs && offset >= 0 && offset < spec.count && Math.floor(offset / spec.chunk) % spec.shard.count === firstChunk) total--;
  }
  return total;
}

/** Chunks handed to one worker task. */
export interface Dispatch {
  readonly chunks: readonly Chunk[];
}

/**
 * Handing a task to a worker and its results back costs about 0.3 ms, as long as solving some fifteen
 * strict deals; so once a job's speed is known, consecutive planned chunks of it go out together as one
 * task of about this many milliseconds. Results do not depend on the grouping.
 */
export const TASK_TARGET_MS = 50;

/** Grouping looks this many planned chunks ahead at most, for chunks of the same job among other jobs' chunks. */
const MAX_LOOK_AHEAD = 4096;

/**
 * Decides what each worker task holds and puts results back in plan order. R is one chunk's result.
 * - A job's first chunks go out one at a time until its speed is known; then chunks of that job are
 *   grouped up to TASK_TARGET_MS, but never more than a quarter of a worker's share of what is left,
 *   so the end of a run does not wait on one worker.
 * - A failed task is not tried again: a solver that throws is a bug (pool.ts stops the run).
 */
export class Scheduler<R> {
  /** Planned chunks taken from the plan but not started, in plan order. */
  private readonly waiting: Chunk[] = [];
  private readonly finished = new Map<number, R>();
  private readonly speed = new Map<number, { items: number; ms: number }>();
  private unstartedItems: number;
  private planned = 0;
  private planEnded = false;
  private nextToHand = 0;
  private running = 0;

  constructor(
    private readonly plan: Iterator<Chunk>,
    totalItems: number,
    private readonly workers: number,
  ) {
    this.unstartedItems = totalItems;
  }

  /** The next task to start, or undefined when nothing is left to start now. */
  next(): Dispatch | undefined {
    if (this.waiting.length === 0 && !this.pull()) return undefined;
    const job = this.waiting[0].job;
    const budget = this.budget(job);
    const chunks: Chunk[] = [];
    let items = 0;
    for (let index = 0; index < this.waiting.length || (this.waiting.length < MAX_LOOK_AHEAD && this.pull()); ) {
      const chunk = this.waiting[index];
      if (chunk.job !== job) {
        index++;
        continue;
      }
      if (chunks.length > 0 && items + chunk.items.length > budget) break;
      chunks.push(chunk);
      items += chunk.items.length;
      this.waiting.splice(index, 1);
    }
    this.unstartedItems -= items;
    this.running++;
    return { chunks };
  }

  /** A task's results arrived: one result per chunk, and the time the worker spent on it. */
  succeeded(dispatch: Dispatch, results: readonly R[], elapsedMs: number): void {
    this.running--;
    let items = 0;
    dispatch.chunks.forEach((chunk, i) => {
      this.finished.set(chunk.seq, results[i]);
      items += chunk.items.length;
    });
    const job = dispatch.chunks[0].job;
    const speed = this.speed.get(job) ?? { items: 0, ms: 0 };
    this.speed.set(job, { items: speed.items + items, ms: speed.ms + elapsedMs });
  }


  /** Finished results that are next in plan order, handed out once each. */
  takeReady(): R[] {
    const ready: R[] = [];
    while (this.finished.has(this.nextToHand)) {
      ready.push(this.finished.get(this.nextToHand)!);
      this.finished.delete(this.nextToHand++);
    }
    return ready;
  }

  /** Every finished result not yet handed out, in plan order, gaps and all (for a run that stops early). */
  takeFinished(): R[] {
    const seqs = [...this.finished.keys()].sort((a, b) => a - b);
    const results = seqs.map((seq) => this.finished.get(seq)!);
    this.finished.clear();
    return results;
  }

  /** True once every planned chunk is finished and handed out. */
  done(): boolean {
    return this.planEnded && this.waiting.length === 0 && this.running === 0 && this.nextToHand === this.planned;
  }

  /** Takes the next chunk of the plan into `waiting`; false when the plan has ended. */
  private pull(): boolean {
    if (this.planEnded) return false;
    const next = this.plan.next();
    if (next.done) {
      this.planEnded = true;
      return false;
    }
    this.waiting.push(next.value);
    this.planned++;
    return true;
  }

  private budget(job: number): number {
    const speed = this.speed.get(job);
    if (!speed || speed.items === 0) return 0;
    const forTarget = speed.ms > 0 ? (TASK_TARGET_MS * speed.items) / speed.ms : Infinity;
    return Math.min(forTarget, this.unstartedItems / (this.workers * 4));
  }
}
