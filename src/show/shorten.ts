// Shortens a winning line before it is printed: cycles cut, stretches replaced by shorter ones, greedy finishes; every result verified.
import { cardValue } from '../cards.js';
import type { Deck } from '../deal.js';
import {
  encodeMove,
  isTrunkSource,
  isWing,
  type EngineMove,
  type EngineMoveList,
  Game,
  newEngineMoveList,
  moveCard,
  moveCount,
  moveSource,
  moveTarget,
  NO_MOVE,
  SOURCE_FOUNDATION,
  SOURCE_REDEAL,
  SOURCE_STOCK,
  SOURCE_TURN,
  SOURCE_WASTE,
  TARGET_FOUNDATION,
  TARGET_FOUNDATION_DOWN,
  isFoundationTarget,
  TARGET_NONE,
  toNotation,
  trunkSource,
} from '../engine.js';
import { MAX_WINGS } from '../layout.js';
import type { Position } from '../position.js';
import { familyDecksKeyWords, familyKeyWords, familyLinkBits, familyTrunkBits, familyWingCodeBits, packFamilyDecksKey, packFamilyKey } from '../solver/family/key.js';
import type { Move } from '../notation.js';
import { GREEDY_SCORES, GreedyPlayer } from '../players/greedy.js';
import type { RuleSet } from '../rules.js';
import { playDeal } from '../playing.js';
import { verify } from '../verify.js';

export type ShortenEffort = 'normal' | 'shortest';

export interface ShortenOptions {
  /** 'normal' (default): one round of cheap searches; 'shortest': deeper searches, repeated until nothing is gained. */
  effort?: ShortenEffort;
}

/**
 * How hard each effort looks: per round, how many moves a replacement stretch may have (the depth of
 * the search from each position of the line). The first rounds are shallow: the greedy finishes
 * usually cut most of the line, and the deeper searches then run on what is left. The last depth
 * repeats until a round gains nothing or `rounds` have run.
 */
interface Effort {
  depths: readonly number[];
  rounds: number;
  /** Shorten both the solver's line and the greedy player's (else only the shorter of the two). */
  bothStarts: boolean;
}
const EFFORTS: Record<ShortenEffort, Effort> = {
  normal: { depths: [0, 1], rounds: 2, bothStarts: false },
  shortest: { depths: [1, 2], rounds: 8, bothStarts: true },
};

/*
 * A position's key is the family search's (solver/family/key.ts packFamilyKey): the whole position,
 * its wings sorted, exact under every rule the engine plays. Keys are equal exactly when the positions
 * are equal up to a renumbering of the wings: such positions play alike, since a trunk fill only ever
 * finds one empty wing (every move empties at most one, and it is filled at once). Beside each key
 * the line keeps its wing codes in place (readWings), to renumber a shortcut's wings.
 */
class PositionKeys {
  readonly words: number;
  private readonly wings: number;
  private readonly codeBits: number;
  private readonly linkBits: number;
  private readonly trunkBits: number;
  private readonly decks: number;

  constructor(game: Game) {
    this.wings = game.wings;
    this.codeBits = familyWingCodeBits(game.compiled);
    this.linkBits = familyLinkBits(game.compiled.build);
    this.trunkBits = familyTrunkBits(game.compiled);
    this.decks = game.decks;
    this.words = this.decks > 1 ? familyDecksKeyWords(this.wings, this.decks, this.linkBits, game.layout.stockLength) : familyKeyWords(this.wings, this.codeBits, this.linkBits, this.trunkBits);
  }

  /** Writes the key of the position `game` is in at out[at …]. */
  read(game: Game, out: Int32Array, at: number): void {
    if (this.decks > 1) {
      packFamilyDecksKey(game.positionWords(), this.wings, this.decks, this.linkBits, game.layout.stockLength, at === 0 ? out : out.subarray(at, at + this.words));
      return;
    }
    packFamilyKey(game.positionWords(), this.wings, this.codeBits, this.linkBits, at === 0 ? out : out.subarray(at, at + this.words), this.trunkBits);
  }

