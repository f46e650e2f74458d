// A game in the middle: the moves a player has made, checked by the verifier, then played on the engine to the position now.
import type { Deck } from './deal.js';
import { Game, NO_MOVE, toNotation } from './engine.js';
import { InputError } from './errors.js';
import { formatMove, parseMove, parseMoveList, type Move } from './notation.js';
import type { RuleSet } from './rules.js';
import { verify } from './verify.js';

/** A turn of the stock, whatever card it turns. */
const TURN = parseMove('T');

/** The game after the player's moves. */
export interface GameSoFar {
  /** The engine, at the position the moves lead to. */
  game: Game;
  /** The moves as played, with their cards; for a PySolFC game, with the turns PySolFC made by itself. */
  played: Move[];
  /** How many moves the player gave. */
  given: number;
}

/**
 * Whether PySolFC turns a card by itself now: it does whenever the waste is empty and the stock is
 * not (its autodeal), at the start and after any move that empties the waste.
 */
export function pysolTurnsNow(game: Game): boolean {
  return game.wasteCount() === 0 && game.stockCount() > 0;
}

/**
 * Plays the player's moves (RULES §5 tokens) from the deal. For a PySolFC game (`autodeal`), the
 * turns PySolFC makes by itself may be left out, as its numbered steps leave them out: they are
 * made where PySolFC makes them, and once more after the last move when the waste is empty. An
 * illegal move is bad input, named as `verify` names it; the verifier, which shares no code with
 * the engine, has the last word on every move.
 */
export function playSoFar(deck: Deck, rules: RuleSet, text: string, autodeal: boolean, label = '--after'): GameSoFar {
  const given = parseMoveList(text);
  const game = new Game(deck, rules);
  const played: Move[] = [];
  const turnByItself = () => {
    const turn = game.legalMoveFor(TURN);
    if (turn === NO_MOVE) return;
    played.push(toNotation(turn));
    game.apply(turn);
  };
  for (let index = 0; index < given.length; index++) {
    const move = given[index];
    if (autodeal && move.source !== 'T' && pysolTurnsNow(game)) turnByItself();
    const code = game.legalMoveFor(move);
    if (code === NO_MOVE) throw illegalMove(deck, rules, played, move, `${label === '' ? '' : `${label} `}move ${index + 1}`);
    played.push(toNotation(code));
    game.apply(code);
  }
  if (autodeal && pysolTurnsNow(game)) turnByItself();
  // the second opinion on the whole line: the engine and the verifier must agree that it is legal
  const check = verify(deck, rules, played);
  if (check.status === 'illegal') throw new Error(`the engine played a line the verifier refuses: ${check.reason}`);
  return { game, played, given: given.length };
}

/** The verifier's reason for refusing the player's move (`which`: "--after move 3") after `played`. */
function illegalMove(deck: Deck, rules: RuleSet, played: readonly Move[], move: Move, which: string): InputError {
  const check = verify(deck, rules, [...played, move]);
  const where = `${which} ${formatMove(move)}`;
  if (check.status !== 'illegal' || check.moveIndex !== played.length) {
    if (check.status === 'illegal') return new InputError(`${where}: ${check.reason}`);
    throw new Error(`the engine refuses ${formatMove(move)}, which the verifier allows`);
  }
  return new InputError(`${where}: ${(check.reason ?? '').replace(/^move \d+ \S+: /, '')}`);
}
