// The walks both searches take turns over (docs/solver.md "Walks"): each walk's line, turns counted in positions stored, a walk's shallowest untried moves handed to a new one.
import { doubled, MAX_DEPTH } from './frame.js';

/**
 * When the walks take turns, in positions stored: the first walk searches alone for `firstTurn`; then a
 * walk's turn is `turn`, halved for each detour its line takes (Walk.detours) but never below `minTurn`;
 * and at most `maxWalks` walks are under way at once.
 */
export interface WalkSchedule {
  readonly firstTurn: number;
  readonly turn: number;
  readonly minTurn: number;
  readonly maxWalks: number;
  /** Told each time a walk hands its untried moves to a new walk (none in WALK_SCHEDULE: a watcher changes nothing the search does). */
  readonly onSplit?: () => void;
  /**
   * The family's rule F10 race (docs/solver.md): the positions the search stores alone before the open
   * stock's search starts, and then each one's turn while both run.
   */
  readonly raceHeadStart: number;
  readonly raceTurn: number;
  /** Told when the open stock's search proves a deal lost (none in WALK_SCHEDULE). */
  readonly onOpenStockLoss?: () => void;
  /**
   * The longest a walk's line may grow (MAX_DEPTH in WALK_SCHEDULE; at most that): in the family's search a
   * walk that reaches it cuts its line back to half, and the search can no longer call the deal lost.
   */
  readonly pathCap: number;
}

/** The schedule every search uses (docs/solver.md "Walks"; measured on PySolFC's Canfield and the family's other presets, docs/measurements.md). */
export const WALK_SCHEDULE: WalkSchedule = { firstTurn: 50_000, turn: 10_000, minTurn: 1_000, maxWalks: 256, raceHeadStart: 50_000, raceTurn: 20_000, pathCap: MAX_DEPTH };

/**
 * One depth-first walk: the moves of each depth, a row of the search's own words for each depth (the
 * position its moves are played from, and whatever else the search keeps per depth), where each depth's
 * moves are, and the moves that lead from the search's start to its depth 0.
 */
export class Walk {
  moves: Int32Array<ArrayBuffer> = new Int32Array(1024);
  rows = new Int32Array(0);
  moveNext = new Int32Array(256);
  moveEnd = new Int32Array(256);
  depth = 0;
  path = new Int32Array(64);
  pathLength = 0;
  /** How many times its line leaves the first-ranked move where a split handed it on: its turns shrink with it. */
  detours = 0;
}

/**
 * A search's walks, taken in turns. The walk under way's arrays are read and written by the search's loop
 * through this object's fields (moves, rows, moveNext, moveEnd); its other walks wait, each with its depth.
 * A search with a row of `words` Int32 words per depth calls start() once it has stored its first position.
 */
export class Walks {
  /** The walk under way's moves, rows, and where each depth's moves are (its arrays, grown or not). */
  moves: Int32Array<ArrayBuffer> = new Int32Array(4096);
  rows = new Int32Array(0);
  moveNext = new Int32Array(256);
  moveEnd = new Int32Array(256);
  current = new Walk();
  /** The walk under way's place among the walks not yet finished. */
  turn = 0;
  /** Whether a walk has handed moves on in this search: until then the search is one walk. */
  split = false;
  private words = 0;
  private readonly list: Walk[] = [];
  private readonly spare: Walk[] = [];
  /**
   * The walk under way between searches: a search's first walk comes from takeWalk, which may hand back
   * the last search's walk under way, so that one is parked and put down first (a spare walk's record must
   * hold the arrays it grew: a search with more words a row than the last one needs them sized anew, and
   * the record is where takeWalk looks).
   */
  private readonly idle = new Walk();

  constructor(readonly schedule: WalkSchedule) {}

  /** A search starts: the last search's walks are spare, and a first walk is under way at depth 0, its row and moves for the search to write. */
  start(words: number): void {
    this.turn = 0;
    this.split = false;
    const walk = this.current;
    if (this.list.length === 1 && this.list[0] === walk && words === this.words) {
      // the last search ended with one walk, the one under way (most searches are one walk): it starts again
      walk.depth = 0;
      walk.pathLength = 0;
      walk.detours = 0;
      return;
    }
    this.words = words;
    // the one under way gets back the arrays it grew (takeWalk sizes a spare walk's by its record)
    this.park();
    this.current = this.idle;
    for (const walk of this.list) this.spare.push(walk);
    this.list.length = 0;
    this.enter(this.takeWalk());
    this.list.push(this.current);
  }