  hash(key: Int32Array, at: number): number {
    let hash = 0x811c9dc5;
    for (let i = at; i < at + this.words; i++) hash = Math.imul(hash ^ key[i], 0x01000193);
    return hash | 0;
  }

  same(a: Int32Array, at: number, b: Int32Array, bt: number): boolean {
    for (let i = 0; i < this.words; i++) if (a[at + i] !== b[bt + i]) return false;
    return true;
  }
}

/** The wings' codes in place, MAX_WINGS of them (0 = empty, as is every wing past the game's; else top card and height): what renaming() pairs wings by. */
function readWings(game: Game, out: Int32Array, at: number): void {
  for (let wing = 0; wing < MAX_WINGS; wing++) {
    const height = wing < game.wings ? game.wingHeight(wing) : 0;
    // RULES §10.19: by value, as the key (twins are one card); wings of one code pair in wing order, as the key writes them
    out[at + wing] = height === 0 ? 0 : ((cardValue(game.wingTop(wing)) + 1) << 8) | height;
  }
}

/** The engine move that `move` is in the game's position, or NO_MOVE (no strings: compares the fields). */
function codeFor(game: Game, move: Move, buffer: EngineMoveList): EngineMove {
  const source =
    move.source === 'W'
      ? move.fromWing - 1
      : move.source === 'X'
        ? SOURCE_WASTE
        : move.source === 'K'
          ? trunkSource(game.compiled.trunks, Math.max(0, move.fromTrunk - 1))
          : move.source === 'S'
            ? SOURCE_STOCK
            : move.source === 'T'
              ? SOURCE_TURN
              : move.source === 'F'
                ? SOURCE_FOUNDATION
                : SOURCE_REDEAL;
  const target = move.target === 'F' ? TARGET_FOUNDATION : move.target === 'D' ? TARGET_FOUNDATION_DOWN : move.target === 'W' ? move.toWing - 1 : TARGET_NONE;
  const count = game.legalMoves(buffer);
  for (let i = 0; i < count; i++) {
    const code = buffer[i];
    if (moveSource(code) === source && moveTarget(code) === target && moveCount(code) === move.count && (source !== SOURCE_FOUNDATION || moveCard(code) === move.card)) return code;
  }
  return NO_MOVE;
}

/** The same move with its wings renumbered by `map` (line wing -> played wing). */
function mapMove(code: EngineMove, map: Int8Array): EngineMove {
  const source = moveSource(code);
  const target = moveTarget(code);
  return encodeMove(isWing(source) ? map[source] : source, isWing(target) ? map[target] : target, moveCount(code), moveCard(code));
}

function isLegal(game: Game, code: EngineMove, buffer: EngineMoveList): boolean {
  const count = game.legalMoves(buffer);
  for (let i = 0; i < count; i++) if (buffer[i] === code) return true;
  return false;
}

/** A winning line as engine moves, with every position along it (n moves, n + 1 positions). */
class Line {
  readonly positions: Position[] = [];
  readonly keyer: PositionKeys;
  /** Per position, its key (wings sorted). */
  readonly keys: Int32Array;
  /** Per position, its wings' codes in place, for renumbering. */
  readonly wingCodes: Int32Array;
  /** Key hash -> indices of the positions with that hash, ascending. */
  readonly byHash = new Map<number, number[]>();

  constructor(
    game: Game,
    readonly codes: EngineMoveList,
  ) {
    const n = codes.length;
    this.keyer = new PositionKeys(game);
    const words = this.keyer.words;
    this.keys = new Int32Array((n + 1) * words);
    this.wingCodes = new Int32Array((n + 1) * MAX_WINGS);
    game.reset();
    for (let i = 0; i <= n; i++) {
      this.positions.push(game.snapshot());
      this.keyer.read(game, this.keys, i * words);
      readWings(game, this.wingCodes, i * MAX_WINGS);
      const hash = this.keyer.hash(this.keys, i * words);
      const list = this.byHash.get(hash);
      if (list) list.push(i);
      else this.byHash.set(hash, [i]);
      if (i < n) game.applyUnsaved(codes[i]);
    }
  }

