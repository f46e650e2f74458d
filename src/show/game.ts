// One game finished for a person, by the solver or a no-peek player: its line as steps, its JSON, its text and its page.
import { formatDeal, type Deck } from '../deal.js';
import { formatMoveList, type Move } from '../notation.js';
import { limitName } from '../limits.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import { plural } from '../text.js';
import { inPysolOrder, narrate, stepLines, stepsJson, type Step } from './narrate.js';
import { solutionPage } from './page.js';
import type { SolveReport } from './report.js';

/** What became of the game: the solver's verdict, or how a no-peek player fared. */
export interface Outcome {
  result: 'won' | 'lost' | 'unknown';
  /** The line played (the solution for a won solve; the player's moves, won or not; empty otherwise). */
  moves: readonly Move[];
  ms: number;
  /** The solver's positions searched; absent for a player. */
  nodes?: number;
  /** The player's label ("greedy", "sampling(4,500,1)"); absent for the solver. */
  player?: string;
  /** Why it ended without a win: a player's reason, or the limit that stopped the solver. */
  reason?: string;
}

/** A game told: the steps in the order its player follows them (PySolFC's, for a PySolFC game). */
export interface ToldGame {
  outcome: Outcome;
  deck: Deck;
  rules: RuleSet;
  /** PySolFC makes its own turns (a PySolFC game number was given). */
  autodeal: boolean;
  /** Every move with its fills, in the engine's order. */
  steps: Step[];
  /** The steps as shown: for PySolFC, each automatic turn where PySolFC makes it. */
  shown: Step[];
  /** How many of the shown steps the player had played before the outcome's moves (solve --after). */
  played: number;
}

/** The game told from the deal: the moves played `before` (solve --after), then the outcome's moves. */
export function tellGame(deck: Deck, rules: RuleSet, outcome: Outcome, autodeal: boolean, before: readonly Move[] = []): ToldGame {
  const line = [...before, ...outcome.moves];
  const steps = line.length > 0 ? narrate(deck, rules, line, autodeal) : [];
  const shown = autodeal ? inPysolOrder(steps) : steps;
  const earlier = new Set(steps.slice(0, before.length));
  const played = shown.filter((step) => earlier.has(step)).length;
  // PySolFC's own turns move only within the moves before or within the moves after, never across
  if (shown.slice(0, played).some((step) => !earlier.has(step))) throw new Error('the moves played and the rest of the line interleave');
  return { outcome, deck, rules, autodeal, steps, shown, played };
}

/** The steps after those already played, as shown. */
export function stepsToCome(game: ToldGame): Step[] {
  return game.shown.slice(game.played);
}

/** "123 moves", and the turns PySolFC makes by itself when there are any. */
export function movesCount(steps: readonly Step[]): string {
  const automatic = steps.filter((step) => step.automatic).length;
  return `${plural(steps.length - automatic, 'move')}${automatic > 0 ? ` (and ${plural(automatic, 'turn')} PySolFC makes by itself)` : ''}`;
}

/** The verdict in one line, as the text output and the page head show it. */
export function verdictLine(game: ToldGame): string {
  const { outcome, shown } = game;
  if (outcome.player !== undefined) {
    const who = `by the ${outcome.player.replace(/:.*$/, '')} player${outcome.reason ? ` (${outcome.reason})` : ''}`;
    return `${outcome.result === 'won' ? 'WON' : 'LOST'} ${who}`;
  }
  if (game.played > 0) {
    if (outcome.result === 'won') return `WON from here: the rest of a solution, ${movesCount(stepsToCome(game))}`;
    if (outcome.result === 'lost') return 'LOST from here: no line from this position wins (proved by a full search); the deal itself may have been winnable';
  }
  if (outcome.result === 'won') return `WON: a solution of ${movesCount(shown)}`;
  if (outcome.result === 'lost') return 'LOST: no sequence of moves wins this deal (proved by a full search)';
  return `UNKNOWN: the ${limitName(outcome.reason)} stopped the search`;
}

/** The page that plays the game back. */
export function gamePage(game: ToldGame, title: string, preset: string): string {
  const { deck, rules, shown, autodeal, played } = game;
  return solutionPage({ title, subtitle: `${preset}: ${canonicalRules(rules)}`, verdict: verdictLine(game), deck, rules, moves: shown.map((step) => step.move), autodeal, played });
}

/** The numbered steps to come as text, numbered on from the moves already played. */
export function gameLines(game: ToldGame): string {
  const playedMoves = game.shown.slice(0, game.played).filter((step) => !step.automatic).length;
  return stepLines(stepsToCome(game), playedMoves + 1);
}

/**
 * The game as JSON: the solver's report (the rest of a win as `moves` and `steps`), or the player's.
 * `moves` and `steps` list the same tokens in the same order, the order the player makes them (for a
 * game PySolFC plays, its own turns where it makes them).
 */
export function gameJson(game: ToldGame, report: SolveReport | undefined) {
  const { outcome } = game;
  const toCome = stepsToCome(game);
  const moves = formatMoveList(toCome.map((step) => step.move));
  const steps = stepsJson(toCome, game.autodeal);
  if (report !== undefined) return outcome.result === 'won' ? { ...report, moves, steps } : report;
  return { deal: formatDeal(game.deck), rules: canonicalRules(game.rules), player: outcome.player, result: outcome.result, ms: outcome.ms, moves, reason: outcome.reason, steps };
}
