// A search's clock: its time limit, and a watcher told now and then how the search goes; both looked at every 1,024 positions stored.

/** Told how a long search goes: the positions stored so far, and the milliseconds since it started (Solver.watch). */
export type SearchWatcher = (nodes: number, ms: number) => void;

/** Positions stored between two looks at the clock: reading it at every position would cost more than the look is worth. */
const LOOK_INTERVAL = 1024;

/**
 * One search's clock, restarted by each search. It changes nothing the search does but stop it at its
 * time limit: a watcher only watches, so the same search stores the same positions with one or without.
 */
export class SearchClock {
  private started = 0;
  private limitMs = 0;
  private watcher: SearchWatcher | undefined;
  private everyMs = 0;
  private nextWatch = 0;
  /** Positions stored by the other search of a race (SearchBudget.elsewhere): the watcher is told the sum. */
  elsewhere = 0;

  /** The watcher (or none) and how many milliseconds apart it is told, at least; kept for every search after. */
  watch(watcher: SearchWatcher | undefined, everyMs: number): void {
    this.watcher = watcher;
    this.everyMs = everyMs;
  }

  /** A search starts now, with a time limit of `limitMs` (0: none). */
  start(limitMs: number): void {
    this.started = performance.now();
    this.limitMs = limitMs;
    this.elsewhere = 0;
    this.nextWatch = this.everyMs;
  }

  /** After each position stored, `nodes` of them so far: whether the time limit has passed. At every LOOK_INTERVAL-th position the watcher is told, once `everyMs` have passed since it last was. */
  expired(nodes: number): boolean {
    if ((nodes & (LOOK_INTERVAL - 1)) !== 0 || (this.limitMs === 0 && this.watcher === undefined)) return false;
    const elapsed = performance.now() - this.started;
    if (this.watcher !== undefined && elapsed >= this.nextWatch) {
      this.nextWatch = elapsed + this.everyMs;
      this.watcher(nodes + this.elsewhere, elapsed);
    }
    return this.limitMs > 0 && elapsed > this.limitMs;
  }
}
