// eaglewing solve: one deal or a file of deals, by the solver (won with a line, lost, unknown) or by a no-peek player.
import type { Command } from 'commander';
import type { Deck } from '../deal.js';
import { Game } from '../engine.js';
import { InputError, UsageError } from '../errors.js';
import { formatMoveList } from '../notation.js';
import { parseRunOption } from '../options.js';
import { makePlayer, parsePlayerSpec, playerLabel, type PlayerSpec } from '../players/index.js';
import { renderLayout } from '../render.js';
import type { RuleSet } from '../rules.js';
import { carriesStandardOutput, checkOutput, writeWholeFile } from '../run/files.js';
import { playDeal } from '../playing.js';
import { solveDecks } from '../run/pool.js';
import { playSoFar, type GameSoFar } from '../played.js';
import { searchProgress } from '../progress.js';
import { rateLine, type Rating } from '../rating.js';
import { shortenLine } from '../show/shorten.js';
import { gameJson, gameLines, gamePage, movesCount, stepsToCome, tellGame, type Outcome, type ToldGame } from '../show/game.js';
import { solveReport, statsLines, type SolveReport } from '../show/report.js';
import { limitAdvice, limitName, parseSolverOptions, type LimitFlags } from '../limits.js';
import { Solver, type SolverOptions } from '../solver/solver.js';
import { plural, quote } from '../text.js';
import { addPysolOption, type ChosenDeal, deckFrom, readDealsFile } from './deals.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';
import { addLimitOptions, addPlayerOptions, addRuleOptions, addRunOption, type PlayerFlags, refuseIgnoredPlayerOptions, refuseUnplayablePlayer, refuseUnused, type RuleFlags, rulesFrom } from './flags.js';
import { dealHeading, print, useColor } from './output.js';

type SolveFlags = RuleFlags & LimitFlags & PlayerFlags & { deal?: string; dealsFile?: string; json?: boolean; stats?: boolean; workers?: string; pysol?: string; solvitaire?: string; html?: string; force?: boolean; after?: string; rate?: boolean; shortest?: boolean };

/** How one deal is shown. */
interface Presentation {
  preset: string;
  json: boolean;
  html: string | undefined;
  /** Where the text goes: standard error when the page goes to standard output. */
  to: 'stdout' | 'stderr';
  replace: boolean;
}

/** Options that mean nothing in the mode given are refused before any work; the page's file is checked too. */
function checkMode(command: Command, flags: SolveFlags, player: PlayerSpec): void {
  refuseIgnoredPlayerOptions(command, player);
  if (flags.dealsFile === undefined) refuseUnused(command, ['workers'], 'without --deals-file (one deal is solved on one thread)');
  else {
    refuseUnused(command, ['html', 'force'], 'with --deals-file (a page shows one game)');
    refuseUnused(command, ['stats'], 'with --deals-file (it describes one solve)');
    if (player.name !== 'thoughtful') throw new UsageError('--player works on one deal (a number or --deal)');
  }
  if (player.name !== 'thoughtful') refuseUnused(command, ['stats', 'after', 'rate', 'shortest'], `for --player ${player.name} (they describe the solver's search)`);
  if (flags.dealsFile !== undefined) refuseUnused(command, ['rate', 'after', 'shortest'], 'with --deals-file (it rates one solve; give moves after a | on a line instead of --after)');
  if (flags.after !== undefined) refuseUnused(command, ['shortest'], 'with --after (the rest of a game is shown as the solver finds it)');
  if (flags.html === undefined) refuseUnused(command, ['force'], 'without --html (it allows replacing the page)');
  // an existing page needs --force; a file a live run holds is refused even with it
  else checkOutput('--html', flags.html, { replace: Boolean(flags.force) });
}

/** Solves each deal of --deals-file (from the moves after its `|`, if any) and prints one line or JSON object per deal. */
async function solveDealsFile(file: string, rules: RuleSet, options: SolverOptions, flags: SolveFlags): Promise<void> {
  const lines = readDealsFile(file, rules);
  // every line's moves are checked before anything is solved, as its deal is
  const sofar = lines.map((entry) => {
    if (entry.after === undefined) return undefined;
    try {
      return playSoFar(entry.deck, rules, entry.after, false, '');
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`${quote(file)} line ${entry.line}: ${error.message}`);
      throw error;
    }
  });
  const show = (report: SolveReport, index: number) => {
    const after = sofar[index] === undefined ? '' : ` | ${formatMoveList(sofar[index].played)}`;
    print(flags.json ? JSON.stringify(report) : `${report.result}\t${report.nodes}\t${report.ms}ms\t${report.deal}${after}`);
  };
  const withAfter = (report: SolveReport, index: number): SolveReport => (sofar[index] === undefined ? report : { ...report, after: sofar[index].given });
  if (flags.workers === undefined) {
    const solver = new Solver(options);
    lines.forEach((entry, index) => {
      const played = sofar[index];
      show(withAfter(solveReport(entry.deck, rules, played === undefined ? solver.solve(entry.deck, rules) : solver.solvePosition(played.game)), index), index);
    });
    return;
  }
  const afters = sofar.some((played) => played !== undefined) ? sofar.map((played) => (played === undefined ? '' : formatMoveList(played.played))) : undefined;
  const results = await solveDecks(lines.map((entry) => entry.deck), rules, options, parseRunOption('workers', flags.workers), afters);
  results.forEach((result, i) => {
    const found = { result: result.result, nodes: result.nodes, ms: result.ms, moves: result.solution, unknownReason: result.reason };
    show(withAfter(solveReport(lines[i].deck, rules, found), i), i);
  });
}

