// The command line: parses arguments, calls the library, prints, and maps errors to exit codes (0 yes, 1 no, 2 bad input).
import { Command, CommanderError } from 'commander';
import { formatCard } from './cards.js';
import { dealFromNumber, formatDeal, parseDeal, parseDealNumber, type Deck } from './deal.js';
import { Game } from './engine.js';
import { dealLayout, dealtWingCard, WING_COUNT } from './layout.js';
import { InputError, UsageError } from './errors.js';
import { describeMove, formatMoveList, parseMoveList } from './notation.js';
import { renderLayout, renderRulesTable } from './render.js';
import { canonicalRules, DEFAULT_PRESET, PRESET_NAMES, PRESETS, resolveRules, type RuleSet } from './rules.js';
import { verify } from './verify.js';
import { parseWholeNumber } from './options.js';
import { readFileSync } from 'node:fs';
import { numberedSolution, solveReport, statsLines, type SolveReport } from './run/report.js';
import { parseLimits, type LimitFlags } from './solver/limits.js';
import { Solver } from './solver/search.js';
import { runBench, formatBench } from './run/bench.js';
import { DEFAULT_CHUNK, defaultWorkers, parseShard, solveDecks, type SimJob } from './run/pool.js';
import { runSim } from './run/sim.js';
import { mergeFiles } from './run/merge.js';
import { csvHeader, DEAL_COLUMNS, dealRowsCsv, summaryCsv, type SummaryRow } from './run/csv.js';
import { writeFileAtomic } from './run/files.js';
import { formatRate, winRate } from './run/stats.js';
import { Progress } from './progress.js';
import { makePlayer, parsePlayerSpec, playerLabel } from './players/index.js';
import { playDeal } from './run/play.js';
import { parseVary, sweepChart, sweepCsv, sweepJobs } from './run/sweep.js';

export const EXIT_OK = 0;
export const EXIT_NEGATIVE = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 3;

interface RuleFlags {
  preset?: string;
  trunk?: string;
  redeals?: string;
  maxWing?: string;
  build?: string;
  wingMoves?: string;
  trunkPlay?: string;
  spaceFrom?: string;
}

function addRuleOptions(command: Command, presetHelp = `rule preset: ${PRESET_NAMES.join(', ')}`): Command {
  return command
    .option('-p, --preset <name>', presetHelp, DEFAULT_PRESET)
    .option('--trunk <n>', 'trunk size, 0-20 (RULES §2)')
    .option('--redeals <n>', 'redeals allowed, 0-10 (RULES §3.6)')
    .option('--max-wing <n>', 'most cards on a wing, 1-13 (RULES §3.7)')
    .option('--build <kind>', 'none | suit-down (RULES §3.7)')
    .option('--wing-moves <kind>', 'single | whole | group (RULES §3.8)')
    .option('--trunk-play <kind>', 'last | last-any | top (RULES §3.4)')
    .option('--space-from <list>', 'comma list of waste, stock, wings, or none (RULES §3.5)');
}

function addPlayerOptions(command: Command, playerHelp: string): Command {
  return command
    .option('--player <name>', playerHelp, 'thoughtful')
    .option('--samples <k>', 'sampling player: deals sampled per decision', '4')
    .option('--sample-nodes <n>', 'sampling player: node limit per solve', '500')
    .option('--sample-seed <s>', 'sampling player: seed', '1');
}

function addLimitOptions(command: Command): Command {
  return command
    .option('--max-nodes <n>', 'stop with unknown after n positions (0 = no limit)', '0')
    .option('--time-limit <seconds>', 'stop with unknown after this long (0 = no limit)', '0')
    .option('--memory <mb>', 'transposition-table cap in MB; a full table gives unknown', '256')
    .option('--no-prune', 'plain search over all legal moves: no dominance rules (forced or pass-by plays, space symmetry, stock resources)');
}

