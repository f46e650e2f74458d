// A walk round the stock for the family search: a step of a pass (a turn, or the redeal at the stock's end), and where a pass stands.
import { Game, NO_MOVE } from './engine.js';
import * as P from './position.js';

/**
 * One step of a walk through the stock: the turn that Game.turnMove() names, or where the stock is
 * empty and `redealToo`, the redeal that redealMove() names. The same as applyUnsaved() of that move
 * (neither empties a wing, so no trunk fill follows); a turn is made in place, without encoding it or
 * the engine's undo record: a search walks a whole pass at every position (solver/family/generate.ts).
 * False, with nothing changed, when that move is not legal.
 */
export function stepPass(game: Game, redealToo: boolean): boolean {
  const end = game.turnEndPlace();
  if (end >= 0) {
    // the stock goes on after the last card the turn takes
    P.turnTo(game.positionWords(), end + 1);
    return true;
  }
  if (!redealToo || game.redealMove() === NO_MOVE) return false;
  game.redealStock();
  return true;
}

/**
 * Where the pass stands in its turns: 0 at a pass boundary (atPassBoundary), else the waste's cards
 * mod the turn size. Two positions of one pass alike but for their waste, with the same phase, are
 * whole turns apart: the one with fewer waste cards turns to the other.
 */
export function passPhase(game: Game): number {
  return game.stockTopIndex() < 0 ? 0 : game.wasteCount() % game.compiled.turn;
}

/**
 * Whether turning from the start of this pass reaches this very position: the waste holds whole
 * turns, or the stock is empty (RULES §10.8; only under a fixed turn size). Under unlimited redeals
 * such a position and the one after turning to the end and redealing reach each other.
 */
export function atPassBoundary(game: Game): boolean {
  return passPhase(game) === 0;
}
