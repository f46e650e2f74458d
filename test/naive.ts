// A deliberately naive second search for tests: single engine moves, a Set of full state strings, no pruning, no packing.
import type { Deck } from '../src/deal.js';
import { Game } from '../src/engine.js';
import type { RuleSet } from '../src/rules.js';

export type NaiveVerdict = 'won' | 'lost' | 'too-big';

export function naiveSolve(deck: Deck, rules: RuleSet, maxStates: number): NaiveVerdict {
  return naiveSolveFrom(new Game(deck, rules), maxStates);
}

/** The same search from the position `game` is in (the game is left at some searched position). */
export function naiveSolveFrom(game: Game, maxStates: number): NaiveVerdict {
  const seen = new Set<string>();
  const stack: Int32Array[] = [game.snapshot()];
  seen.add(stack[0].join(','));
  const moves = new Int32Array(256);
  while (stack.length > 0) {
    const state = stack.pop()!;
    game.restore(state);
    if (game.isWon()) return 'won';
    const count = game.legalMoves(moves);
    // pushed last-first so that the engine's first moves (foundation plays) are searched first
    for (let i = count - 1; i >= 0; i--) {
      game.restore(state);
      game.applyUnsaved(moves[i]);
      const after = game.snapshot();
      const text = after.join(',');
      if (!seen.has(text)) {
        if (seen.size >= maxStates) return 'too-big';
        seen.add(text);
        stack.push(after);
      }
    }
  }
  return 'lost';
}