  get length(): number {
    return this.codes.length;
  }

  /** The last position of the line after `after` whose key equals `key` at `at`, or -1. */
  lastMatch(key: Int32Array, at: number, hash: number, after: number): number {
    const list = this.byHash.get(hash);
    if (!list) return -1;
    const words = this.keyer.words;
    for (let k = list.length - 1; k >= 0 && list[k] > after; k--) {
      if (this.keyer.same(this.keys, list[k] * words, key, at)) return list[k];
    }
    return -1;
  }
}

/** A way from position `from` of the line to position `to`: `moves` (in the line's wing numbers at `from`), then wings renamed by `rename`. */
interface Shortcut {
  from: number;
  to: number;
  moves: EngineMoveList;
  /** rename[w] = the wing, in the numbering at the shortcut's end, that holds what wing w holds in position `to` of the line. */
  rename: Int8Array;
}

/** rename[w] such that the reached position's wing rename[w] holds what the line's wing w holds (empty wings paired in order). */
function renaming(reached: Int32Array, reachedAt: number, line: Int32Array, lineAt: number): Int8Array {
  const rename = new Int8Array(MAX_WINGS);
  let used = 0;
  for (let w = 0; w < MAX_WINGS; w++) {
    for (let v = 0; v < MAX_WINGS; v++) {
      if ((used & (1 << v)) === 0 && reached[reachedAt + v] === line[lineAt + w]) {
        rename[w] = v;
        used |= 1 << v;
        break;
      }
    }
  }
  return rename;
}

/**
 * From each position of the line, every sequence of at most `depth` moves (depth-first with undo: no
 * position objects), looking each reached position up among the later positions of the line, up to
 * wing renumbering. Depth 0 finds cycles. Keeps, per start, the shortcut that saves the most moves.
 */
function findShortcuts(game: Game, line: Line, depth: number): (Shortcut | undefined)[] {
  const n = line.length;
  const best: (Shortcut | undefined)[] = new Array(n);
  const buffers = Array.from({ length: depth + 1 }, () => newEngineMoveList());
  const counts = new Int32Array(depth + 1);
  const next = new Int32Array(depth + 1);
  const path = new Int32Array(depth) as EngineMoveList;
  const keyer = line.keyer;
  const key = new Int32Array(keyer.words);
  // the wings' codes at each depth, for renumbering
  const wings = new Int32Array((depth + 1) * MAX_WINGS);
  for (let from = 0; from < n; from++) {
    game.restore(line.positions[from]);
    wings.set(line.wingCodes.subarray(from * MAX_WINGS, (from + 1) * MAX_WINGS));
    let bestGain = 0;
    let bestTo = -1;
    let bestPath = path.subarray(0, 0);
    let bestWings = wings.subarray(0, MAX_WINGS);
    // look at the start itself (a cycle), then depth-first below it
    let d = 0;
    for (;;) {
      keyer.read(game, key, 0);
      const to = line.lastMatch(key, 0, keyer.hash(key, 0), from + d);
      if (to >= 0 && to - from - d > bestGain) {
        bestGain = to - from - d;
        bestTo = to;
        bestPath = path.slice(0, d);
        bestWings = wings.slice(d * MAX_WINGS, (d + 1) * MAX_WINGS);
      }
      counts[d] = d < depth && !game.isWon() ? game.legalMoves(buffers[d]) : 0;
      next[d] = 0;
      // the next move to try: deepest level with moves left
      while (next[d] >= counts[d] && d > 0) {
        game.undo();
        d--;
      }
      if (next[d] >= counts[d]) break;
      const move = buffers[d][next[d]++];
      path[d] = move;
      game.apply(move);
      d++;
      readWings(game, wings, d * MAX_WINGS);
    }
    if (bestTo >= 0) {
      best[from] = {
        from,
        to: bestTo,
        moves: bestPath as EngineMoveList,
        rename: renaming(bestWings, 0, line.wingCodes, bestTo * MAX_WINGS),
      };
    }
  }
  return best;
}

