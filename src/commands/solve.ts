// eaglewing solve: one deal or a file of deals, by the solver (won with a line, lost, unknown) or by a no-peek player.
import { plural } from '../text.js';
import type { Command } from 'commander';
import { formatDeal } from '../deal.js';
import { Game } from '../engine.js';
import { UsageError } from '../errors.js';
import { formatMoveList } from '../notation.js';
import { parseRunOption } from '../options.js';
import { makePlayer, parsePlayerSpec, playerLabel } from '../players/index.js';
import { renderLayout } from '../render.js';
import { canonicalRules } from '../rules.js';
import { playDeal } from '../run/play.js';
import { solveDecks } from '../run/pool.js';
import { inPysolOrder, narrate, stepLines, stepsJson, type Step } from '../run/narrate.js';
import { solveReport, statsLines, type SolveReport } from '../run/report.js';
import { checkOutput, writeWholeFile } from '../run/files.js';
import { solutionPage } from '../run/page.js';
import { parseSolverOptions, type LimitFlags } from '../limits.js';
import { Solver } from '../solver/search.js';
import {
  addPysolOption,
  pysolPreset,
  refuseIgnoredPlayerOptions,
  refuseUnused,
  addLimitOptions,
  addPlayerOptions,
  addRuleOptions,
  addRunOption,
  dealHeading,
  deckFrom,
  print,
  readDealsFile,
  rulesFrom,
  useColor,
  type PlayerFlags,
  type RuleFlags,
} from './common.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';

type SolveFlags = RuleFlags & LimitFlags & PlayerFlags & { deal?: string; dealsFile?: string; json?: boolean; stats?: boolean; workers?: string; pysol?: string; html?: string };

/** "123 moves", and the turns PySolFC makes by itself when there are any. */
function movesCount(steps: readonly Step[]): string {
  const automatic = steps.filter((step) => step.automatic).length;
  return `${plural(steps.length - automatic, 'move')}${automatic > 0 ? ` (and ${plural(automatic, 'turn')} PySolFC makes by itself)` : ''}`;
}