/** Deal strings, one per line (blank lines skipped); every bad line is reported before anything is solved. */
function readDealsFile(file: string): Deck[] {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --deals-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const decks: Deck[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      decks.push(parseDeal(line));
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`${file} line ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  return decks;
}

interface PlayerFlags {
  player: string;
  samples?: string;
  sampleNodes?: string;
  sampleSeed?: string;
}

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

function summaryJson(summary: SummaryRow[]) {
  return summary.map((group) => {
    const rate = winRate(group);
    return { preset: group.preset, rules: group.rules, player: group.player, deals: rate.deals, won: rate.won, lost: rate.lost, unknown: rate.unknown, winRate: rate.winRate, ci95: [rate.ci95.low, rate.ci95.high], unknownAsLost: rate.unknownAsLost, unknownAsWon: rate.unknownAsWon };
  });
}

function summaryTable(summary: SummaryRow[], label: (group: SummaryRow) => string = () => ''): string {
  if (summary.length === 0) return 'no deals';
  return summary.map((group) => `${label(group)}${group.preset.padEnd(8)} ${group.player.padEnd(10)} won ${group.won}, lost ${group.lost}, unknown ${group.unknown}: ${formatRate(winRate(group))}`).join('\n');
}

/** `strict,coops` -> ['strict', 'coops'] (sim and sweep take several presets). */
function presetList(text: string | undefined): string[] {
  return (text ?? DEFAULT_PRESET).split(',').map((name) => name.trim()).filter(Boolean);
}

function rulesFrom(flags: RuleFlags): RuleSet {
  return resolveRules(flags.preset ?? DEFAULT_PRESET, flags);
}

/** A deal from a number argument or a --deal string; exactly one of them. */
function deckFrom(numberArgument: string | undefined, dealString: string | undefined): { deck: Deck; number?: number } {
  if (numberArgument !== undefined && dealString !== undefined) throw new UsageError('give a deal number or --deal, not both');
  if (dealString !== undefined) return { deck: parseDeal(dealString) };
  if (numberArgument === undefined) throw new UsageError('give a deal number or --deal "<52 cards>"');
  const number = parseDealNumber(numberArgument);
  return { deck: dealFromNumber(number), number };
}

function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined;
}

function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

function describeDeal(deck: Deck, rules: RuleSet, number?: number) {
  const layout = dealLayout(deck, rules.trunk);
  const trunk = layout.trunkSize;
  const cards = (start: number, end: number) => Array.from(deck.subarray(start, end), formatCard);
  return {
    number: number ?? null,
    deal: formatDeal(deck),
    rules: canonicalRules(rules),
    trunk: cards(0, trunk),
    trunkTop: trunk > 0 ? formatCard(deck[trunk - 1]) : null,
    wings: Array.from({ length: WING_COUNT }, (_, wing) => formatCard(dealtWingCard(layout, wing))),
    base: formatCard(layout.baseCard),
    stock: Array.from(layout.stockCards, formatCard),
  };
}

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('eaglewing')
    .description('Solver and win-rate lab for the patience game Eagle Wing (Thirteen Down).')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => write(`eaglewing: ${text.split('\n')[0].replace(/^error: /, '')} (see --help)\n`),
    })
    .addHelpText(
      'after',
      `
Examples:
  eaglewing deal 1                       draw deal 1
  eaglewing deal 1 --string              its deal string
  eaglewing verify 1 --moves "T XF W3F"  replay a move list
  eaglewing rules                        presets and options

Exit codes: 0 success, 1 a negative answer (a move list that does not win), 2 bad input or usage.`,
    );

  addRuleOptions(
    program
      .command('deal')
      .description('show a numbered deal: the eagle-shaped layout, its deal string or JSON')
      .argument('<n>', 'deal number, 1 to 2^53-1')
      .option('--string', 'print only the deal string (52 cards, RULES §2)')
      .option('--json', 'print a JSON description')
      .option('--symbols', 'use suit symbols ♣♦♥♠ in the layout')
      .addHelpText('after', '\nExamples:\n  eaglewing deal 7\n  eaglewing deal 7 --string\n  eaglewing deal 7 --trunk 8 --json'),
  ).action((numberArgument: string, flags: RuleFlags & { string?: boolean; json?: boolean; symbols?: boolean }) => {
    const rules = rulesFrom(flags);
    const { deck, number } = deckFrom(numberArgument, undefined);
    if (flags.json) return print(JSON.stringify(describeDeal(deck, rules, number)));
    if (flags.string) return print(formatDeal(deck));
    const color = useColor();
    print(`Deal ${number}  (${flags.preset ?? DEFAULT_PRESET}: ${canonicalRules(rules)})\n`);
    print(renderLayout(new Game(deck, rules), { color, symbols: flags.symbols ?? color }));
  });

  addRuleOptions(
    program
      .command('verify')
      .description('replay a move list (RULES §5) and say whether it wins')
      .argument('[n]', 'deal number (or give --deal)')
      .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
      .requiredOption('--moves <tokens>', 'the moves, e.g. "T XF W3F(6D) 2W1W4"')
      .option('--json', 'print {"status": "ok"|"incomplete"|"illegal", "moveIndex", "reason"}')
      .addHelpText(
        'after',
        '\nExit code 0 when the moves win, 1 when they are illegal or do not finish, 2 for bad input.\n\nExamples:\n  eaglewing verify 12 --moves "T T XF W2F"\n  eaglewing verify --deal "KS QS …" --preset coops --moves "…" --json',
      ),
  ).action((numberArgument: string | undefined, flags: RuleFlags & { deal?: string; moves: string; json?: boolean }) => {
    const rules = rulesFrom(flags);
    const { deck } = deckFrom(numberArgument, flags.deal);
    const moves = parseMoveList(flags.moves);
    const result = verify(deck, rules, moves);
    if (flags.json) {
      const output: Record<string, unknown> = { status: result.status };
      if (result.moveIndex !== undefined) output.moveIndex = result.moveIndex;
      output.reason = result.reason ?? (result.status === 'ok' ? 'all 52 cards are on the foundations' : `legal, but only ${result.foundationCards} of 52 cards reach the foundations`);
      print(JSON.stringify(output));
    } else if (result.status === 'ok') {
      print(`ok: the ${moves.length} moves win`);
    } else if (result.status === 'incomplete') {
      print(`incomplete: the ${moves.length} moves are legal but leave ${52 - result.foundationCards} cards off the foundations`);
    } else {
      print(`illegal: ${result.reason}`);
    }
    process.exitCode = result.status === 'ok' ? EXIT_OK : EXIT_NEGATIVE;
  });

  addPlayerOptions(
  addLimitOptions(
    addRuleOptions(
      program
        .command('solve')
        .description('solve deals with perfect information: won (with a solution that replays), lost (proved) or unknown (a limit hit)')
        .argument('[n]', 'deal number (or give --deal or --deals-file)')
        .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
        .option('--deals-file <file>', 'one deal string per line; - reads standard input')
        .option('--json', 'print {deal, rules, result, nodes, ms, moves}, one object per line')
        .option('--stats', 'also print transposition-table fill and hit rate')
        .option('--workers <w>', 'with --deals-file: solve on this many worker threads (default: one thread)')
        .addHelpText(
          'after',
          `
Exit code for one deal: 0 won, 1 lost or unknown, 2 bad input. With --deals-file: 0 once every deal is reported.

Examples:
  eaglewing solve 7
  eaglewing solve 7 --preset coops --json
  eaglewing solve --deal "KS QS JS …" --preset strict --redeals 4
  eaglewing deal 5 --string | eaglewing solve --deals-file - --json
  eaglewing solve 92 --preset coops --max-nodes 100000 --stats`,
        ),
    ),
  ),
    'thoughtful (default: the solver), or greedy / sampling to watch a no-peek player',
  ).action(async (numberArgument: string | undefined, flags: RuleFlags & LimitFlags & PlayerFlags & { deal?: string; dealsFile?: string; json?: boolean; stats?: boolean; workers?: string }) => {
    const rules = rulesFrom(flags);
    const limits = parseLimits(flags);
    const spec = parsePlayerSpec(flags.player, flags);
    if (spec.name !== 'thoughtful') {
      if (flags.dealsFile !== undefined) throw new UsageError('--player works on one deal (a number or --deal)');
      const { deck, number } = deckFrom(numberArgument, flags.deal);
      const played = playDeal(deck, rules, makePlayer(spec));
      const report = { deal: formatDeal(deck), rules: canonicalRules(rules), player: playerLabel(spec), result: played.result, ms: played.ms, moves: formatMoveList(played.moves), reason: played.reason };
      if (flags.json) print(JSON.stringify(report));
      else {
        print(`${number === undefined ? 'Deal' : `Deal ${number}`}  (${flags.preset ?? DEFAULT_PRESET}: ${canonicalRules(rules)}), player ${report.player}\n`);
        print(`${played.result.toUpperCase()}${played.reason ? ` (${played.reason})` : ''}  ${played.moves.length} moves  time ${played.ms} ms\n`);
        print(played.moves.map((move, index) => `${String(index + 1).padStart(String(played.moves.length).length)}. ${describeMove(move)}`).join('\n'));
      }
      process.exitCode = played.result === 'won' ? EXIT_OK : EXIT_NEGATIVE;
      return;
    }
    if (flags.dealsFile !== undefined) {
      if (numberArgument !== undefined || flags.deal !== undefined) throw new UsageError('give a deal number, --deal or --deals-file, not several');
      const decks = readDealsFile(flags.dealsFile);
      const show = (report: SolveReport) => print(flags.json ? JSON.stringify(report) : `${report.result}\t${report.nodes}\t${report.ms}ms\t${report.deal}`);
      if (flags.workers !== undefined) {
        const workers = parseWholeNumber(flags.workers, '--workers', 1, 256);
        const results = await solveDecks(decks, rules, limits, workers);
        results.forEach((result, i) => {
          const report: SolveReport = { deal: formatDeal(decks[i]), rules: canonicalRules(rules), result: result.result, nodes: result.nodes, ms: result.ms, moves: result.moves };
          if (result.unknownReason) report.unknownReason = result.unknownReason;
          show(report);
        });
      } else {
        const solver = new Solver(limits);
        for (const deck of decks) show(solveReport(deck, rules, solver.solve(deck, rules)));
      }
      return;
    }
    const { deck, number } = deckFrom(numberArgument, flags.deal);
    const result = new Solver(limits).solve(deck, rules);
    if (flags.json) {
      print(JSON.stringify(solveReport(deck, rules, result)));
    } else {
      const color = useColor();
      print(`${number === undefined ? 'Deal' : `Deal ${number}`}  (${flags.preset ?? DEFAULT_PRESET}: ${canonicalRules(rules)})\n`);
      print(renderLayout(new Game(deck, rules), { color, symbols: color }));
      const verdict = result.result === 'unknown' ? `unknown (${result.unknownReason} limit reached)` : result.result;
      print(`\n${verdict.toUpperCase()}  nodes ${result.nodes.toLocaleString('en-US')}  time ${result.ms} ms`);
      if (result.result === 'won') print(`\nSolution, ${result.moves.length} moves:\n${numberedSolution(result)}`);
    }
    if (flags.stats) process.stderr.write(statsLines(result) + '\n');
    process.exitCode = result.result === 'won' ? EXIT_OK : EXIT_NEGATIVE;
  });

  addPlayerOptions(
  addLimitOptions(
  addRuleOptions(
    program
      .command('sim')
      .description('solve a range of numbered deals under one or more presets on all cores; per-deal and summary CSVs')
      .option('--deals <n>', 'how many deals', '1000')
      .option('--from <k>', 'first deal number', '1')
      .option('--workers <w>', 'worker threads (default: all cores)')
      .option('--shard <i/n>', 'take every n-th chunk, starting with chunk i, so n machines split a run', '1/1')
      .option('--chunk <c>', 'deals per task; shards must use the same value', String(DEFAULT_CHUNK))
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
        ),
    `comma list of presets: ${PRESET_NAMES.join(', ')}`,
  ),
  ),
    'thoughtful (the solver), greedy or sampling (no-peek players, RULES §6)',
  ).action(async (flags: RuleFlags & LimitFlags & SimFlags) => {
    const presets = presetList(flags.preset);
    if (presets.length === 0) throw new InputError('--preset needs at least one preset name');
    if (new Set(presets).size !== presets.length) throw new InputError(`--preset names a preset twice: ${flags.preset}`);
    const player = parsePlayerSpec(flags.player, flags);
    const jobs: SimJob[] = presets.map((preset) => {
      const rules = resolveRules(preset, flags);
      return { preset, rules, rulesText: canonicalRules(rules), player, playerLabel: playerLabel(player) };
    });
    const limits = parseLimits(flags);
    const deals = parseWholeNumber(flags.deals, '--deals', 1, 1e12);
    const from = parseWholeNumber(flags.from, '--from', 1, Number.MAX_SAFE_INTEGER);
    if (from + deals - 1 > Number.MAX_SAFE_INTEGER) throw new InputError('--from plus --deals goes past deal 2^53-1');
    const workers = flags.workers === undefined ? defaultWorkers() : parseWholeNumber(flags.workers, '--workers', 1, 256);
    const chunk = parseWholeNumber(flags.chunk, '--chunk', 1, 100000);
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
        { jobs, from, deals, workers, chunk, shard, limits, timing: flags.timing !== false, out: flags.out, resume: Boolean(flags.resume), force: Boolean(flags.force), signal: controller.signal },
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
    print(flags.json ? JSON.stringify(summaryJson(outcome.summary)) : summaryTable(outcome.summary));
    if (outcome.interrupted) {
      const again = process.argv.slice(2).filter((arg) => arg !== '--resume' && arg !== '--force');
      process.stderr.write(
        flags.out
          ? `interrupted: finished rows are in ${flags.out}; continue with:\n  eaglewing ${again.join(' ')} --resume\n`
          : 'interrupted (no --out file, so nothing to resume)\n',
      );
      process.exitCode = 130;
    }
  });

  addPlayerOptions(
  addLimitOptions(
  addRuleOptions(
    program
      .command('sweep')
      .description('vary one option over a range and chart the win rate with its 95% interval (CSV + SVG)')
      .requiredOption('--vary <option=A..B>', 'trunk=0..20, redeals=0..5 or max-wing=1..5')
      .option('--deals <n>', 'deals per point', '200')
      .option('--from <k>', 'first deal number', '1')
      .option('--workers <w>', 'worker threads (default: all cores)')
      .option('--out <file.csv>', 'one row per point: the value, counts, win rate and interval')
      .option('--chart <file.svg>', 'the chart')
      .option('--json', 'print the points as JSON')
      .option('--quiet', 'no progress output')
      .addHelpText('after', '\nExample:\n  eaglewing sweep --preset strict,coops --vary trunk=0..20 --deals 500 --out trunk.csv --chart trunk.svg'),
    'comma list of presets, one line each in the chart',
  ),
  ),
    'thoughtful, greedy or sampling',
  ).action(async (flags: RuleFlags & LimitFlags & PlayerFlags & { vary: string; deals: string; from: string; workers?: string; out?: string; chart?: string; json?: boolean; quiet?: boolean }) => {
    const spec = parseVary(flags.vary);
    const presets = presetList(flags.preset);
    for (const preset of presets) resolveRules(preset, flags);
    const player = parsePlayerSpec(flags.player, flags);
    const jobs = sweepJobs(presets, flags, spec, player);
    const limits = parseLimits(flags);
    const deals = parseWholeNumber(flags.deals, '--deals', 1, 1e9);
    const from = parseWholeNumber(flags.from, '--from', 1, Number.MAX_SAFE_INTEGER);
    const workers = flags.workers === undefined ? defaultWorkers() : parseWholeNumber(flags.workers, '--workers', 1, 256);
    const progress = Progress.forStream(Boolean(flags.quiet));
    let outcome;
    try {
      outcome = await runSim(
        { jobs, from, deals, workers, chunk: DEFAULT_CHUNK, shard: { index: 1, count: 1 }, limits, timing: true, resume: false, force: false },
        { start: (planned, resumed) => progress.start(planned, resumed), progress: (rows) => progress.update(rows) },
      );
    } finally {
      progress.stop();
    }
    if (flags.out) writeFileAtomic(flags.out, sweepCsv(outcome.summary, spec));
    if (flags.chart) writeFileAtomic(flags.chart, sweepChart(outcome.summary, spec, deals));
    const valueLabel = (group: SummaryRow) => `${(new RegExp(`(?:^|;)(${spec.option}=\\d+)`).exec(group.rules)?.[1] ?? '').padEnd(spec.option.length + 4)}`;
    print(flags.json ? JSON.stringify(summaryJson(outcome.summary)) : summaryTable(outcome.summary, valueLabel));
  });

  program
    .command('merge')
    .description('combine per-deal CSVs (e.g. from shards) into one, and recompute the summary')
    .argument('<files...>', 'per-deal CSV files made by eaglewing sim --out')
    .option('--out <file.csv>', 'the merged per-deal rows, sorted by preset and deal')
    .option('--summary <file.csv>', 'the recomputed summary')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', '\nMixed rules for one preset, or a deal present twice, are refused (exit code 2) and nothing is written.\n\nExample:\n  eaglewing merge shard1.csv shard2.csv shard3.csv --out all.csv --summary summary.csv')
    .action((files: string[], flags: { out?: string; summary?: string; json?: boolean }) => {
      const merged = mergeFiles(files);
      for (const warning of merged.warnings) process.stderr.write(`eaglewing: warning: ${warning}\n`);
      if (flags.out) writeFileAtomic(flags.out, csvHeader(DEAL_COLUMNS) + dealRowsCsv(merged.rows));
      if (flags.summary) writeFileAtomic(flags.summary, summaryCsv(merged.summary));
      print(flags.json ? JSON.stringify(summaryJson(merged.summary)) : summaryTable(merged.summary));
    });

  program
    .command('bench')
    .description('solve a fixed set of deals per preset on one thread: deals/s, nodes/s and a node-count signature')
    .option('--json', 'print the measurements as JSON')
    .option('--quick', 'a smaller set (for smoke tests); its signature differs from the full one')
    .addHelpText('after', '\nThe signature is the total node count: it changes exactly when the search changes.\n\nExample:\n  eaglewing bench')
    .action((flags: { json?: boolean; quick?: boolean }) => {
      const result = runBench(flags.quick ? 'quick' : 'full', (line) => process.stderr.write(line + '\n'));
      print(flags.json ? JSON.stringify(result) : formatBench(result));
    });

  program
    .command('rules')
    .description('list the presets (RULES §4) and the options that override them')
    .option('--json', 'print the presets as JSON')
    .action((flags: { json?: boolean }) => {
      if (flags.json) {
        const presets = PRESETS.map((preset) => {
          const rules = resolveRules(preset.name);
          return { name: preset.name, source: preset.source, rules, canonical: canonicalRules(rules) };
        });
        return print(JSON.stringify(presets));
      }
      print(renderRulesTable());
    });

  return program;
}

/** Runs the CLI; returns the exit code instead of exiting, so tests can call it. */
export async function main(argv: string[] = process.argv): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      return EXIT_BAD_INPUT;
    }
    if (error instanceof InputError || error instanceof UsageError) {
      process.stderr.write(`eaglewing: ${error.message}\n`);
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}

