// How hard a won deal is along the solution found: its critical positions (at most one move keeps the game winnable).
import { Game, newEngineMoveList, NO_MOVE } from './engine.js';
import type { Move } from './notation.js';
import { GreedyPlayer } from './players/greedy.js';
import { playDeal } from './playing.js';
import type { Solver } from './solver/solver.js';

export interface Rating {
  /** Positions on the line where a move is chosen (every position before the win). */
  positions: number;
  /** Of those, the ones where at most one legal move keeps the game winnable. */
  critical: number;
  /** Positions left undecided because a limit stopped the search of some move. */
  undecided: number;
  /** The no-peek greedy player's result on the deal, from its start. */
  greedy: 'won' | 'lost';
}

/**
 * Rates a winning line: at each position on it, the line's own move keeps the game winnable (the rest
 * of the line wins), so the position is critical unless some other legal move does too; the other
 * moves are solved until one wins. These are properties of this line, not of every solution. The line
 * starts at the position `start` is in (the deal, or the middle of a game); `start` is left as it was.
 */
export function rateLine(start: Game, line: readonly Move[], solver: Solver): Rating {
  const game = new Game(start.deck, start.rules);
  game.restore(start.snapshot());
  const codes = newEngineMoveList();
  let critical = 0;
  let undecided = 0;
  for (const move of line) {
    const chosen = game.legalMoveFor(move);
    if (chosen === NO_MOVE) throw new Error('the line to rate is not legal');
    const count = game.legalMoves(codes);
    let another = false;
    let unknown = false;
    for (let i = 0; i < count && !another; i++) {
      if (codes[i] === chosen) continue;
      game.apply(codes[i]);
      const verdict = game.isWon() ? 'won' : solver.solvePosition(game).result;
      game.undo();
      if (verdict === 'won') another = true;
      else if (verdict === 'unknown') unknown = true;
    }
    if (!another) {
      if (unknown) undecided++;
      else critical++;
    }
    game.apply(chosen);
  }
  const greedy = playDeal(start.deck, start.rules, new GreedyPlayer()).result;
  return { positions: line.length, critical, undecided, greedy };
}
