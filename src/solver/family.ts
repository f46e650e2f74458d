// Exact search for the Canfield family's rules (GAMES.md): depth first over the engine's moves, turns folded into the play they lead to, every position met kept in a table.
import { type EngineMove, Game, moveSource, moveTarget, newEngineMoveList, NO_MOVE, SOURCE_TRUNK, TARGET_FOUNDATION, toNotation } from '../engine.js';
import { WING_COUNT } from '../layout.js';
import type { Move } from '../notation.js';
import { FAMILY_WASTE_MASK, familyKeyWords, familyLinkBits, familyWasteWord, packFamilyKey } from './key.js';
import { FAMILY_FULL, FAMILY_PRESENT, FamilyTable } from './family-table.js';
import type { SolveResult, SolverOptions, UnknownReason, Verdict } from './search.js';

/*
 * A family move is one integer: an engine move (engine.ts, bits 0-20) and the turns of the stock made
 * before it (bits 21-27). Turning changes nothing but which card is the waste's top, so "turn t times,
 * then play the waste's top" is one move, and "turn to the end of the pass, then redeal" is another:
 * a pass is walked once per position, not searched turn by turn.
 */
const TURNS_SHIFT = 21;
const ENGINE_MOVE_MASK = (1 << TURNS_SHIFT) - 1;
const MAX_DEPTH = 1 << 16;
const TIME_CHECK_INTERVAL = 1024;

/**
 * Searches every position reachable from the start, each once: a position met again (in this line or
 * another) is not searched again, so a finished search without a win has seen every reachable
 * position, and the deal is lost. Unlimited redeals make the positions repeat (position.ts
 * redealUnlimited caps the count), and the table closes those cycles.
 *
 * One dominance rule (off under --no-prune; checked against it by bench/prune-check.mjs): under
 * one-card turns, the stock is a resource. Two positions alike but for the waste's top, the one with
 * the earlier waste top can turn to the other's, and every family move of the later one (turns, then
 * a play) is a family move of the earlier one with the same result, or (a play from a wing or the
 * trunk) one whose result again differs only by an earlier waste top. So a position is not searched
 * when one alike with a waste top no later was met: if the later one could win, the earlier one wins
 * in as many moves, and it is searched (every position stored is searched, and a finished search
 * without a win has searched them all). Under three-card turns a later waste top may not be reachable
 * from an earlier one, so there keys match exactly.
 */
export class FamilySearch {
  private readonly table: FamilyTable;
  private readonly limits: SolverOptions;
  private readonly scratch = newEngineMoveList();
  private key = new Int32Array(0);
  private moves = new Int32Array(4096);
  /** Scratch for ordering one position's moves. */
  private room = new Int32Array(256);
  /** The position of each depth (its words), and the walk's own copy while a pass is turned through. */
  private history = new Int32Array(0);
  private walk = new Int32Array(0);
  private moveNext = new Int32Array(256);
  private moveEnd = new Int32Array(256);

  constructor(limits: SolverOptions) {
    this.limits = limits;
    this.table = new FamilyTable(limits.memoryMegabytes);
  }

  /** Solves from the position `game` is in; the game is left at some searched position. */
  solve(game: Game): SolveResult {
    const started = performance.now();
    const { maxNodes, timeLimitMs } = this.limits;
    const words = game.positionWords().length;
    const wings = game.wings;
    const linkBits = familyLinkBits(game.compiled.build);
    const keyWords = familyKeyWords(wings, linkBits);
    if (this.key.length < keyWords) this.key = new Int32Array(keyWords);
    if (this.walk.length < words) this.walk = new Int32Array(words);
    if (this.history.length < this.moveNext.length * words) this.history = new Int32Array(this.moveNext.length * words);
    const table = this.table;
    // the stock as a resource (below): only under one-card turns, where every later waste top can be turned to
    const rules = game.compiled;
    if (this.limits.prune && rules.turn === 1 && !rules.turnShrinks) table.clear(keyWords, familyWasteWord(), FAMILY_WASTE_MASK);
    else table.clear(keyWords);
    const key = this.key;
    const start = new Int32Array(words);
    game.storeWords(start, 0);
    let nodes = 1;
    let result: Verdict | undefined;
    let unknownReason: UnknownReason | undefined;
    let depth = 0;
    let winDepth = -1;
    if (game.isWon()) result = 'won';
    else {
      packFamilyKey(game.positionWords(), wings, linkBits, key);
      table.insert(key);
      game.storeWords(this.history, 0);
      this.moveNext[0] = 0;
      this.moveEnd[0] = this.generate(game, 0);
    }
    while (result === undefined) {
      if (this.moveNext[depth] === this.moveEnd[depth]) {
        if (depth === 0) {
          result = 'lost';
          break;
        }
        depth--;
        continue;
      }
      const move = this.moves[this.moveNext[depth]++];
      game.loadWords(this.history, depth * words);
      playFamilyMove(game, move, null);
      if (game.isWon()) {
        result = 'won';
        winDepth = depth;
        break;
      }
      packFamilyKey(game.positionWords(), wings, linkBits, key);
      const stored = table.insert(key);
      if (stored === FAMILY_PRESENT) continue;
      if (stored === FAMILY_FULL) {
        result = 'unknown';
        unknownReason = 'memory';
        break;
      }
      nodes++;
      if (maxNodes > 0 && nodes >= maxNodes) {
        result = 'unknown';
        unknownReason = 'max-nodes';
        break;
      }
      if (timeLimitMs > 0 && nodes % TIME_CHECK_INTERVAL === 0 && performance.now() - started > timeLimitMs) {
        result = 'unknown';
        unknownReason = 'time-limit';
        break;
      }
      depth++;
      if (depth >= this.moveNext.length) {
        if (depth >= MAX_DEPTH) {
          result = 'unknown';
          unknownReason = 'memory';
          break;
        }
        this.growStacks(words);
      }
      game.storeWords(this.history, depth * words);
      this.moveNext[depth] = this.moveEnd[depth - 1];
      this.moveEnd[depth] = this.generate(game, this.moveEnd[depth - 1]);
    }
    const moves: Move[] = [];
    if (result === 'won') {
      game.loadWords(start, 0);
      for (let at = 0; at <= winDepth; at++) playFamilyMove(game, this.moves[this.moveNext[at] - 1], moves);
    }
    return {
      result,
      nodes,
      ms: Math.round(performance.now() - started),
      moves,
      unknownReason,
      tableEntries: table.count,
      tableCapacity: table.size(),
      tableHits: table.hits,
      bytesPerEntry: table.bytesPerEntry(),
    };
  }