export function register(program: Command): void {
  const command = program
    .command('solve')
    .description('solve deals with perfect information: won (with a solution that replays), lost (proved) or unknown (a limit hit)')
    .argument('[n]', 'deal number (or give --deal or --deals-file)')
    .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
    .option('--deals-file <file>', 'one deal string per line; - reads standard input')
    .option('--json', 'print {deal, rules, result, nodes, ms, moves}, one object per line')
    .option('--stats', 'also print transposition-table fill and hit rate')
    .option('--html <file>', 'also write a page that plays the game back, step by step (one self-contained HTML file)');
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
  eaglewing solve --pysol 12345 --html game12345.html`,
  );
  addPysolOption(addPlayerOptions(addLimitOptions(addRuleOptions(command)), 'thoughtful (default: the solver), or greedy / sampling to watch a no-peek player')).action(
    async (numberArgument: string | undefined, flags: SolveFlags, command: Command) => {
      pysolPreset(command, flags);
      const rules = rulesFrom(flags);
      const options = parseSolverOptions(flags);
      const spec = parsePlayerSpec(flags.player, flags);
      refuseIgnoredPlayerOptions(command, spec);
      if (flags.dealsFile === undefined) refuseUnused(command, ['workers'], 'without --deals-file (one deal is solved on one thread)');
      else refuseUnused(command, ['html'], 'with --deals-file (a page shows one game)');
      if (flags.html !== undefined) checkOutput('--html', flags.html);
      if (spec.name !== 'thoughtful') {
        if (flags.dealsFile !== undefined) throw new UsageError('--player works on one deal (a number or --deal)');
        refuseUnused(command, ['stats'], `for --player ${spec.name} (the table is the solver's)`);
        const chosen = deckFrom(numberArgument, flags);
        const played = playDeal(chosen.deck, rules, makePlayer(spec));
        const autodeal = chosen.pysol !== undefined;
        const steps = narrate(chosen.deck, rules, played.moves, autodeal);
        const shown = autodeal ? inPysolOrder(steps) : steps;
        const report = { deal: formatDeal(chosen.deck), rules: canonicalRules(rules), player: playerLabel(spec), result: played.result, ms: played.ms, moves: formatMoveList(played.moves), reason: played.reason, steps: stepsJson(steps, autodeal) };
        if (flags.json) print(JSON.stringify(report));
        else {
          print(dealHeading(chosen, flags.preset, rules, report.player));
          print(`${played.result.toUpperCase()}${played.reason ? ` (${played.reason})` : ''}  ${movesCount(shown)}  time ${played.ms} ms\n`);
          print(stepLines(shown));
        }
        if (flags.html !== undefined) {
          const verdict = `${played.result === 'won' ? 'WON' : 'LOST'} by the ${spec.name} player${played.reason ? ` (${played.reason})` : ''}`;
          writeWholeFile(flags.html, solutionPage({ title: `${chosen.label}, ${report.player}`, subtitle: `${flags.preset}: ${canonicalRules(rules)}`, verdict, deck: chosen.deck, rules, moves: shown.map((step) => step.move), autodeal }));
        }
        process.exitCode = played.result === 'won' ? EXIT_OK : EXIT_NEGATIVE;
        return;
      }
      if (flags.dealsFile !== undefined) {
        if (numberArgument !== undefined || flags.deal !== undefined || flags.pysol !== undefined) throw new UsageError('give a deal number, --deal, --pysol or --deals-file, not several');
        refuseUnused(command, ['stats'], 'with --deals-file (it describes one solve)');
        const decks = readDealsFile(flags.dealsFile);
        const show = (report: SolveReport) => print(flags.json ? JSON.stringify(report) : `${report.result}\t${report.nodes}\t${report.ms}ms\t${report.deal}`);
        if (flags.workers !== undefined) {
          const workers = parseRunOption('workers', flags.workers);
          const results = await solveDecks(decks, rules, options, workers);
          results.forEach((result, i) => {
            const report: SolveReport = { deal: formatDeal(decks[i]), rules: canonicalRules(rules), result: result.result, nodes: result.nodes, ms: result.ms, moves: result.solution };
            if (result.reason) report.unknownReason = result.reason;
            show(report);
          });
        } else {
          const solver = new Solver(options);
          for (const deck of decks) show(solveReport(deck, rules, solver.solve(deck, rules)));
        }
        return;
      }
      const chosen = deckFrom(numberArgument, flags);
      const { deck } = chosen;
      const result = new Solver(options).solve(deck, rules);
      const autodeal = chosen.pysol !== undefined;
      const steps = result.result === 'won' ? narrate(deck, rules, result.moves, autodeal) : [];
      // for PySolFC, listed as its player sees them: each automatic turn where PySolFC makes it
      const shown = autodeal ? inPysolOrder(steps) : steps;
      if (flags.json) {
        print(JSON.stringify(result.result === 'won' ? { ...solveReport(deck, rules, result), steps: stepsJson(steps, autodeal) } : solveReport(deck, rules, result)));
      } else {
        const color = useColor();
        print(dealHeading(chosen, flags.preset, rules));
        print(renderLayout(new Game(deck, rules), { color, symbols: color }));
        const verdict = result.result === 'unknown' ? `unknown (${result.unknownReason} limit reached)` : result.result;
        print(`\n${verdict.toUpperCase()}  nodes ${result.nodes.toLocaleString('en-US')}  time ${result.ms} ms`);
        if (result.result === 'won') print(`\nSolution, ${movesCount(shown)}:\n${stepLines(shown)}`);
      }
      if (flags.html !== undefined) {
        const verdict =
          result.result === 'won'
            ? `WON: a solution of ${movesCount(shown)}`
            : result.result === 'lost'
              ? 'LOST: no sequence of moves wins this deal (proved by a full search)'
              : `UNKNOWN: the ${result.unknownReason} limit stopped the search`;
        writeWholeFile(flags.html, solutionPage({ title: chosen.label, subtitle: `${flags.preset}: ${canonicalRules(rules)}`, verdict, deck, rules, moves: shown.map((step) => step.move), autodeal }));
      }
      if (flags.stats) process.stderr.write(statsLines(result) + '\n');
      process.exitCode = result.result === 'won' ? EXIT_OK : EXIT_NEGATIVE;
    },
  );
}
