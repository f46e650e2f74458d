// The pool's scheduling, without threads: the plan, grouping quick chunks, retries, results in plan order.
import { describe, expect, it } from 'vitest';
import { DoneItems, planChunks, plannedItemCount, Scheduler, TASK_TARGET_MS, type Chunk, type PlanSpec } from '../src/run/scheduler.js';

/** The plan written out the slow way: every item of the range, its chunk and its job, in order. */
function referencePlan(spec: PlanSpec): { job: number; items: number[] }[] {
  const plan: { job: number; items: number[] }[] = [];
  for (let chunk = 0; chunk * spec.chunk < spec.count; chunk++) {
    if (chunk % spec.shard.count !== spec.shard.index - 1) continue;
    for (let job = 0; job < spec.jobs; job++) {
      const items: number[] = [];
      for (let offset = chunk * spec.chunk; offset < Math.min(spec.count, (chunk + 1) * spec.chunk); offset++) {
        if (!spec.done?.has(job, spec.from + offset)) items.push(spec.from + offset);
      }
      if (items.length > 0) plan.push({ job, items });
    }
  }
  return plan;
}

describe('the plan', () => {
  it('is every chunk of the shard for each job in turn, done items left out; its size is known without making it', () => {
    let compared = 0;
    for (const jobs of [1, 2, 3]) {
      for (const [count, chunk] of [[1, 1], [7, 3], [20, 10], [23, 5], [100, 7]]) {
        for (const [index, shards] of [[1, 1], [1, 2], [2, 2], [3, 4], [4, 4]]) {
          const done = new DoneItems();
          for (let item = 5; item < 5 + count; item += 3) done.add(item % jobs, item);
          done.add(0, 1_000_000);
          const spec: PlanSpec = { jobs, from: 5, count, chunk, shard: { index, count: shards }, done };
          const plan = [...planChunks(spec)];
          expect(plan.map(({ job, items }) => ({ job, items: [...items] }))).toEqual(referencePlan(spec));
          expect(plan.map((entry) => entry.seq)).toEqual(plan.map((_, i) => i));
          expect(plannedItemCount(spec)).toBe(plan.reduce((sum, entry) => sum + entry.items.length, 0));
          compared++;
        }
      }
    }
    expect(compared).toBe(75);
  });
  it('is made as it is needed: a range of 10^12 deals starts at once', () => {
    const spec: PlanSpec = { jobs: 2, from: 1, count: 1e12, chunk: 10, shard: { index: 1, count: 1 } };
    const plan = planChunks(spec);
    expect(plan.next().value).toEqual({ seq: 0, job: 0, items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(plan.next().value).toEqual({ seq: 1, job: 1, items: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(plannedItemCount(spec)).toBe(2e12);
  });
});

/** A scheduler over `jobs` jobs of `count` items in chunks of `chunk`; its result per chunk is the chunk's items. */
function scheduler(jobs: number, count: number, chunk: number, workers = 2): Scheduler<number[]> {
  const spec: PlanSpec = { jobs, from: 1, count, chunk, shard: { index: 1, count: 1 } };
  return new Scheduler<number[]>(planChunks(spec), plannedItemCount(spec), workers);
}
const items = (chunks: readonly Chunk[]) => chunks.map((chunk) => chunk.items);

describe('the scheduler', () => {
  it('sends a job one chunk at a time until its speed is known, then groups its chunks to about TASK_TARGET_MS', () => {
    const work = scheduler(2, 10_000, 10);
    const first = work.next()!;
    const second = work.next()!;
    expect(items(first.chunks)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(first.chunks[0].job).toBe(0);
    expect(second.chunks.map((chunk) => chunk.job)).toEqual([1]);
    // job 0 solves 10 deals in a millisecond: TASK_TARGET_MS worth is 10 * TASK_TARGET_MS deals, job 0's chunks only
    work.succeeded(first, [[...first.chunks[0].items]], 1);
    const grouped = work.next()!;
    expect(grouped.chunks.every((chunk) => chunk.job === 0)).toBe(true);
    expect(grouped.chunks.reduce((sum, chunk) => sum + chunk.items.length, 0)).toBe(10 * TASK_TARGET_MS);
    expect(grouped.chunks[0].items[0]).toBe(11);
    // job 1's speed is still unknown: one chunk, the earliest one waiting
    const third = work.next()!;
    expect(items(third.chunks)).toEqual([[11, 12, 13, 14, 15, 16, 17, 18, 19, 20]]);
    expect(third.chunks[0].job).toBe(1);
  });
  it('never groups more than a quarter of a worker\'s share of what is left', () => {
    const work = scheduler(1, 400, 10, 2);
    const first = work.next()!;
    work.succeeded(first, [[]], 0.001);
    // 390 deals left, 2 workers: at most 390 / 8 = 48.75 deals, so four chunks
    expect(work.next()!.chunks).toHaveLength(4);
  });
  it('hands results back in plan order, whatever order they finish in', () => {
    const work = scheduler(1, 30, 10);
    const [a, b, c] = [work.next()!, work.next()!, work.next()!];
    work.succeeded(c, [[3]], 1);
    work.succeeded(b, [[2]], 1);
    expect(work.takeReady()).toEqual([]);
    work.succeeded(a, [[1]], 1);
    expect(work.takeReady()).toEqual([[1], [2], [3]]);
    expect(work.next()).toBeUndefined();
    expect(work.done()).toBe(true);
  });
  it('an interrupted run takes what has finished, in plan order, gaps and all', () => {
    const work = scheduler(1, 50, 10);
    const dispatches = [work.next()!, work.next()!, work.next()!];
    work.succeeded(dispatches[2], [[3]], 1);
    work.succeeded(dispatches[1], [[2]], 1);
    expect(work.takeReady()).toEqual([]);
    expect(work.takeFinished()).toEqual([[2], [3]]);
    expect(work.done()).toBe(false);
  });
});
