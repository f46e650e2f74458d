// A game a person plays on the page: the moves so far, undo and redo to any point, PySolFC's own turns, the reason a move is refused; no DOM.
import { NO_CARD } from '../cards.js';
import { parseDealFor, type Deck } from '../deal.js';
import { Game, NO_MOVE, newEngineMoveList, toNotation } from '../engine.js';
import { formatMove, formatMoveList, parseMove, splitMoveList, validateMove, type Move } from '../notation.js';
import { pysolTurnsNow } from '../played.js';
import { dealShape, type RuleSet } from '../rules.js';
import { verify } from '../verify.js';

/** What the page is given by `eaglewing play`: the deal, its rules and whether PySolFC turns cards by itself. */
export interface PlaySetup {
  /** The deal string (RULES §2), laid out for the rules. */
  deal: string;
  rules: RuleSet;
  /** PySolFC's game under its own rules: a card is turned whenever the waste is empty (narrate.ts, pysolPlays). */
  autodeal: boolean;
}

/** One move the player made, and the turn PySolFC made by itself right after it (if any). */
export interface PlayerStep {
  move: Move;
  automatic: Move | null;
}

/** A move tried: played, or refused with the reason in words. */
export type Attempt = { played: true } | { played: false; reason: string };

/** The engine after a legal line from the deal (the page's own lines: a move that is not legal is a bug). */
export function gameAfter(deck: Deck, rules: RuleSet, line: readonly Move[]): Game {
  const game = new Game(deck, rules);
  for (const move of line) {
    const code = game.legalMoveFor(move);
    if (code === NO_MOVE) throw new Error(`the page's line is not legal at ${formatMove(move)}`);
    game.apply(code);
  }
  return game;
}

/** The turn of the stock, whatever card it turns. */
const TURN = parseMove('T');

/**
 * The game in play. Positions are counted in player steps: position k is after the player's k-th move and
 * the turn PySolFC makes after it; position 0 is the deal (with PySolFC's first turn). The steps past the
 * current one are kept for redo until the player plays something else there.
 */
export class PlaySession {
  readonly setup: PlaySetup;
  readonly deck: Deck;
  /** The engine at the current position. */
  game: Game;
  /** PySolFC's turn at the start of the game, if it makes one. */
  private opening: Move | null = null;
  private steps: PlayerStep[] = [];
  private at = 0;

  constructor(setup: PlaySetup) {
    this.setup = setup;
    this.deck = parseDealFor(setup.deal, dealShape(setup.rules));
    this.game = new Game(this.deck, setup.rules);
    this.opening = this.turnByItself();
  }

  /** How many player steps the current position is after. */
  get position(): number {
    return this.at;
  }
  /** How many player steps are known, the current position's and those redo would bring back. */
  get length(): number {
    return this.steps.length;
  }
  /** The player's steps up to the current position, then those redo would bring back. */
  get history(): readonly PlayerStep[] {
    return this.steps;
  }
  get openingTurn(): Move | null {
    return this.opening;
  }

  /** Every RULES §5 move from the deal to position `upTo` (the current one by default), PySolFC's own turns among them, with their cards. */
  line(upTo = this.at): Move[] {
    const moves: Move[] = this.opening ? [this.opening] : [];
    for (const step of this.steps.slice(0, upTo)) {
      moves.push(step.move);
      if (step.automatic) moves.push(step.automatic);
    }
    return moves;
  }

  /** The line as text, ready for `eaglewing verify --moves` or `solve --after`. */
  lineText(upTo = this.at): string {
    return formatMoveList(this.line(upTo));
  }

  /** The legal moves of the current position, with their cards, in the engine's order. */
  legalMoves(): Move[] {
    const codes = newEngineMoveList();
    const count = this.game.legalMoves(codes);
    const moves: Move[] = [];
    for (let i = 0; i < count; i++) moves.push(toNotation(codes[i]));
    return moves;
  }

