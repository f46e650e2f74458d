// eaglewing sim: a range of numbered deals under one or more presets on every core, with per-deal and summary CSVs.
import type { Command } from 'commander';
import { InputError, UsageError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { parsePlayerSpec, playerLabel } from '../players/index.js';
import { Progress } from '../progress.js';
import { canonicalRules, PRESET_NAMES, resolveRules } from '../rules.js';
import { summaryCsv } from '../run/csv.js';
import { writeFileAtomic } from '../run/files.js';
import { DEFAULT_CHUNK, defaultWorkers, parseShard, type SimJob } from '../run/pool.js';
import { runSim } from '../run/sim.js';
import { parseSolverOptions, type LimitFlags } from '../solver/limits.js';
import { addLimitOptions, addPlayerOptions, addRuleOptions, addRunOption, presetList, printSummary, type PlayerFlags, type RuleFlags } from './common.js';
import { EXIT_INTERRUPTED } from './exit.js';

interface SimFlags extends PlayerFlags {
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
}

export function register(program: Command): void {
  const command = program.command('sim').description('solve a range of numbered deals under one or more presets on all cores; per-deal and summary CSVs');
  addRunOption(command, 'deals', 'how many deals', '1000');
  addRunOption(command, 'from', 'first deal number', '1');
  addRunOption(command, 'workers', 'worker threads (default: all cores)');
  command.option('--shard <i/n>', 'take every n-th chunk, starting with chunk i, so n machines split a run', '1/1');
  addRunOption(command, 'chunk', 'deals per task; shards must use the same value', String(DEFAULT_CHUNK));
  command
    .option('--out <file.csv>', 'per-deal rows, appended as deals finish')
    .option('--summary <file.csv>', 'one row per preset: counts, win rate, Wilson 95% interval, bounds with unknowns')
    .option('--resume', 'skip the deals already in --out (which must have been made with the same rules)')
    .option('--force', 'replace an existing --out file')
    .option('--no-timing', 'write 0 in the ms column so that files are byte-identical run to run')
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
    async (flags: RuleFlags & LimitFlags & SimFlags) => {
      const presets = presetList(flags.preset);
      if (presets.length === 0) throw new InputError('--preset needs at least one preset name');
      if (new Set(presets).size !== presets.length) throw new InputError(`--preset names a preset twice: ${flags.preset}`);
      const player = parsePlayerSpec(flags.player, flags);
      const jobs: SimJob[] = presets.map((preset) => {
        const rules = resolveRules(preset, flags);
        return { preset, rules, rulesText: canonicalRules(rules), player, playerLabel: playerLabel(player) };
      });
      const solver = parseSolverOptions(flags);
      const deals = parseRunOption('deals', flags.deals);
      const from = parseRunOption('from', flags.from);
      if (from + deals - 1 > Number.MAX_SAFE_INTEGER) throw new InputError('--from plus --deals goes past deal 2^53-1');
      const workers = flags.workers === undefined ? defaultWorkers() : parseRunOption('workers', flags.workers);
      const chunk = parseRunOption('chunk', flags.chunk);
      const shard = parseShard(flags.shard);
      if (flags.resume && flags.out === undefined) throw new UsageError('--resume needs --out');
      const progress = Progress.forStream(Boolean(flags.quiet));
      const controller = new AbortController();
      const onInterrupt = () => controller.abort();
      process.once('SIGINT', onInterrupt);
      process.once('SIGTERM', onInterrupt);
      let outcome;
      try {
        outcome = await runSim(
          { jobs, from, deals, workers, chunk, shard, solver, timing: flags.timing !== false, out: flags.out, resume: Boolean(flags.resume), force: Boolean(flags.force), signal: controller.signal },
          {
            warn: (message) => process.stderr.write(`eaglewing: warning: ${message}\n`),
            start: (planned, resumed) => progress.start(planned, resumed),
            progress: (rows) => progress.update(rows),
          },
        );
      } finally {
        progress.stop();
        process.removeListener('SIGINT', onInterrupt);
        process.removeListener('SIGTERM', onInterrupt);
      }
      if (flags.summary) writeFileAtomic(flags.summary, summaryCsv(outcome.summary));
      printSummary(outcome.summary, flags.json);
      if (outcome.interrupted) {
        const again = process.argv.slice(2).filter((arg) => arg !== '--resume' && arg !== '--force');
        process.stderr.write(
          flags.out
            ? `interrupted: finished rows are in ${flags.out}; continue with:\n  eaglewing ${again.join(' ')} --resume\n`
            : 'interrupted (no --out file, so nothing to resume)\n',
        );
        process.exitCode = EXIT_INTERRUPTED;
      }
    },
  );
}
