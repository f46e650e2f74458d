// eaglewing sweep: one rule option varied over a range, the win rate at each value as CSV and an SVG chart.
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { parsePlayerSpec } from '../players/index.js';
import { Progress } from '../progress.js';
import type { SummaryRow } from '../run/csv.js';
import { carriesStandardOutput, checkOutputs, writeWholeFiles } from '../run/files.js';
import { DEFAULT_CHUNK } from '../run/pool.js';
import { runSim } from '../run/sim.js';
import { parseVary, SWEEPABLE, sweepChart, sweepCsv, sweepJobs } from '../run/sweep.js';
import { parseSolverOptions, type LimitFlags } from '../limits.js';
import { checkSolvitaireRange } from '../numbering/solvitaire.js';
import { addLimitOptions, addNumberingOption, addPlayerOptions, addRuleOptions, addRunOption, dealRange, parseNumbering, type PlayerFlags, playableRules, presetsFrom, refuseIgnoredPlayerOptions, refuseUnplayablePlayer, refuseUnused, type RuleFlags, workersFrom } from './flags.js';
import { printSummary } from './output.js';

type SweepFlags = RuleFlags & LimitFlags & PlayerFlags & { numbering: string; vary: string; deals: string; from: string; workers?: string; out?: string; chart?: string; json?: boolean; quiet?: boolean; force?: boolean };

export function register(program: Command): void {
  const command = program
    .command('sweep')
    .description('vary one option over a range and chart the win rate with its 95% interval (CSV + SVG)')
    .requiredOption('--vary <option=A..B>', 'trunk=0..20 (to 40 with --decks 2-4), redeals=0..5 or max-wing=1..5');
  addRunOption(command, 'deals', 'deals per point', '200');
  addRunOption(command, 'from', 'first deal number', '1');
  addNumberingOption(command);
  addRunOption(command, 'workers', 'worker threads (default: all cores)');
  command
    .option('--out <file.csv>', 'one row per point: the value, counts, win rate and interval')
    .option('--chart <file.svg>', 'the chart')
    .option('--json', 'print the points as JSON')
    .option('--force', 'replace existing --out and --chart files')
    .option('--quiet', 'no progress output')
    .addHelpText('after', '\nExample:\n  eaglewing sweep --preset strict,coops --vary trunk=0..20 --deals 500 --out trunk.csv --chart trunk.svg');
  addPlayerOptions(addLimitOptions(addRuleOptions(command, 'comma list of presets, one line each in the chart')), 'thoughtful, greedy or sampling').action(async (flags: SweepFlags, command: Command) => {
    const spec = parseVary(flags.vary);
    // the option --vary sets at each point: given as well, it would do nothing
    refuseUnused(command, [SWEEPABLE[spec.option]], `with --vary ${spec.option} (the sweep sets it at each point)`);
    const presets = presetsFrom(command, flags, parseNumbering(flags.numbering));
    for (const preset of presets) playableRules(preset, flags);
    const player = parsePlayerSpec(flags.player, flags);
    refuseIgnoredPlayerOptions(command, player);
    const solver = parseSolverOptions(flags);
    const numbering = parseNumbering(flags.numbering);
    const jobs = sweepJobs(presets, flags, spec, player, solver, numbering);
    for (const job of jobs) refuseUnplayablePlayer(player, job.preset, job.rules);
    const { from, deals } = dealRange(flags.from, flags.deals);
    if (numbering === 'solvitaire') checkSolvitaireRange(from, deals);
    const workers = workersFrom(flags.workers);
    if (flags.force && flags.out === undefined && flags.chart === undefined) throw new UsageError('--force needs --out or --chart (it replaces those files)');
    const replace = { replace: Boolean(flags.force) };
    checkOutputs({ '--out': flags.out, '--chart': flags.chart }, replace);
    const progress = Progress.forStream(Boolean(flags.quiet));
    let outcome;
    try {
      outcome = await runSim(
        { jobs, from, deals, workers, chunk: DEFAULT_CHUNK, shard: { index: 1, count: 1 }, solver, numbering, timing: true, resume: false, force: false },
        { start: (planned, resumed) => progress.start(planned, resumed), progress: (rows) => progress.update(rows) },
      );
    } finally {
      progress.stop();
    }
    // the points first, then the files: a file that cannot be written never costs the run its answer
    const valueLabel = (group: SummaryRow) => `${(new RegExp(`(?:^|;)(${spec.option}=\\d+)`).exec(group.rules)?.[1] ?? '').padEnd(spec.option.length + 4)}`;
    printSummary(outcome.summary, flags.json, valueLabel, carriesStandardOutput([flags.out, flags.chart]) ? 'stderr' : 'stdout');
    writeWholeFiles([
      ...(flags.out === undefined ? [] : [{ path: flags.out, text: () => sweepCsv(outcome.summary, spec), rules: replace }]),
      ...(flags.chart === undefined ? [] : [{ path: flags.chart, text: () => sweepChart(outcome.summary, spec, deals), rules: replace }]),
    ]);
  });
}
