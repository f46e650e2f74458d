// Exact search for the Canfield family's rules (RULES §10): depth first over the engine's moves, turns folded into the play they lead to, every position met kept in a table.
import { Game, isWing, moveCard, moveCount, moveSource, moveTarget, SOURCE_WASTE, TARGET_FOUNDATION } from '../../engine.js';
import { passPhase } from '../../pass.js';
import { TRUNK_PLAY_TOP, UNLIMITED_REDEALS, type CompiledRules, type RuleSet } from '../../rules.js';
import type { Move } from '../../notation.js';
import { familyDecksKeyPassState, familyDecksKeyWords, familyKeyPassState, familyKeyWords, familyLinkBits, familyTrunkBits, familyWingCodeBits, keyMatch, packFamilyDecksKey, packFamilyKey } from './key.js';
import { FamilyTable } from './table.js';
import { familyEngineMove, playFamilyMove, type FamilyMove } from './move.js';
import { FamilyMoveGenerator } from './generate.js';
import { LOCK_NOT_ASKED, LOCK_WHOLE_SORT } from './lock.js';
import { SearchClock } from '../clock.js';
import { FULL, INSERTED, PRESENT, SearchBudget, type SolveResult, type SolverOptions, type UnknownReason, type Verdict } from '../frame.js';
import { WALK_SCHEDULE, Walks, type WalkSchedule } from '../walks.js';


/** What advance() answers when it stops at its pause, its walks and lines kept for the next call. */
const PAUSED = 'paused';
type Advance = Verdict | typeof PAUSED;
/** A pause that never comes in practice: a small integer (2^30 - 1), so the loop's count compares as one. */
const UNPAUSED = 0x3fff_ffff;

/**
 * Searches every position reachable from the start, each once: a position met again (in this line or
 * another) is not searched again, so a finished search without a win has seen every reachable
 * position, and the deal is lost. Unlimited redeals make the positions repeat (position.ts
 * redealUnlimited caps the count), and the table closes those cycles.
 *
 * The rules that leave positions or moves out, each with the argument that it keeps every verdict, are
 * docs/solver.md's rules F1-F11 (all off under --no-prune, and checked against it by
 * bench/prune-check.mjs): F1 and F8, the stock as a resource, within a pass and across passes (the
 * table's keyMatch resource, and generate.ts's walk through the redeal); F2 and F3, the
 * bound cards (prune.ts); F4 and F5, passes as cycles and their phases (keyMatch's pass states, and
 * generate.ts's walk round the pass); F6 and F9, a stuck trunk (stuck.ts, asked where stuckAsk says; F9, the last pass's waste read as a stack); F7, a
 * mid-pass position covering its pass start (generate.ts's firstOfLayout); F10, the open stock (race: a loss with
 * one-card turns is a loss); F11, a wing's cards locked under whole-wing moves (lock.ts, asked where lockAsk says).
 *
 * The search runs as several depth-first walks that take turns, all sharing the one table
 * (docs/solver.md "Walks"): a walk's turn over, it hands its shallowest untried moves to a new walk.
 * A position is stored once, by the walk that meets it first, which tries all its moves (or hands
 * some to a walk that will), so "lost" means what it means for one walk, and a win found by any walk
 * is a win (its line: the moves that led to the walk's first position, then its own). Turns are
 * counted in positions stored, so the search is the same on every machine.
 */
