// eaglewing sim: a range of numbered deals under one or more presets on every core, with per-deal and summary CSVs.
import type { Command } from 'commander';
import { InputError, SolverFault, UsageError, WriteError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { parsePlayerSpec, playerLabel } from '../players/index.js';
import { Progress } from '../progress.js';
import { canonicalRules, PRESET_NAMES } from '../rules.js';
import { summaryCsv } from '../run/csv.js';
import { carriesStandardOutput, checkOutput, outputName, readerGone, refuseSameFile, standardStream, writeWholeFile } from '../run/files.js';
import { quote } from '../text.js';
import { numberingSuffix, pysolGameFor } from '../numbering/pysol.js';
import { checkSolvitaireRange, solvitaireGameFor } from '../numbering/solvitaire.js';
import { DEFAULT_CHUNK, parseShard, type SimJob } from '../run/pool.js';
import { runSim, type SimOptions, type SimOutcome } from '../run/sim.js';
import { parseSolverOptions, type LimitFlags } from '../limits.js';
import { addLimitOptions, addNumberingOption, addPlayerOptions, addRuleOptions, addRunOption, dealRange, parseNumbering, type PlayerFlags, playableRules, presetsFrom, refuseIgnoredPlayerOptions, refuseUnplayablePlayer, refuseUnused, type RuleFlags, workersFrom } from './flags.js';
import { print, selfCommand, shellWord, summaryJson, summaryTable } from './output.js';
import { EXIT_INTERRUPTED, EXIT_WRITE } from './exit.js';

interface SimFlags extends PlayerFlags {
  numbering: string;
  deals: string;
  from: string;
  workers?: string;
  shard: string;
  chunk: string;
  out?: string;
  summary?: string;
  resume?: boolean;
  force?: boolean;
  timing?: boolean;
  json?: boolean;
  quiet?: boolean;
  rate?: boolean;
}

export function register(program: Command): void {
  const command = program.command('sim').description('solve a range of numbered deals under one or more presets on all cores; per-deal and summary CSVs');
  addRunOption(command, 'deals', 'how many deals', '1000');
  addRunOption(command, 'from', 'first deal number', '1');
  addNumberingOption(command);
  addRunOption(command, 'workers', 'worker threads (default: all cores)');
  command.option('--shard <i/n>', 'take every n-th chunk, starting with chunk i, so n machines split a run', '1/1');
  addRunOption(command, 'chunk', 'deals per task; shards must use the same value', String(DEFAULT_CHUNK));
  command
    .option('--out <file.csv>', 'per-deal rows, appended as deals finish')
    .option('--summary <file.csv>', 'one row per preset: counts, win rate, Wilson 95% interval, bounds with unknowns')
    .option('--resume', 'skip the deals already in --out (which must have been made with the same rules)')
    .option('--force', 'replace existing --out and --summary files')
    .option('--no-timing', 'write 0 in the ms column so that files are byte-identical run to run')
    .option('--rate', 'add columns to --out: critical positions on each won deal\'s solution and the greedy player\'s result (RULES §9)')
    .option('--json', 'print the summary as JSON')
    .option('--quiet', 'no progress output')
    .addHelpText(
      'after',
      `
Ctrl-C stops cleanly: every finished row stays in --out; rerun with --resume to continue.

Examples:
  eaglewing sim --preset strict,coops --deals 10000 --out deals.csv --summary summary.csv
  eaglewing sim --preset coops --deals 100000 --shard 2/4 --out shard2.csv
  eaglewing sim --preset coops --deals 100000 --out deals.csv --resume`,
    );
  addPlayerOptions(addLimitOptions(addRuleOptions(command, `comma list of presets: ${PRESET_NAMES.join(', ')}`)), 'thoughtful (the solver), greedy or sampling (no-peek players, RULES §6)').action(
    async (flags: SimCommandFlags, command: Command) => {
      const run = planRun(command, flags);
      const toStream = checkOutputs(flags);
      const progress = Progress.forStream(Boolean(flags.quiet));
      await withInterrupts(async (signal) => {
        const outcome = await solveDeals(run, flags, toStream, progress, signal);
        reportRun(outcome, flags, toStream);
      });
    },
  );
}

type SimCommandFlags = RuleFlags & LimitFlags & SimFlags;
type RunPlan = Omit<SimOptions, 'out' | 'resume' | 'force' | 'args' | 'signal' | 'timing' | 'rate'>;

/** The jobs (one per preset), the deal range, and how the run is spread: everything checked before a deal is solved. */
function planRun(command: Command, flags: SimCommandFlags): RunPlan {
  const numbering = parseNumbering(flags.numbering);
  const presets = presetsFrom(command, flags, numbering);
  const player = parsePlayerSpec(flags.player, flags);
  refuseIgnoredPlayerOptions(command, player);
  if (player.name !== 'thoughtful') refuseUnused(command, ['rate'], `for --player ${player.name} (it rates the solver's solutions)`);
  const solver = parseSolverOptions(flags);
  const jobs: SimJob[] = presets.map((preset) => {
    const rules = playableRules(preset, flags);
    refuseUnplayablePlayer(player, preset, rules);
    const pysolGame = numbering === 'pysol' ? pysolGameFor(preset, rules).id : undefined;
    if (numbering === 'solvitaire') solvitaireGameFor(preset, rules);
    return { preset, rules, rulesText: canonicalRules(rules) + numberingSuffix(numbering), player, playerLabel: playerLabel(player, solver), pysolGame };
  });
  const { from, deals } = dealRange(flags.from, flags.deals);
  if (numbering === 'solvitaire') checkSolvitaireRange(from, deals);
  return { jobs, from, deals, workers: workersFrom(flags.workers), chunk: parseRunOption('chunk', flags.chunk), shard: parseShard(flags.shard), solver, numbering };
}

/** Checks --out and --summary before any deal is solved; returns whether --out is a standard stream. */
function checkOutputs(flags: SimCommandFlags): boolean {
  if (flags.resume && flags.out === undefined) throw new UsageError('--resume needs --out');
  if (flags.rate && flags.out === undefined) throw new UsageError('--rate needs --out (the ratings are columns of the per-deal rows)');
  if (flags.force && flags.out === undefined && flags.summary === undefined) throw new UsageError('--force needs --out or --summary (it replaces those files)');
  if (flags.force && flags.resume) throw new UsageError('give --resume (continue the file) or --force (replace it), not both');
  const toStream = flags.out !== undefined && standardStream(flags.out) !== undefined;
  if (toStream && flags.resume) throw new UsageError('--resume needs a file, not standard output');
  // a resumed run's summary is that run's, so --resume replaces it as --force would
  if (flags.out !== undefined) checkOutput('--out', flags.out, { replace: flags.force || flags.resume, resumable: true });
  if (flags.summary !== undefined) checkOutput('--summary', flags.summary, { replace: flags.force || flags.resume });
  refuseSameFile([flags.out, flags.summary].flatMap((path, i) => (path === undefined ? [] : [{ role: i === 0 ? '--out' : '--summary', path }])));
  return toStream;
}

/** Runs `work` with Ctrl-C (and SIGTERM) turned into an abort of its signal. */
async function withInterrupts(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const controller = new AbortController();
  // every Ctrl-C while stopping is the same request: a second one must not kill the run before its rows and lock are put away
  const onInterrupt = () => controller.abort();
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onInterrupt);
  try {
    await work(controller.signal);
  } finally {
    // once stopping, the process is ending: a Ctrl-C after this point must not kill it before its lock goes at exit
    if (!controller.signal.aborted) {
      process.removeListener('SIGINT', onInterrupt);
      process.removeListener('SIGTERM', onInterrupt);
    }
  }
}