/*
 * The full-information greedy finisher: knows every card, plays by the greedy player's order of
 * preference (players/greedy.ts GREEDY_SCORES), never returns to a position it has seen, and gives up
 * after `cap` moves.
 */
function greedyScore(game: Game, code: EngineMove): number {
  const source = moveSource(code);
  const target = moveTarget(code);
  // RULES §10.18: a card between a suit's two foundations puts nothing more up
  if (isFoundationTarget(target)) return source === SOURCE_FOUNDATION ? 0 : isWing(source) ? GREEDY_SCORES.wingToFoundation : isTrunkSource(source) ? GREEDY_SCORES.trunkToFoundation : GREEDY_SCORES.wasteToFoundation;
  if (isWing(target)) {
    const targetHeight = game.wingHeight(target);
    // a whole run built away brings out a trunk card, or turns up the dealt card under it (RULES §10.14), as the greedy player reads it
    if (isWing(source)) return targetHeight > 0 && game.wingHeight(source) === moveCount(code) && (game.trunkCount() > 0 || game.dealtUnder(source) > 0) ? GREEDY_SCORES.buildBringsOutTrunkCard : 0;
    if (targetHeight > 0 && isTrunkSource(source)) return GREEDY_SCORES.trunkBuild;
    if (targetHeight > 0 && source === SOURCE_WASTE) return GREEDY_SCORES.wasteBuild;
    if (targetHeight === 0 && source === SOURCE_WASTE) {
      const top = game.wasteTopIndex();
      for (let place = top - 1; place >= 0; place--) {
        if (!game.stockPlaceFilled(place)) continue;
        return game.canGoToFoundation(game.layout.stockCards[place]) ? GREEDY_SCORES.parkWasteFreeingPlay : 0;
      }
    }
    return 0;
  }
  if (source === SOURCE_TURN) return GREEDY_SCORES.turn;
  if (source === SOURCE_REDEAL) return GREEDY_SCORES.redeal;
  return 0;
}

/*
 * Under a limited number of redeals every move the finisher makes is progress, so it cannot go round
 * in circles: a foundation play raises the foundations, a build that empties its wing brings a trunk
 * card out, a waste or trunk card played anywhere leaves its pile for good, a turn moves the stock
 * pointer on and a redeal uses one up. (Cards out of stock and trunk plus foundation cards, redeals
 * used, stock pointer) grows with every move, in that order. Under unlimited redeals the count of
 * redeals stops growing (position.ts caps it), and a finish that only turns and redeals comes round to
 * a position it has played from: it wins from none of its positions.
 *
 * The finisher's choice depends on the position alone, so finishes from neighbouring positions of a
 * line soon run into each other: each position it has played from is kept (its key, the move chosen,
 * the position that follows, and how many moves from there win, or -1), and a finish stops as soon as
 * it reaches a position already known.
 */
class Finisher {
  private readonly buffer = newEngineMoveList();
  private readonly keyer: PositionKeys;
  private readonly words: number;
  private readonly key: Int32Array;
  private keys: Int32Array;
  private chosen = new Int32Array(1024) as EngineMoveList;
  private following = new Int32Array(1024);
  private toWin = new Int32Array(1024);
  private entries = 0;
  /** Open addressing: entry + 1, 0 = free. */
  private slots = new Int32Array(4096);
  private readonly path: number[] = [];

  /** For positions of `game`'s rules: the key's words are the rules'. */
  constructor(game: Game) {
    this.keyer = new PositionKeys(game);
    this.words = this.keyer.words;
    this.key = new Int32Array(this.words);
    this.keys = new Int32Array(1024 * this.words);
  }