export class FamilySearch {
  private readonly table: FamilyTable;
  private readonly limits: SolverOptions;
  private readonly schedule: WalkSchedule;
  private key = new Int32Array(0);
  /** The search under way: words a position, wings in play, the key's shape (key.ts). */
  private words = 0;
  private wings = 0;
  private codeBits = 0;
  private linkBits = 0;
  private trunkBits = 0;
  /** RULES §10.19: decks shuffled together (the key: key.ts packFamilyDecksKey past one). */
  private decks = 1;
  private stockPlaces = 0;
  /** What the search that ended found: positions stored, the limit that stopped it, the depth of the winning move (-1: none). */
  private nodes = 1;
  private unknownReason: UnknownReason | undefined;
  /** Where advance() paused: its walk's depth, and the count at which the walk under way's turn ends. */
  private depth = 0;
  private turnEnd = 0;
  /** Rule F10's search of the open stock (openStockSearch), its own table; whether the last solve ran it. */
  private openStock: FamilySearch | undefined;
  private raced = false;
  private winDepth = -1;
  /** A walk cut its line at the path cap (cutLine): some stored positions never had all their moves tried, so no loss. */
  private cut = false;
  /** The walks (walks.ts): a row of a walk is the position of its depth (its words). */
  private readonly walks: Walks;
  /** Passes as cycles (rule F4): unlimited redeals, a fixed turn size, and pruning on. */
  private passCycles = false;
  /** A position's moves, in the order they are tried. */
  private readonly generator = new FamilyMoveGenerator();
  /** The node and time limits, and the watcher: its Solver's budget (frame.ts), or one of its own. */
  private readonly budget: SearchBudget;
  /** The stuck-trunk rule (rule F6): pruning on, under `trunkPlay top`; asked (stuckAsk) where the trunk's top, a foundation or the stock has just changed. */
  private stuckTest = false;
  private stuckAsk = false;
  /**
   * Rule F11 (lock.ts) asked (lockAsk): the whole sort at the start; after a move that lays a card on a wing's card,
   * whether the one pair it adds closes a cycle (isLockedBy, given that card). Only such a card adds a "goes up before"
   * pair; a card put into a space adds none, and a card going up, turns and redeals take pairs away, so a position
   * reached by them from one that is not locked is not locked either, and asking there would only cost (docs/solver.md
   * "Rule F11").
   */
  private lockAsk = LOCK_WHOLE_SORT;
  private lockTest = false;

  constructor(limits: SolverOptions, schedule: WalkSchedule = WALK_SCHEDULE, budget: SearchBudget = new SearchBudget(new SearchClock())) {
    this.limits = limits;
    this.schedule = schedule;
    this.budget = budget;
    this.walks = new Walks(schedule);
    this.table = new FamilyTable(limits.memoryMegabytes);
  }

  /** Hands each key the last search stored to `visit` (FamilyTable.forEachKey): for bench/family-keys.mjs, which counts where the positions lie. */
  forEachStoredKey(visit: (keys: Int32Array, at: number) => void): void {
    this.table.forEachKey(visit);
  }

  /** Solves from the position `game` is in; the game is left at some searched position. */
  solve(game: Game): SolveResult {
    this.budget.start(this.limits);
    const start = this.begin(game);
    const open = openStockRules(game.rules, game.compiled, this.limits.prune);
    this.raced = false;
    const verdict = game.isWon() ? 'won' : open === undefined ? this.search(game) : this.race(game, open);
    const result = this.budget.result(verdict, this.nodes + (this.raced ? this.openStockSearch().nodes : 0), this.unknownReason, this.table);
    // a start already won has no line (and the walk under way is the last search's)
    if (verdict === 'won' && this.winDepth >= 0) result.moves = this.line(game, start);
    return result;
  }

  /**
   * Rule F10 (docs/solver.md): this search and the open stock's (the same rules with one-card turns, which
   * play every line of these) take turns in positions stored, after this one's head start. A win or a loss
   * of this search ends the race, and so does a loss of the open stock's; its win says nothing of these
   * rules, and this search goes on alone. Both count against the limits, and the result counts both.
   */
  private race(game: Game, open: RuleSet): Verdict {
    const { raceHeadStart, raceTurn } = this.schedule;
    const budget = this.budget;
    // the search leaves `game` at the positions it plays: the open stock starts from where this search does
    const origin = game.snapshot();
    let mine = this.start(game) ?? this.advance(game, raceHeadStart);
    if (mine !== PAUSED) return mine;
    const rival = this.openStockSearch();
    const rivalGame = new Game(game.deck, open);
    rivalGame.restore(origin);
    rival.begin(rivalGame);
    this.raced = true;
    budget.elsewhere(this.nodes);
    let theirs = rival.start(rivalGame) ?? rival.advance(rivalGame, 1 + raceTurn);
    for (;;) {
      if (theirs === 'lost') {
        this.schedule.onOpenStockLoss?.();
        return this.stop(this.nodes, 'lost');
      }
      // a node or time limit ends the race; a win, a full table or the depth cap only the open stock's part in it
      if (theirs === 'unknown' && (rival.unknownReason === 'max-nodes' || rival.unknownReason === 'time-limit')) return this.stop(this.nodes, 'unknown', rival.unknownReason);
      budget.elsewhere(rival.nodes);
      if (theirs !== PAUSED) return this.finish(game);
      mine = this.advance(game, this.nodes + raceTurn);
      if (mine !== PAUSED) return mine;
      budget.elsewhere(this.nodes);
      theirs = rival.advance(rivalGame, rival.nodes + raceTurn);
    }
  }