/** The run itself, with progress; a bug or an --out that cannot be opened says what became of the files. */
async function solveDeals(run: RunPlan, flags: SimCommandFlags, toStream: boolean, progress: Progress, signal: AbortSignal): Promise<SimOutcome> {
  try {
    return await runSim(
      { ...run, timing: flags.timing !== false, rate: Boolean(flags.rate), out: flags.out, resume: Boolean(flags.resume), force: Boolean(flags.force), args: process.argv.slice(2), signal },
      {
        warn: (message) => process.stderr.write(`eaglewing: warning: ${message}\n`),
        start: (planned, resumed) => progress.start(planned, resumed),
        progress: (rows) => progress.update(rows),
      },
    );
  } catch (error) {
    // a bug stops the run; the rows finished before it are whole, and the user should know where they are
    if (error instanceof SolverFault && flags.out !== undefined && !toStream) throw new SolverFault(`${error.message}; the run stopped there, and the rows finished before it are in ${quote(flags.out)}`);
    // --out failed before the first deal: there is no summary to write, and the user asked for one
    if (error instanceof WriteError && flags.summary !== undefined) throw new WriteError(`${error.message}; no deal was solved, so --summary ${quote(flags.summary)} was not written`, { cause: error });
    throw error;
  } finally {
    progress.stop();
  }
}

/** The result first, then the files (a file that cannot be written never costs the run its answer), then how the run ended. */
function reportRun(outcome: SimOutcome, flags: SimCommandFlags, toStream: boolean): void {
  const summaryText = flags.json ? JSON.stringify(summaryJson(outcome.summary)) : summaryTable(outcome.summary);
  print(summaryText, carriesStandardOutput([flags.out]) ? 'stderr' : 'stdout');
  // the command as the user can paste it here: `eaglewing` is on PATH only after `npm link`
  const again = [selfCommand(), ...[...process.argv.slice(2).filter((arg) => arg !== '--resume' && arg !== '--force'), '--resume'].map(shellWord)].join(' ');
  // the summary the user asked for, of the rows the run finished, even when --out failed on the way
  let failed: Error | undefined;
  try {
    if (flags.summary) writeWholeFile(flags.summary, summaryCsv(outcome.summary), { replace: flags.force || flags.resume });
  } catch (error) {
    if (!(error instanceof WriteError || error instanceof InputError)) throw error;
    failed = error;
  }
  // a reader that went away (`--out - | head`) stopped the run: its choice, said nowhere
  if (outcome.writeError && !readerGone(outcome.writeError)) {
    const summaryNote = flags.summary === undefined ? '' : failed ? `; --summary ${quote(flags.summary)} was not written either (${failed.message})` : `; --summary ${quote(flags.summary)} holds the summary of the rows kept`;
    process.stderr.write(
      toStream
        ? `eaglewing: ${outcome.writeError.message}${summaryNote}\n`
        : `eaglewing: ${outcome.writeError.message}; the rows before it are kept in ${quote(flags.out ?? '')}${summaryNote}; once it can be written, continue with:\n  ${again}\n`,
    );
    process.exitCode = EXIT_WRITE;
    return;
  }
  if (outcome.interrupted) {
    const resumable = flags.out !== undefined && !toStream;
    process.stderr.write(resumable ? `interrupted: finished rows are in ${quote(flags.out!)}; continue with:\n  ${again}\n` : `interrupted (${flags.out === undefined ? 'no --out file' : `rows went to ${outputName(flags.out)}`}, so nothing to resume)\n`);
    process.exitCode = EXIT_INTERRUPTED;
  }
  if (failed) throw failed;
}
