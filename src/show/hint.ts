// Which move keeps a game winnable: every legal move of a position, each with the solver's verdict on where it leads.
import { newEngineMoveList, toNotation, type Game } from '../engine.js';
import { formatMove, type Move } from '../notation.js';
import type { Solver, UnknownReason, Verdict } from '../solver/solver.js';

/** One legal move and what the solver says of the position it leads to. */
export interface MoveVerdict {
  move: Move;
  verdict: Verdict;
  nodes: number;
  unknownReason?: UnknownReason;
}

export interface Hint {
  /** The position's own verdict: won when some line from it wins. */
  verdict: Verdict;
  /** The game is over and won already: no hint is needed. */
  alreadyWon: boolean;
  /** Every legal move (turns and redeals too), in the engine's order. */
  moves: MoveVerdict[];
  /** The first move of the solution the solver found, when the position is winnable. */
  recommended?: Move;
  /** The rest of that solution, recommended move first. */
  solution: Move[];
  /** Positions searched, for the position and every move. */
  nodes: number;
  ms: number;
  unknownReason?: UnknownReason;
}

/**
 * The hint for the position `game` is in (the game is left as it was). Each move is judged by a
 * search of its own from the position it leads to; a position the solver calls lost with a move the
 * solver calls winning (or the other way round) would be a contradiction, and is reported as a bug.
 */
export function hintFor(game: Game, solver: Solver): Hint {
  const started = performance.now();
  if (game.isWon()) return { verdict: 'won', alreadyWon: true, moves: [], solution: [], nodes: 0, ms: 0 };
  const here = solver.solvePosition(game);
  const codes = newEngineMoveList();
  const count = game.legalMoves(codes);
  const moves: MoveVerdict[] = [];
  let nodes = here.nodes;
  for (let i = 0; i < count; i++) {
    game.apply(codes[i]);
    const child = game.isWon() ? undefined : solver.solvePosition(game);
    game.undo();
    const judged: MoveVerdict = { move: toNotation(codes[i]), verdict: child?.result ?? 'won', nodes: child?.nodes ?? 0 };
    if (child?.unknownReason) judged.unknownReason = child.unknownReason;
    nodes += judged.nodes;
    moves.push(judged);
  }
  const recommended = here.result === 'won' ? here.moves[0] : undefined;
  checkConsistent(here.result, moves, recommended);
  const hint: Hint = { verdict: here.result, alreadyWon: false, moves, solution: here.moves, nodes, ms: Math.round(performance.now() - started) };
  if (recommended) hint.recommended = recommended;
  if (here.unknownReason) hint.unknownReason = here.unknownReason;
  return hint;
}

/** The position's verdict and its moves' verdicts must agree: a won position has a winning move, a lost one none. */
function checkConsistent(verdict: Verdict, moves: readonly MoveVerdict[], recommended: Move | undefined): void {
  const winning = moves.filter((entry) => entry.verdict === 'won');
  if (verdict === 'lost' && winning.length > 0) throw new Error(`the position is lost, but ${formatMove(winning[0].move)} wins`);
  if (verdict === 'won' && moves.every((entry) => entry.verdict === 'lost')) throw new Error('the position is won, but every move loses');
  if (recommended !== undefined) {
    const first = moves.find((entry) => formatMove(entry.move, false) === formatMove(recommended, false));
    if (first === undefined) throw new Error(`the recommended move ${formatMove(recommended)} is not a legal move`);
    if (first.verdict === 'lost') throw new Error(`the recommended move ${formatMove(recommended)} loses`);
  }
}
