// The family search's move: an engine move and the steps round the pass before it, packed in one integer; only this file reads its bits.
import { ENGINE_MOVE_BITS, type EngineMove, Game, NO_MOVE, toNotation } from '../../engine.js';
import { stepPass } from '../../pass.js';
import type { Move } from '../../notation.js';

/*
 * A family move is one integer: an engine move (engine.ts, bits 0-23) and the steps round the pass
 * made before it (bits 24-31, read unsigned: turns, and a redeal at the stock's end; at most about 51,
 * two-card turns through the redeal round a 50-card stock, and 207 with four decks' largest stock, 206
 * places: one-card turns round the whole pass and the redeal (rules F4, F8), or two-card turns to the
 * end, the redeal and round to the end again (rule F7)). Turning changes nothing but which card is
 * the waste's top, so "turn t times, then play the waste's top" is one move, and "turn to the end of
 * the pass, then redeal" is another: a pass is walked once per position, not searched turn by turn.
 */
const TURNS_SHIFT = ENGINE_MOVE_BITS;
const ENGINE_MOVE_MASK = (1 << TURNS_SHIFT) - 1;

/*
 * | bits  | field                                                              |
 * |-------|--------------------------------------------------------------------|
 * | 0-23  | the engine move played last (engine.ts EngineMove)                 |
 * | 24-31 | steps round the pass before it: turns, and a redeal at the stock's end |
 */
export type FamilyMove = number & { readonly __brand: 'FamilyMove' };

/** `steps` steps round the pass (turns, and the redeal at the stock's end), then `move`. */
export function familyMove(move: EngineMove, steps: number): FamilyMove {
  return (move | (steps << TURNS_SHIFT)) as FamilyMove;
}

/** The engine move a family move ends with. */
export function familyEngineMove(move: FamilyMove): EngineMove {
  return (move & ENGINE_MOVE_MASK) as EngineMove;
}

/** The steps round the pass a family move makes before its engine move. */
export function familySteps(move: FamilyMove): number {
  return move >>> TURNS_SHIFT;
}

/** A step round the pass: a turn, or at the stock's end the redeal (NO_MOVE when neither is legal). */
function stepMove(game: Game): EngineMove {
  const turn = game.turnMove();
  return turn !== NO_MOVE ? turn : game.redealMove();
}

/** Plays a family move on `game`: its steps (turns, and a redeal at the stock's end), then its engine move. With `written`, appends the RULES §5 moves it stands for. */
export function playFamilyMove(game: Game, move: FamilyMove, written: Move[] | null): void {
  for (let turns = familySteps(move); turns > 0; turns--) {
    if (written !== null) written.push(toNotation(stepMove(game)));
    stepPass(game, true);
  }
  const engineMove = familyEngineMove(move);
  if (written !== null) written.push(toNotation(engineMove));
  game.applyUnsaved(engineMove);
}
