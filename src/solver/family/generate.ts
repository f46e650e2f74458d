// The family search's moves of a position, in the order they are tried: turns folded into the plays they lead to, the pruning rules applied.
import { CARD_COUNT, MAX_DECKS, NO_CARD } from '../../cards.js';
import { type EngineMove, Game, newEngineMoveList, NO_MOVE } from '../../engine.js';
import { atPassBoundary, stepPass } from '../../pass.js';
import { foundationHeights } from '../../position.js';
import { familyMove, type FamilyMove } from './move.js';
import { playsInOrder } from './order.js';
import { boundSuits, forcedPlay, isBound, wasteLeavesTurnsAlone } from './prune.js';
import { DecksStuckTrunk, StuckTrunk } from './stuck.js';
import { LOCK_NOT_ASKED, LOCK_WHOLE_SORT, WingLock, wingLockArgued } from './lock.js';

/**
 * Writes a position's family moves (move.ts) for the family search (search.ts), which owns the walks
 * they go into: the pruning rules of docs/solver.md cut them where they apply (a bound card's play
 * alone; none in a position whose trunk is stuck, or whose wings hold a card back for good).
 */
export class FamilyMoveGenerator {
  /** The moves written by the last generate(): the array it was given, or a grown copy. */
  moves: Int32Array<ArrayBuffer> = new Int32Array(0);
  private readonly scratch = newEngineMoveList();
  /** Scratch for ordering one position's moves. */
  private room = new Int32Array(256);
  /** A copy of the position while a pass is turned through. */
  private passStart = new Int32Array(0);
  /** Game.markWastePlays' marks, one a card number (four decks' at most), and the stamp of the latest marking (a new stamp clears them all). */
  private readonly wasteMarks = new Int32Array(CARD_COUNT * MAX_DECKS);
  private wasteStamp = 0;
  /** boundSuits by the foundations' heights (position.ts foundationHeights), -1 until asked: they alone decide it within one solve (one deck's four heights; several decks' are asked each time). */
  private readonly boundByFoundations = new Int8Array(1 << 16);
  private boundCached = true;
  /** The stuck-trunk test of the game under way: one deck's, or (RULES §10.19) that of two to four decks. */
  private readonly oneDeckStuck = new StuckTrunk();
  private readonly decksStuck = new DecksStuckTrunk();
  private stuck: StuckTrunk = this.oneDeckStuck;
  /** The bound-card rules (F2, F3) are asked: pruning on (off under --no-prune), and rules they are argued for. */
  private boundRules = false;
  /** Rule F11, wing cards locked under whole-wing moves: pruning on, and rules it is argued for (lock.ts wingLockArgued). */
  private readonly lock = new WingLock();
  private lockTest = false;
  /** Passes as cycles (search.ts): no redeal move, the pass walked round instead. */
  private passCycles = false;
  /**
   * The redeal folded into the plays (rule F8): one-card turns under limited redeals, pruning on. While
   * a redeal is left, the walk goes on through it to the waste's top, and there is no redeal move.
   */
  private foldRedeal = false;

  /** Ready for a search of `game`'s deal and rules. */
  prepare(game: Game, prune: boolean, passCycles: boolean, stuckTest: boolean): void {
    const rules = game.compiled;
    // the bound-card rules (F2, F3) argue from foundations that only rise from the deal's base, one a suit or a suit's n, and one trunk:
    // not asked under RULES §10.15-10.18 nor §10.20's foundations by rank; under §10.19 they ask of the suit's lowest foundation
    // (docs/solver.md "Two to four decks")
    this.boundCached = game.decks === 1;
    this.boundRules = prune && rules.trunks === 1 && !rules.foundationBack && !rules.baseChosen && !rules.upDown && !rules.fourOfARank && !rules.rankFoundations;
    this.passCycles = passCycles;
    this.foldRedeal = prune && !passCycles && rules.turn === 1 && !rules.turnShrinks;
    const words = game.positionWords().length;
    if (this.passStart.length < words) this.passStart = new Int32Array(words);
    this.boundByFoundations.fill(-1);
    this.stuck = game.decks > 1 ? this.decksStuck : this.oneDeckStuck;
    if (stuckTest) this.stuck.prepare(game);
    this.lockTest = prune && wingLockArgued(rules, game.decks, game.layout.wingCards);
    if (this.lockTest) this.lock.prepare(game);
  }

  /** Whether rule F11 is asked in this solve (pruning on, and argued for its rules): the search tells what to ask only then. */
  asksLock(): boolean {
    return this.lockTest;
  }