  private find(hash: number): number {
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.slots[slot] - 1;
      if (entry < 0 || this.keyer.same(this.keys, entry * this.words, this.key, 0)) return entry;
    }
  }

  private add(hash: number): number {
    if (this.entries === this.chosen.length) {
      const grow = (array: Int32Array, size: number) => {
        const bigger = new Int32Array(size);
        bigger.set(array);
        return bigger;
      };
      this.keys = grow(this.keys, this.keys.length * 2);
      this.chosen = grow(this.chosen, this.chosen.length * 2) as EngineMoveList;
      this.following = grow(this.following, this.following.length * 2);
      this.toWin = grow(this.toWin, this.toWin.length * 2);
    }
    if ((this.entries + 1) * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    const entry = this.entries++;
    this.keys.set(this.key, entry * this.words);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = entry + 1;
    return entry;
  }

  private rehash(size: number): void {
    this.slots = new Int32Array(size);
    const mask = size - 1;
    for (let entry = 0; entry < this.entries; entry++) {
      let slot = this.keyer.hash(this.keys, entry * this.words) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = entry + 1;
    }
  }

  /** The greedy finish from the game's position (the game is moved along): how many moves win, or -1. */
  finish(game: Game): number {
    const path = this.path;
    path.length = 0;
    let known = -1;
    for (;;) {
      this.keyer.read(game, this.key, 0);
      const hash = this.keyer.hash(this.key, 0);
      known = this.find(hash);
      if (known >= 0) break;
      const entry = this.add(hash);
      if (path.length > 0) this.following[path[path.length - 1]] = entry;
      path.push(entry);
      this.following[entry] = -1;
      // not a win until the walk back below says so: a finish that comes round to a position of its own path (under
      // unlimited redeals turning and redealing are not progress) reads this and wins from none of them
      this.toWin[entry] = -1;
      if (game.isWon()) {
        this.toWin[entry] = 0;
        break;
      }
      const count = game.legalMoves(this.buffer);
      let chosen = NO_MOVE;
      let chosenScore = 0;
      for (let i = 0; i < count; i++) {
        const score = greedyScore(game, this.buffer[i]);
        if (score > chosenScore) {
          chosen = this.buffer[i];
          chosenScore = score;
        }
      }
      this.chosen[entry] = chosen;
      // no move: the entry stays no win
      if (chosen === NO_MOVE) break;
      game.applyUnsaved(chosen);
    }
    if (path.length === 0) return this.toWin[known];
    if (known >= 0) this.following[path[path.length - 1]] = known;
    // back along the path: each position is one move further from the win than the next
    for (let k = path.length - (known >= 0 ? 1 : 2); k >= 0; k--) {
      const after = this.toWin[this.following[path[k]]];
      this.toWin[path[k]] = after < 0 ? -1 : after + 1;
    }
    return this.toWin[path[0]];
  }

  /** The moves of the greedy finish from `position`, which finish() has measured as a win. */
  movesFrom(game: Game, position: Position): EngineMoveList {
    game.restore(position);
    this.keyer.read(game, this.key, 0);
    let entry = this.find(this.keyer.hash(this.key, 0));
    const moves = new Int32Array(this.toWin[entry]) as EngineMoveList;
    for (let k = 0; k < moves.length; k++) {
      moves[k] = this.chosen[entry];
      entry = this.following[entry];
    }
    return moves;
  }
}

/**
 * One round: shortcuts from every position, greedy finishes from every position, then the
 * shortest way through the line using them (a shortest path over positions 0…n, steps going
 * forward only), wings renumbered after every shortcut that lands on a renumbered position.
 */