  /** The positions the walk under way may store in its turn: halved for each of its detours, down to the schedule's least. */
  turnLength(): number {
    const { turn, minTurn } = this.schedule;
    return Math.max(minTurn, Math.floor(turn / 2 ** this.current.detours));
  }

  /** The walk under way has searched all it holds: the next one is under way (its depth: current.depth), or none is left (false). */
  finish(): boolean {
    this.spare.push(this.current);
    this.list.splice(this.turn, 1);
    if (this.list.length === 0) return false;
    if (this.turn === this.list.length) this.turn = 0;
    this.enter(this.list[this.turn]);
    return true;
  }

  /**
   * The turn of the walk under way, at `depth`, is over: while there is room for more walks, it hands the
   * untried moves of its shallowest depth above `depth` that has any to a new walk, which starts from that
   * depth's row and takes its turn next. Returns that depth (its moves are now all tried or handed on), or
   * -1 where none was handed on. The walk stays under way: next() moves on.
   */
  handOn(depth: number): number {
    this.current.depth = depth;
    if (this.list.length >= this.schedule.maxWalks) return -1;
    let from = 0;
    while (from < depth && this.moveNext[from] === this.moveEnd[from]) from++;
    if (from === depth) return -1;
    const words = this.words;
    const walk = this.takeWalk();
    const count = this.moveEnd[from] - this.moveNext[from];
    if (walk.moves.length < count) walk.moves = new Int32Array(2 * count);
    walk.moves.set(this.moves.subarray(this.moveNext[from], this.moveEnd[from]), 0);
    walk.moveNext[0] = 0;
    walk.moveEnd[0] = count;
    walk.rows.set(this.rows.subarray(from * words, (from + 1) * words), 0);
    // the new walk's first position is reached from the search's start by this walk's path and its moves above `from`
    const parent = this.current;
    const pathLength = parent.pathLength + from;
    if (walk.path.length < pathLength) walk.path = new Int32Array(2 * pathLength);
    walk.path.set(parent.path.subarray(0, parent.pathLength), 0);
    for (let at = 0; at < from; at++) walk.path[parent.pathLength + at] = this.moves[this.moveNext[at] - 1];
    walk.pathLength = pathLength;
    walk.detours = parent.detours + 1;
    this.moveEnd[from] = this.moveNext[from];
    this.list.splice(this.turn + 1, 0, walk);
    this.split = true;
    this.schedule.onSplit?.();
    return from;
  }

  /** The next walk is under way (its depth: current.depth); the one whose turn ended (handOn) waits. */
  next(): void {
    this.turn = this.turn + 1 === this.list.length ? 0 : this.turn + 1;
    this.enter(this.list[this.turn]);
  }

  /** Room for a deeper line: the walk under way's arrays doubled. */
  grow(): void {
    this.moveNext = doubled(this.moveNext);
    this.moveEnd = doubled(this.moveEnd);
    if (this.rows.length < this.moveNext.length * this.words) {
      // sized by this search's words: a walk taken over from a search with fewer words a row has fewer
      const bigger = new Int32Array(this.moveNext.length * this.words);
      bigger.set(this.rows);
      this.rows = bigger;
    }
  }

  /** Makes `walk` (its arrays sized by takeWalk) the walk under way: the walk that was puts its arrays (grown or not) back in its record first. */
  private enter(walk: Walk): void {
    this.park();
    this.current = walk;
    this.moves = walk.moves;
    this.moveNext = walk.moveNext;
    this.moveEnd = walk.moveEnd;
    this.rows = walk.rows;
  }

  /** Puts the arrays of the walk under way (grown or not) back in its record. */
  private park(): void {
    const walk = this.current;
    walk.moves = this.moves;
    walk.rows = this.rows;
    walk.moveNext = this.moveNext;
    walk.moveEnd = this.moveEnd;
  }

  /** A walk to fill: a finished one, or a new one. */
  private takeWalk(): Walk {
    const walk = this.spare.pop() ?? new Walk();
    if (walk.rows.length < walk.moveNext.length * this.words) walk.rows = new Int32Array(walk.moveNext.length * this.words);
    walk.depth = 0;
    walk.pathLength = 0;
    walk.detours = 0;
    return walk;
  }
}