  /**
   * Writes the moves of the position `game` is in from `at`; returns their end, in playRank's order.
   * Under limited redeals the moves that turn nothing come first, then the waste's plays after 1, 2 …
   * turns, the redeal (after turning the rest of the pass) last of all: a turn buries cards in the
   * waste, where only the top is in play, so the moves that keep the stock as it is are tried first
   * (as Eagle Wing's solver does). Under unlimited redeals turning costs nothing, and every play is
   * ranked alike, whatever its turns. Under passes as cycles there is no redeal move: a position in
   * mid-pass (a waste play broke the turns' groups) plays the pass start's cards through the redeal
   * (docs/solver.md "Rule F7"), ranked with its other plays, so the foundation plays of both rounds come first
   * (Solvitaire, which sees the cards of every pass as one list, tries their foundation plays first).
   * Under one-card turns with a redeal left (rule F8) there is no redeal move either: the walk goes on
   * through the redeal to the waste's top, and its plays there come last, after the most turns.
   */
  generate(game: Game, moves: Int32Array<ArrayBuffer>, at: number, firstOfLayout: boolean, askStuck: boolean, askLock: number): number {
    this.moves = moves;
    const scratch = this.scratch;
    const start = at;
    let bound = 0;
    let wasteFree = false;
    // a position whose trunk can be shown never to empty is lost: no moves (the stuck-trunk rule); so is one where some
    // card can be shown never to go up (rule F11: the whole sort at the start, then the pair a move laying a card on a
    // wing's card adds; cheap where no wing turns the corner)
    if (askStuck && this.stuck.isStuck(game)) return at;
    if (askLock !== LOCK_NOT_ASKED && this.lockTest && (askLock === LOCK_WHOLE_SORT ? this.lock.isLocked(game) : this.lock.isLockedBy(game, askLock))) return at;
    if (this.boundRules) {
      if (this.boundCached) {
        const heights = foundationHeights(game.positionWords());
        bound = this.boundByFoundations[heights];
        if (bound < 0) bound = this.boundByFoundations[heights] = boundSuits(game);
      } else bound = boundSuits(game);
      wasteFree = wasteLeavesTurnsAlone(game);
      const forced = bound === 0 ? NO_MOVE : forcedPlay(game, bound, wasteFree);
      if (forced !== NO_MOVE) return this.push(at, forced);
    }
    const count = game.tableauPlays(scratch, 0);
    for (let i = 0; i < count; i++) at = this.push(at, scratch[i]);
    game.storeWords(this.passStart, 0);
    // under passes as cycles, at a pass boundary: round the pass back to here, through the redeal; in
    // mid-pass: to the stock's end, and for the first position of its layout through the redeal to the
    // end again (docs/solver.md "Rule F7")
    const cyclic = this.passCycles && atPassBoundary(game);
    // rule F8: the cards the waste holds now are played through the redeal, the rest without it
    const folded = this.foldRedeal && game.redealsUsed() < game.compiled.redeals;
    const throughRedeal = (this.passCycles && !cyclic && firstOfLayout) || folded;
    let redealt = false;
    const startTop = game.wasteTopIndex();
    // the cards the waste could play now: stockPlays is asked only where one of them is on top
    if (this.wasteStamp === 0x7fffffff) this.wasteMarks.fill((this.wasteStamp = 0));
    const stamp = ++this.wasteStamp;
    const everyCard = game.markWastePlays(this.wasteMarks, stamp);
    let turns = 0;
    for (;;) {
      const top = game.wasteTop();
      if (everyCard || (top !== NO_CARD && this.wasteMarks[top] === stamp)) {
        const plays = game.stockPlays(scratch, 0);
        for (let i = 0; i < plays; i++) at = this.push(at, familyMove(scratch[i], turns));
      }
      // a bound card met on the way is played, not turned past (rules F2, F3)
      if (turns > 0 && wasteFree && isBound(game, game.wasteTop(), bound)) break;
      const atEnd = game.stockTopIndex() < 0;
      if (!stepPass(game, cyclic || throughRedeal)) break;
      if (atEnd) redealt = true;
      turns++;
      if ((cyclic || (folded && redealt)) && game.wasteTopIndex() === startTop) break;
      // round again, the stock's end is the position the first round ended at: its plays are in
      if (redealt && game.stockTopIndex() < 0) break;
    }
    // under passes as cycles, or with the redeal folded, no redeal move (the walk above takes it in where it must); else it is the last move, after the plays
    const redeal = this.passCycles || folded || game.stockTopIndex() >= 0 ? NO_MOVE : game.redealMove();
    game.loadWords(this.passStart, 0);
    if (this.room.length < 2 * (at - start)) this.room = new Int32Array(4 * (at - start));
    playsInOrder(game, this.moves, start, at, this.room, this.passCycles);
    if (redeal !== NO_MOVE) at = this.push(at, familyMove(redeal, turns));
    return at;
  }

  /** Writes `move` at `at`, growing `moves` where it is full; returns the next place. */
  private push(at: number, move: FamilyMove | EngineMove): number {
    if (at >= this.moves.length) {
      const bigger = new Int32Array(this.moves.length * 2);
      bigger.set(this.moves);
      this.moves = bigger;
    }
    this.moves[at] = move;
    return at + 1;
  }
}