function shortenRound(game: Game, line: Line, depth: number, finisher: Finisher): EngineMoveList {
  const n = line.length;
  const shortcuts = findShortcuts(game, line, depth);
  // greedy finishes: the cheapest from each position, as a way to the end
  const finishes = new Int32Array(n).fill(-1);
  for (let from = 0; from < n; from++) {
    game.restore(line.positions[from]);
    const length = finisher.finish(game);
    if (length >= 0 && length < n - from) finishes[from] = length;
  }
  // shortest path: cost[i] = fewest moves to reach line position i (up to renumbering)
  const cost = new Int32Array(n + 1).fill(0x3fffffff);
  const via = new Int8Array(n + 1); // 0 along the line, 1 by a shortcut, 2 by a finish
  const viaFrom = new Int32Array(n + 1);
  cost[0] = 0;
  for (let i = 0; i < n; i++) {
    if (cost[i] + 1 < cost[i + 1]) {
      cost[i + 1] = cost[i] + 1;
      via[i + 1] = 0;
      viaFrom[i + 1] = i;
    }
    const shortcut = shortcuts[i];
    if (shortcut && cost[i] + shortcut.moves.length < cost[shortcut.to]) {
      cost[shortcut.to] = cost[i] + shortcut.moves.length;
      via[shortcut.to] = 1;
      viaFrom[shortcut.to] = i;
    }
    if (finishes[i] >= 0 && cost[i] + finishes[i] < cost[n]) {
      cost[n] = cost[i] + finishes[i];
      via[n] = 2;
      viaFrom[n] = i;
    }
  }
  if (cost[n] >= n) return line.codes;
  // the steps taken, from the end back
  const steps: number[] = [];
  for (let i = n; i > 0; i = viaFrom[i]) steps.push(i);
  steps.reverse();
  // played forward: map[w] = the wing played for the line's wing w
  const map = Int8Array.from({ length: MAX_WINGS }, (_, w) => w);
  const out: EngineMove[] = [];
  let at = 0;
  for (const step of steps) {
    const kind = via[step];
    if (kind === 0) out.push(mapMove(line.codes[at], map));
    else if (kind === 2) for (const code of finisher.movesFrom(game, line.positions[at])) out.push(mapMove(code as EngineMove, map));
    else {
      const shortcut = shortcuts[at]!;
      for (const code of shortcut.moves) out.push(mapMove(code as EngineMove, map));
      const composed = new Int8Array(MAX_WINGS);
      for (let w = 0; w < MAX_WINGS; w++) composed[w] = map[shortcut.rename[w]];
      map.set(composed);
    }
    at = step;
  }
  return Int32Array.from(out) as EngineMoveList;
}

/** Plays engine moves from the deal: whether each is legal and the game is won at the end. */
function wins(game: Game, codes: EngineMoveList, buffer: EngineMoveList): boolean {
  game.reset();
  for (const code of codes as Iterable<EngineMove>) {
    if (game.isWon() || !isLegal(game, code, buffer)) return false;
    game.applyUnsaved(code);
  }
  return game.isWon();
}

function checked(deck: Deck, rules: RuleSet, moves: Move[], what: string): boolean {
  const result = verify(deck, rules, moves);
  if (result.status === 'ok') return true;
  if (process.env.EAGLEWING_CHECKS === '1') throw new Error(`shortenLine: ${what} fails verification: ${result.reason ?? result.status}`);
  return false;
}

/**
 * A winning line no longer than `moves` (RULES §5 moves from the deal, as Solver.solve gives them):
 * cycles cut (also up to wing renumbering), stretches replaced by shorter ones found by a bounded
 * search, the end replaced by a full-information greedy finish where that is shorter, and the no-peek
 * greedy player's own win taken when it is shorter still. Every line returned passed verify(); a
 * candidate that fails it is dropped (and is an Error with EAGLEWING_CHECKS=1). A line that does not
 * win in the verifier to begin with comes back unchanged.
 */
