// eaglewing hint: for a position (a deal, or the middle of a game), every legal move and whether it keeps the game winnable.
import type { Command } from 'commander';
import { formatDeal } from '../deal.js';
import { describeMove, formatMove, type Move } from '../notation.js';
import { playSoFar, type GameSoFar } from '../played.js';
import { renderLayout } from '../render.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import { hintFor, type Hint, type MoveVerdict } from '../show/hint.js';
import { cardsTurnedBy } from '../show/narrate.js';
import type { Game } from '../engine.js';
import { limitAdvice, limitName, parseSolverOptions, type LimitFlags } from '../limits.js';
import { Solver } from '../solver/solver.js';
import { plural } from '../text.js';
import { addPysolOption, type ChosenDeal, deckFrom } from './deals.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';
import { addLimitOptions, addRuleOptions, type RuleFlags, rulesFrom } from './flags.js';
import { dealHeading, print, useColor } from './output.js';

type HintFlags = RuleFlags & LimitFlags & { deal?: string; pysol?: string; solvitaire?: string; after?: string; json?: boolean };

const VERDICT_WORDS: Record<MoveVerdict['verdict'], string> = { won: 'keeps the game winnable', lost: 'loses the game', unknown: 'unknown (a limit stopped the search)' };

/** "2 of 6 moves lose the game", or what the position is when no move is left to judge. */
function summaryLine(hint: Hint): string {
  if (hint.alreadyWon) return 'The game is won already: all 52 cards are on the foundations.';
  if (hint.moves.length === 0) return 'No legal move is left: the game is lost.';
  const losing = hint.moves.filter((entry) => entry.verdict === 'lost').length;
  const unknown = hint.moves.filter((entry) => entry.verdict === 'unknown').length;
  const position = hint.verdict === 'won' ? 'WINNABLE' : hint.verdict === 'lost' ? 'LOST: no line from this position wins (proved by a full search)' : `UNKNOWN (${limitName(hint.unknownReason)} reached)`;
  const counts = `${losing} of ${plural(hint.moves.length, 'move')} ${losing === 1 ? 'loses' : 'lose'} the game${unknown > 0 ? `, ${unknown} unknown` : ''}`;
  return `${position}. ${counts}.`;
}

function hintText(hint: Hint, chosen: ChosenDeal, preset: string, rules: RuleSet, sofar: GameSoFar): string {
  const color = useColor();
  const lines = [dealHeading(chosen, preset, rules).trimEnd()];
  if (sofar.given > 0) lines.push(`After ${plural(sofar.given, 'move')} given:`);
  lines.push(renderLayout(sofar.game, { color, symbols: color }), '', summaryLine(hint));
  // the position's own unknown, or else a move's: either way a limit the user can raise
  const advice = limitAdvice(hint.unknownReason ?? hint.moves.find((entry) => entry.verdict === 'unknown')?.unknownReason);
  if (advice !== undefined) lines.push(advice);
  // a turn of several cards (RULES §10.8) is told with every card it turns, as the solution is
  const describe = (move: Move) => describeMove(move, move.source === 'T' ? turnedCards(sofar.game, move) : []);
  if (hint.recommended) lines.push(`Recommended: ${formatMove(hint.recommended)}  (${describe(hint.recommended)})`);
  const width = Math.max(0, ...hint.moves.map((entry) => formatMove(entry.move).length));
  const described = Math.max(28, ...hint.moves.map((entry) => describe(entry.move).length));
  for (const entry of hint.moves) lines.push(`  ${formatMove(entry.move).padEnd(width)}  ${describe(entry.move).padEnd(described)}  ${VERDICT_WORDS[entry.verdict]}`);
  return lines.join('\n');
}

/** The cards a legal turn turns up in the game's position. */
function turnedCards(game: Game, move: Move): number[] {
  return cardsTurnedBy(game, game.legalMoveFor(move));
}

function hintJson(hint: Hint, chosen: ChosenDeal, rules: RuleSet, sofar: GameSoFar) {
  return {
    deal: formatDeal(chosen.deck),
    rules: canonicalRules(rules),
    after: sofar.given,
    verdict: hint.verdict,
    alreadyWon: hint.alreadyWon,
    legal: hint.moves.length,
    losing: hint.moves.filter((entry) => entry.verdict === 'lost').length,
    recommended: hint.recommended ? formatMove(hint.recommended) : null,
    moves: hint.moves.map((entry) => ({ move: formatMove(entry.move), verdict: entry.verdict, nodes: entry.nodes, ...(entry.unknownReason ? { unknownReason: entry.unknownReason } : {}) })),
    solution: hint.solution.map((move) => formatMove(move)).join(' '),
    nodes: hint.nodes,
    ms: hint.ms,
    ...(hint.unknownReason ? { unknownReason: hint.unknownReason } : {}),
  };
}

export function register(program: Command): void {
  const command = program
    .command('hint')
    .description('for a position, every legal move and whether it keeps the game winnable, and one recommended move')
    .argument('[n]', 'deal number (or give --deal, --pysol or --solvitaire)')
    .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
    .option('--after <moves>', 'the moves played so far (RULES §5 tokens, as verify takes them; with --pysol, PySolFC\'s own turns may be left out)')
    .option('--json', 'print the hint as one JSON object')
    .addHelpText(
      'after',
      `
Each move is judged by a search of its own from where it leads, within the limits given (per move).
Exit code: 0 when the position is winnable (or won already), 1 when it is lost or unknown, 2 for bad input.

Examples:
  eaglewing hint 7 --preset coops
  eaglewing hint 7 --preset coops --after "W4W8 T T T T XW1"
  eaglewing hint --pysol 12345 --after "W6W7 W6W8" --json`,
    );
  addPysolOption(addLimitOptions(addRuleOptions(command))).action((numberArgument: string | undefined, flags: HintFlags) => {
    const { preset, rules } = rulesFrom(command, flags);
    const options = parseSolverOptions(flags);
    const chosen = deckFrom(numberArgument, flags, { preset, rules });
    const sofar = playSoFar(chosen.deck, rules, flags.after ?? '', chosen.pysol !== undefined);
    const hint = hintFor(sofar.game, new Solver(options));
    print(flags.json ? JSON.stringify(hintJson(hint, chosen, rules, sofar)) : hintText(hint, chosen, preset, rules, sofar));
    process.exitCode = hint.verdict === 'won' ? EXIT_OK : EXIT_NEGATIVE;
  });
}