  /**
   * Plays a move of the player's, or says why it is refused in the verifier's words (the verifier shares
   * no code with the engine). A move equal to the next redo step keeps the steps after it for redo.
   */
  play(move: Move): Attempt {
    const code = this.game.legalMoveFor(move);
    if (code === NO_MOVE) return { played: false, reason: this.refusal(move) };
    const played = toNotation(code);
    const next = this.steps[this.at];
    if (next === undefined || formatMove(next.move) !== formatMove(played)) this.steps.length = this.at;
    this.game.apply(code);
    const automatic = this.turnByItself();
    this.steps[this.at] = { move: played, automatic };
    this.at++;
    return { played: true };
  }

  /** Plays a move typed in RULES §5 notation: refused with the reason when it is no move, or not legal here. */
  playText(text: string): Attempt {
    const tokens = splitMoveList(text);
    if (tokens.length !== 1) return { played: false, reason: tokens.length === 0 ? 'type a move, such as W3F or XW2 (RULES §5)' : 'type one move at a time' };
    const check = validateMove(tokens[0]);
    if (!check.ok) return { played: false, reason: check.error ?? `${tokens[0]} is not a move` };
    return this.play(parseMove(tokens[0]));
  }

  /** Goes to position `target` (0 … length), replaying from the deal: undo, redo and jumps alike. */
  goTo(target: number): void {
    if (!Number.isInteger(target) || target < 0 || target > this.steps.length) throw new RangeError(`no position ${target} in a game of ${this.steps.length} steps`);
    this.game = gameAfter(this.deck, this.setup.rules, this.line(target));
    this.at = target;
  }

  undo(): boolean {
    if (this.at === 0) return false;
    this.goTo(this.at - 1);
    return true;
  }
  redo(): boolean {
    if (this.at === this.steps.length) return false;
    this.goTo(this.at + 1);
    return true;
  }
  /** Back to the deal, forgetting every move. */
  restart(): void {
    this.steps = [];
    this.goTo(0);
  }

  /** The game for a URL fragment: the player's moves (every step, redo's too) and the current position. */
  fragment(): string {
    const moves = this.steps.map((step) => formatMove(step.move, false)).join(',');
    return `moves=${moves}&at=${this.at}`;
  }

  /**
   * Restores a game from fragment(): plays its moves from the deal and goes to its position. A fragment
   * that does not fit this deal (a move that is not legal) restores what it can and says where it stopped.
   */
  restore(fragment: string): string | undefined {
    const fields = new URLSearchParams(fragment.replace(/^#/, ''));
    const text = fields.get('moves') ?? '';
    this.restart();
    let problem: string | undefined;
    for (const token of text === '' ? [] : text.split(',')) {
      const attempt = this.playText(token);
      if (!attempt.played) {
        problem = `the address's move ${this.at + 1}, ${token}, was not played: ${attempt.reason}`;
        break;
      }
    }
    const at = Number(fields.get('at') ?? this.steps.length);
    this.goTo(Number.isInteger(at) && at >= 0 && at <= this.steps.length ? at : this.steps.length);
    return problem;
  }

  isWon(): boolean {
    return this.game.isWon();
  }

  /** PySolFC's turn when the waste is empty and the stock is not (played.ts): made on the game, or null. */
  private turnByItself(): Move | null {
    if (!this.setup.autodeal || !pysolTurnsNow(this.game)) return null;
    const code = this.game.legalMoveFor(TURN);
    if (code === NO_MOVE) return null;
    this.game.apply(code);
    return toNotation(code);
  }

  /** Why the move is not legal here, as the verifier says it (its "move N TOKEN: " prefix left off). */
  private refusal(move: Move): string {
    const check = verify(this.deck, this.setup.rules, [...this.line(), move]);
    if (check.status === 'illegal' && check.reason !== undefined) return `${formatMove({ ...move, card: NO_CARD })}: ${check.reason.replace(/^move \d+ \S+: /, '')}`;
    // the engine refuses what the verifier allows: a bug, said as such rather than hidden
    return `${formatMove(move)} is refused by the engine, but the verifier allows it (a bug: please report it)`;
  }
}