export function shortenLine(deck: Deck, rules: RuleSet, moves: readonly Move[], options: ShortenOptions = {}): Move[] {
  const effort = EFFORTS[options.effort ?? 'normal'];
  let best: Move[] = moves.slice();
  if (verify(deck, rules, best).status !== 'ok') return best;
  const game = new Game(deck, rules);
  const buffer = newEngineMoveList();
  const solverLine = engineLine(game, moves, buffer);
  if (solverLine === undefined) return best; // the engine and the verifier disagree: leave the line alone
  let bestCodes = solverLine;
  // the no-peek greedy player's win: a line to start from when it is already shorter (with 'shortest', both are tried)
  const starts = [solverLine];
  const greedy = playDeal(deck, rules, new GreedyPlayer());
  const greedyLine = greedy.result === 'won' ? engineLine(game, greedy.moves, buffer) : undefined;
  if (greedyLine !== undefined && greedyLine.length < solverLine.length) {
    const candidate = Array.from(greedyLine, toNotation);
    if (checked(deck, rules, candidate, "the greedy player's line")) {
      best = candidate;
      bestCodes = greedyLine;
      if (effort.bothStarts) starts.push(greedyLine);
      else starts[0] = greedyLine;
    }
  }
  const finisher = new Finisher(game);
  for (const start of starts) {
    let codes = start;
    for (let round = 0; round < effort.rounds; round++) {
      const depth = effort.depths[Math.min(round, effort.depths.length - 1)];
      const shorter = shortenRound(game, new Line(game, codes), depth, finisher);
      if (shorter.length >= codes.length) {
        if (round >= effort.depths.length - 1) break;
        continue;
      }
      if (!wins(game, shorter, buffer)) {
        if (process.env.EAGLEWING_CHECKS === '1') throw new Error('shortenLine: a shortened line does not win in the engine');
        break;
      }
      codes = shorter;
    }
    if (codes.length < bestCodes.length) {
      const candidate = Array.from(codes, toNotation);
      if (checked(deck, rules, candidate, 'a shortened line')) {
        best = candidate;
        bestCodes = codes;
      }
    }
  }
  if (!game.compiled.wasteFillsAuto) return best;
  const named = turnBeforeStockFills(game, best);
  return checked(deck, rules, named, 'the line with its turns named') ? named : best;
}

/**
 * RULES §10.3 `auto-waste`: a move that empties a wing while the trunks and the waste are empty and the
 * stock is not fills the space with the stock's top, the card PySolFC (which turns whenever its waste
 * is empty) has on its waste then. The line names that turn: `T`, then the move, whose fill takes the
 * same card from the waste, to the same position. The search never makes such a move (Game's
 * wingEmptyingPlays), but a shortened line's greedy finishes and searches may.
 */
function turnBeforeStockFills(game: Game, moves: readonly Move[]): Move[] {
  game.reset();
  const line: Move[] = [];
  for (const move of moves) {
    const source = move.source === 'W' ? move.fromWing - 1 : -1;
    const emptiesWing = source >= 0 && move.count === game.wingHeight(source) && game.dealtUnder(source) === 0;
    if (emptiesWing && game.trunkCount() === 0 && game.wasteTopIndex() < 0 && game.stockTopIndex() >= 0) {
      const turn = game.turnMove();
      line.push(toNotation(turn));
      game.applyUnsaved(turn);
    }
    const code = game.legalMoveFor(move);
    if (code === NO_MOVE) return moves.slice();
    line.push(move);
    game.applyUnsaved(code);
  }
  return line;
}

/** RULES §5 moves from the deal as engine moves, or undefined if one is not legal in the engine. */
function engineLine(game: Game, moves: readonly Move[], buffer: EngineMoveList): EngineMoveList | undefined {
  game.reset();
  const codes = new Int32Array(moves.length) as EngineMoveList;
  for (let i = 0; i < moves.length; i++) {
    const code = codeFor(game, moves[i], buffer);
    if (code === NO_MOVE) return undefined;
    codes[i] = code;
    game.applyUnsaved(code);
  }
  return codes;
}