  /** The open stock's search (rule F10), made on first use: its table a quarter of this one's memory. */
  private openStockSearch(): FamilySearch {
    this.openStock ??= new FamilySearch({ ...this.limits, memoryMegabytes: Math.max(1, Math.floor(this.limits.memoryMegabytes / 4)) }, this.schedule, this.budget);
    return this.openStock;
  }

  /** Sets the search up for `game`'s rules and position: the key's shape, the table's matching, the pruning rules; returns the start's words. */
  private begin(game: Game): Int32Array {
    const rules = game.compiled;
    this.words = game.positionWords().length;
    this.wings = game.wings;
    this.linkBits = familyLinkBits(rules.build);
    this.codeBits = familyWingCodeBits(rules);
    this.trunkBits = familyTrunkBits(rules);
    this.decks = game.decks;
    this.stockPlaces = game.layout.stockLength;
    const decks = this.decks > 1;
    const keyWords = decks ? familyDecksKeyWords(this.wings, this.decks, this.linkBits, this.stockPlaces) : familyKeyWords(this.wings, this.codeBits, this.linkBits, this.trunkBits);
    if (this.key.length < keyWords) this.key = new Int32Array(keyWords);
    // rule F6 reads one trunk, filling by itself or not, and foundations that only rise from the deal's base: not asked under several
    // trunks (RULES §10.15), the waste's fill (§10.3 auto-waste), cards coming back (§10.16), a base the player chooses (§10.17)
    // or two foundations a suit or four of a rank at once (§10.18); §10.20's trunk goes only up (trunk-play top-foundation), and its
    // foundations take any suit
    // RULES §10.19: two to four decks ask every rule, the bound-card rules (F2, F3) and the stuck trunk (F6, F9) in a
    // twin's form (docs/solver.md "Two to four decks")
    const prune = this.limits.prune;
    this.stuckTest = prune && rules.trunkPlay === TRUNK_PLAY_TOP && rules.trunks === 1 && !rules.wasteFillsAuto && !rules.foundationBack && !rules.baseChosen && !rules.upDown && !rules.fourOfARank;
    this.stuckAsk = this.stuckTest;
    this.lockAsk = LOCK_WHOLE_SORT;
    this.passCycles = prune && rules.redeals === UNLIMITED_REDEALS && !rules.turnShrinks;
    this.generator.prepare(game, prune, this.passCycles, this.stuckTest);
    this.lockTest = this.generator.asksLock();
    // the stock as a resource (rules F1, F8): only under one-card turns, where every later waste top can be turned to, and every later pass redealt to
    this.table.clear(keyWords, keyMatch(decks, prune && rules.turn === 1 && !rules.turnShrinks, this.passCycles));
    this.nodes = 1;
    this.unknownReason = undefined;
    this.winDepth = -1;
    this.cut = false;
    const start = new Int32Array(this.words);
    game.storeWords(start, 0);
    return start;
  }

  /** The walks, taking turns until one wins, every one has finished (lost), or a limit stops them (unknown). */
  private search(game: Game): Verdict {
    return this.start(game) ?? this.finish(game);
  }