  /**
   * Writes the moves of the position `game` is in from `at`; returns their end. First the moves that
   * turn nothing (foundation plays first; among the rest, wings and the trunk before the waste), then
   * the waste's plays after 1, 2 … turns, the redeal (after turning the rest of the pass) last of all:
   * a turn buries cards in the waste, where only the top is in play, so the moves that keep the stock
   * as it is are tried first (as Eagle Wing's solver does).
   */
  private generate(game: Game, at: number): number {
    const scratch = this.scratch;
    const start = at;
    const count = game.legalMoves(scratch);
    for (let i = 0; i < count; i++) {
      const source = moveSource(scratch[i]);
      if (source < WING_COUNT || source === SOURCE_TRUNK) at = this.push(at, scratch[i]);
    }
    game.storeWords(this.walk, 0);
    let turns = 0;
    for (;;) {
      const plays = game.stockPlays(scratch, 0);
      for (let i = 0; i < plays; i++) at = this.push(at, scratch[i] | (turns << TURNS_SHIFT));
      if (turns === 0) {
        // the plays that turn nothing: foundation plays first
        if (this.room.length < at - start) this.room = new Int32Array(2 * (at - start));
        foundationPlaysFirst(this.moves, start, at, this.room);
      }
      const turn = game.turnMove();
      if (turn === NO_MOVE) break;
      game.applyUnsaved(turn);
      turns++;
    }
    const redeal = game.redealMove();
    if (redeal !== NO_MOVE) at = this.push(at, redeal | (turns << TURNS_SHIFT));
    game.loadWords(this.walk, 0);
    return at;
  }

  private push(at: number, move: number): number {
    if (at >= this.moves.length) {
      const bigger = new Int32Array(this.moves.length * 2);
      bigger.set(this.moves);
      this.moves = bigger;
    }
    this.moves[at] = move;
    return at + 1;
  }

  private growStacks(words: number): void {
    const grown = (array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
      const bigger = new Int32Array(array.length * 2);
      bigger.set(array);
      return bigger;
    };
    this.moveNext = grown(this.moveNext);
    this.moveEnd = grown(this.moveEnd);
    if (this.history.length < this.moveNext.length * words) this.history = grown(this.history);
  }
}

/** Plays a family move on `game`: its turns, then its engine move. With `written`, appends the RULES §5 moves it stands for. */
function playFamilyMove(game: Game, move: number, written: Move[] | null): void {
  for (let turns = move >>> TURNS_SHIFT; turns > 0; turns--) {
    const turn = game.turnMove();
    if (written !== null) written.push(toNotation(turn));
    game.applyUnsaved(turn);
  }
  const engineMove = (move & ENGINE_MOVE_MASK) as EngineMove;
  if (written !== null) written.push(toNotation(engineMove));
  game.applyUnsaved(engineMove);
}

/** Stable: the foundation plays of moves[start … end) before the others; `room` holds at least end - start moves. */
function foundationPlaysFirst(moves: Int32Array, start: number, end: number, room: Int32Array): void {
  let kept = 0;
  let at = start;
  for (let i = start; i < end; i++) {
    if (moveTarget((moves[i] & ENGINE_MOVE_MASK) as EngineMove) === TARGET_FOUNDATION) moves[at++] = moves[i];
    else room[kept++] = moves[i];
  }
  for (let i = 0; i < kept; i++) moves[at++] = room[i];
}