/** The solver's verdict on one deal, from the deal or from the position the player's moves lead to. */
function solveOne(deck: Deck, rules: RuleSet, options: SolverOptions, sofar: GameSoFar | undefined, rate: boolean, shortest: boolean): { outcome: Outcome; report: SolveReport; stats: string } {
  const solver = new Solver(options);
  // a long search shows how it goes on a terminal (a deal Solvitaire never finished takes eaglewing two minutes)
  const progress = searchProgress();
  solver.watch(progress.watcher, progress.everyMs);
  const result = sofar === undefined ? solver.solve(deck, rules) : solver.solvePosition(sofar.game);
  progress.done();
  solver.watch(undefined, 0);
  const found = result.moves.length;
  // a line from the deal is shortened before it is shown (docs/usage.md "Short solutions"); the rest of a game from the middle is shown as found
  if (result.result === 'won' && sofar === undefined) result.moves = shortenLine(deck, rules, result.moves, { effort: shortest ? 'shortest' : 'normal' });
  const outcome: Outcome = { result: result.result, moves: result.result === 'won' ? result.moves : [], ms: result.ms, nodes: result.nodes, reason: result.unknownReason };
  let report: SolveReport = solveReport(deck, rules, result);
  if (result.result === 'won') report = { ...report, foundLength: found, length: result.moves.length };
  if (sofar !== undefined) report = { ...report, after: sofar.given };
  const rating = rate && result.result === 'won' ? rateLine(sofar?.game ?? new Game(deck, rules), result.moves, solver) : undefined;
  if (rating) report = { ...report, rating };
  return { outcome, report, stats: statsLines(result) };
}

/** A no-peek player's game on one deal. */
function playOne(deck: Deck, rules: RuleSet, player: PlayerSpec): Outcome {
  const played = playDeal(deck, rules, makePlayer(player));
  return { result: played.result, moves: played.moves, ms: played.ms, player: playerLabel(player), reason: played.reason };
}

/** The game as text: the heading, and the solver's layout and verdict, or the player's verdict; then the numbered line. */
function gameText(game: ToldGame, chosen: ChosenDeal, view: Presentation, sofar: GameSoFar | undefined): string {
  const { outcome, rules } = game;
  // the heading ends its own line
  const heading = dealHeading(chosen, view.preset, rules, outcome.player).trimEnd();
  if (outcome.player !== undefined) {
    return `${heading}\n${outcome.result.toUpperCase()}${outcome.reason ? ` (${outcome.reason})` : ''}  ${movesCount(game.shown)}  time ${outcome.ms} ms\n${gameLines(game)}`;
  }
  const color = useColor() && view.to === 'stdout';
  const verdict = outcome.result === 'unknown' ? `unknown (${limitName(outcome.reason)} reached)` : outcome.result;
  const lines = [heading];
  if (sofar !== undefined) lines.push(`After ${plural(sofar.given, 'move')} given:`);
  lines.push(renderLayout(sofar?.game ?? new Game(game.deck, rules), { color, symbols: color }), '', `${verdict.toUpperCase()}${sofar === undefined ? '' : ' FROM HERE'}  nodes ${(outcome.nodes ?? 0).toLocaleString('en-US')}  time ${outcome.ms} ms`);
  if (sofar !== undefined && outcome.result === 'lost') lines.push('No line from this position wins (proved by a full search); the deal itself may have been winnable.');
  const advice = outcome.result === 'unknown' ? limitAdvice(outcome.reason) : undefined;
  if (advice !== undefined) lines.push(advice);
  if (outcome.result === 'won') {
    const rest = stepsToCome(game);
    lines.push('', sofar === undefined ? `Solution, ${movesCount(rest)}:` : `The rest of a solution, ${movesCount(rest)}:`, gameLines(game));
  }
  return lines.join('\n');
}