  /** The walks go on from where they are to a verdict. */
  private finish(game: Game): Verdict {
    // past UNPAUSED positions (beyond any table's room) each call stores one position and pauses again
    for (;;) {
      const verdict = this.advance(game, UNPAUSED);
      if (verdict !== PAUSED) return verdict;
    }
  }

  /** Stores the start and sets up the first walk; a verdict only where a limit stops the search there. */
  private start(game: Game): Verdict | undefined {
    const { words, wings, codeBits, linkBits, key, table, budget } = this;
    this.packKey(game, wings, codeBits, linkBits);
    table.insert(key);
    // the start is the first position: a limit of one stops the search there
    const atStart = budget.spent(1);
    if (atStart !== undefined) return this.stop(1, 'unknown', atStart);
    const walks = this.walks;
    walks.start(words);
    game.storeWords(walks.rows, 0);
    walks.moveNext[0] = 0;
    walks.moveEnd[0] = this.generate(game, 0, true);
    this.nodes = 1;
    this.depth = 0;
    this.turnEnd = this.schedule.firstTurn;
    return undefined;
  }

  /**
   * The walks take turns from where start() or the last advance() left them, until a verdict or until
   * `pauseAt` positions are stored (PAUSED: the walks, their lines and the count kept for the next call).
   */
  private advance(game: Game, pauseAt: number): Advance {
    const { words, wings, codeBits, linkBits, key, table, budget, walks } = this;
    let nodes = this.nodes;
    let depth = this.depth;
    // the node count at which the walk under way's turn ends
    let turnEnd = this.turnEnd;
    // the first of the two counts the loop looks at: one comparison a position stored for both
    let next = Math.min(turnEnd, pauseAt);
    const pathCap = this.schedule.pathCap;
    for (;;) {
      if (walks.moveNext[depth] === walks.moveEnd[depth]) {
        if (depth > 0) {
          depth--;
          continue;
        }
        // this walk has searched all it holds: the next one takes over, or none is left and the deal is lost
        if (!walks.finish()) return this.cut ? this.stop(nodes, 'unknown', 'depth') : this.stop(nodes, 'lost');
        depth = walks.current.depth;
        turnEnd = nodes + walks.turnLength();
        next = Math.min(turnEnd, pauseAt);
        continue;
      }
      const move = walks.moves[walks.moveNext[depth]++] as FamilyMove;
      game.loadWords(walks.rows, depth * words);
      const trunkBefore = game.trunkCount();
      playFamilyMove(game, move, null);
      // a family move puts a card up, or takes one out of the stock, only by its engine move (its turns do neither)
      const engineMove = familyEngineMove(move);
      if (this.stuckTest) this.stuckAsk = game.trunkCount() !== trunkBefore || moveTarget(engineMove) === TARGET_FOUNDATION || moveSource(engineMove) === SOURCE_WASTE;
      if (this.lockTest) {
        const target = moveTarget(engineMove);
        this.lockAsk = isWing(target) && game.wingHeight(target) > moveCount(engineMove) ? moveCard(engineMove) : LOCK_NOT_ASKED;
      }
      if (game.isWon()) {
        this.winDepth = depth;
        return this.stop(nodes, 'won');
      }
      this.packKey(game, wings, codeBits, linkBits);
      const stored = table.insert(key);
      if (stored === PRESENT) continue;
      if (stored === FULL) return this.stop(nodes, 'unknown', 'memory');
      nodes++;
      const spent = budget.spent(nodes);
      if (spent !== undefined) return this.stop(nodes, 'unknown', spent);
      depth++;
      if (depth >= pathCap) {
        depth = this.cutLine(pathCap);
        continue;
      }
      if (depth >= walks.moveNext.length) walks.grow();
      game.storeWords(walks.rows, depth * words);
      walks.moveNext[depth] = walks.moveEnd[depth - 1];
      walks.moveEnd[depth] = this.generate(game, walks.moveEnd[depth - 1], stored === INSERTED);
      if (nodes < next) continue;
      if (nodes >= turnEnd) {
        // the walk's turn is over: it hands its shallowest untried moves to a new walk, and the next walk goes on
        walks.handOn(depth);
        walks.next();
        depth = walks.current.depth;
        turnEnd = nodes + walks.turnLength();
      }
      next = Math.min(turnEnd, pauseAt);
      if (nodes >= pauseAt) {
        this.nodes = nodes;
        this.depth = depth;
        this.turnEnd = turnEnd;
        return PAUSED;
      }
    }
  }

  /**
   * The walk under way has reached the path cap: the position just stored there keeps its moves untried, and so do
   * the depths of the line's deeper half, which the walk leaves; it goes on from the depth half way down (returned).
   * A line that long wanders, and searching on beside it may still find a win (measured on Rainbow under group
   * moves: docs/measurements.md); but the positions left untried mean that a search that ends without a win has not
   * seen every reachable position, so it ends unknown (depth), not lost.
   */
  private cutLine(pathCap: number): number {
    this.cut = true;
    return pathCap >> 1;
  }

  /** The search ends with `verdict` after `nodes` positions; `reason`, the limit that stopped it. */
  private stop(nodes: number, verdict: Verdict, reason?: UnknownReason): Verdict {
    this.nodes = nodes;
    this.unknownReason = reason;
    return verdict;
  }

  /** The win's RULES §5 moves from `start`: the moves that led to the winning walk's first position, then the walk's own. */
  private line(game: Game, start: Int32Array): Move[] {
    const moves: Move[] = [];
    game.loadWords(start, 0);
    const walks = this.walks;
    const path = walks.current.path;
    for (let at = 0; at < walks.current.pathLength; at++) playFamilyMove(game, path[at] as FamilyMove, moves);
    for (let at = 0; at <= this.winDepth; at++) playFamilyMove(game, walks.moves[walks.moveNext[at] - 1] as FamilyMove, moves);
    return moves;
  }

  /** The table's key for the position `game` is in: under passes as cycles, with its pass state (key.ts) for its waste. */
  private packKey(game: Game, wings: number, codeBits: number, linkBits: number): void {
    if (this.decks > 1) {
      packFamilyDecksKey(game.positionWords(), wings, this.decks, linkBits, this.stockPlaces, this.key);
      if (!this.passCycles) return;
      const phase = passPhase(game);
      familyDecksKeyPassState(this.key, phase, phase === 0 ? 0 : Math.floor(game.wasteCount() / game.compiled.turn));
      return;
    }
    packFamilyKey(game.positionWords(), wings, codeBits, linkBits, this.key, this.trunkBits);
    if (!this.passCycles) return;
    const phase = passPhase(game);
    familyKeyPassState(this.key, phase, phase === 0 ? 0 : Math.floor(game.wasteCount() / game.compiled.turn));
  }

  /** Writes the moves of the position `game` is in from `at` (generate.ts); returns their end. */
  private generate(game: Game, at: number, firstOfLayout: boolean): number {
    const end = this.generator.generate(game, this.walks.moves, at, firstOfLayout, this.stuckAsk, this.lockAsk);
    // the walk's moves, grown where they did not fit
    this.walks.moves = this.generator.moves;
    return end;
  }
}

/**
 * Rule F10's open stock (docs/solver.md): the rules with one-card turns, where the race is run; undefined
 * elsewhere. One-card turns play every line of a larger turn, turn for turn, under unlimited redeals, where
 * no waste card fills a space by itself (§10.3 auto-waste would take the top of each one-card turn).
 * Run only where nothing goes on a base-rank card (`wrap base`, Solvitaire's Canfield): measured there, the
 * open stock keeps most losses that take long to prove; elsewhere (PySolFC's Canfield round the corner,
 * Candike without a corner) it keeps few, and the race only halves the budget (docs/measurements.md).
 */
export function openStockRules(rules: RuleSet, compiled: CompiledRules, prune: boolean): RuleSet | undefined {
  if (!prune || !compiled.wrapBase || compiled.turn === 1 || compiled.redeals !== UNLIMITED_REDEALS || compiled.wasteFillsAuto) return undefined;
  return { ...rules, turn: '1' };
}