/** The rating in one line (RULES §9). */
function ratingLine(rating: Rating): string {
  const undecided = rating.undecided > 0 ? ` (${rating.undecided} more undecided: a limit stopped a search)` : '';
  return `Rating: ${rating.critical} critical of ${plural(rating.positions, 'position')} on this solution${undecided}; the greedy player ${rating.greedy === 'won' ? 'wins' : 'loses'} this deal`;
}

/** Shows the result first, then writes the page, so a page that cannot be written loses nothing shown. */
function present(game: ToldGame, chosen: ChosenDeal, report: SolveReport | undefined, view: Presentation, sofar?: GameSoFar): void {
  const rating = report?.rating === undefined ? '' : `\n${ratingLine(report.rating)}`;
  print(view.json ? JSON.stringify(gameJson(game, report)) : gameText(game, chosen, view, sofar) + rating, view.to);
  if (view.html !== undefined) {
    const title = game.outcome.player === undefined ? chosen.label : `${chosen.label}, ${game.outcome.player}`;
    writeWholeFile(view.html, gamePage(game, title, view.preset), { replace: view.replace });
  }
}

export function register(program: Command): void {
  const command = program
    .command('solve')
    .description('solve deals with perfect information: won (with a solution that replays), lost (proved) or unknown (a limit hit)')
    .argument('[n]', 'deal number (or give --deal, --pysol, --solvitaire or --deals-file)')
    .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
    .option('--deals-file <file>', 'one deal string per line, or "<deal> | <moves>" to solve from the middle of a game; - reads standard input')
    .option('--json', 'print {deal, rules, result, nodes, ms, moves}, one object per line')
    .option('--stats', 'also print transposition-table fill and hit rate')
    .option('--html <file>', 'also write a page that plays the game back, step by step (one self-contained HTML file; - writes it to standard output and the text to standard error)')
    .option('--force', 'replace an existing --html file')
    .option('--shortest', 'spend more time shortening the solution shown (docs/usage.md "Short solutions")')
    .option('--rate', 'also rate the deal: critical positions on the solution found (at most one move keeps it winnable) and the greedy player\'s result (RULES §9)')
    .option('--after <moves>', 'solve from the position these moves lead to (RULES §5 tokens, as verify takes them; with --pysol, PySolFC\'s own turns may be left out)');
  addRunOption(command, 'workers', 'with --deals-file: solve on this many worker threads (default: one thread)');
  command.addHelpText(
    'after',
    `
Exit code for one deal: 0 won, 1 lost or unknown, 2 bad input. With --deals-file: 0 once every deal is reported.

Examples:
  eaglewing solve 7
  eaglewing solve 7 --preset coops --json
  eaglewing solve --deal "KS QS JS …" --preset strict --redeals 4
  eaglewing deal 5 --string | eaglewing solve --deals-file - --json
  eaglewing solve 92 --preset coops --max-nodes 100000 --stats
  eaglewing solve --pysol 12345 --html game12345.html
  eaglewing solve 7 --preset coops --after "W4W8 T T T T XW1"   from the middle of a game`,
  );
  addPysolOption(addPlayerOptions(addLimitOptions(addRuleOptions(command)), 'thoughtful (default: the solver), or greedy / sampling to watch a no-peek player')).action(
    async (numberArgument: string | undefined, flags: SolveFlags, command: Command) => {
      const { preset, rules } = rulesFrom(command, flags);
      const options = parseSolverOptions(flags);
      const player = parsePlayerSpec(flags.player, flags);
      checkMode(command, flags, player);
      refuseUnplayablePlayer(player, preset, rules);
      if (flags.dealsFile !== undefined) {
        if (numberArgument !== undefined || flags.deal !== undefined || flags.pysol !== undefined || flags.solvitaire !== undefined) throw new UsageError('give a deal number, --deal, --pysol, --solvitaire or --deals-file, not several');
        return solveDealsFile(flags.dealsFile, rules, options, flags);
      }
      const chosen = deckFrom(numberArgument, flags, { preset, rules }, { orDealsFile: player.name === 'thoughtful' });
      const autodeal = chosen.pysol !== undefined;
      const sofar = flags.after === undefined ? undefined : playSoFar(chosen.deck, rules, flags.after, autodeal);
      const solved = player.name === 'thoughtful' ? solveOne(chosen.deck, rules, options, sofar, flags.rate ?? false, flags.shortest ?? false) : undefined;
      const outcome = solved?.outcome ?? playOne(chosen.deck, rules, player);
      const game = tellGame(chosen.deck, rules, outcome, autodeal, sofar?.played);
      const to = carriesStandardOutput([flags.html]) ? 'stderr' : 'stdout';
      present(game, chosen, solved?.report, { preset, json: flags.json ?? false, html: flags.html, to, replace: Boolean(flags.force) }, sofar);
      if (flags.stats && solved) process.stderr.write(solved.stats + '\n');
      process.exitCode = outcome.result === 'won' ? EXIT_OK : EXIT_NEGATIVE;
    },
  );
}
