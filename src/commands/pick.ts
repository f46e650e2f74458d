// eaglewing pick: deal numbers the solver proved winnable (or, with --lost, proved lost), reproducibly.
import type { Command } from 'commander';
import { MAX_DEAL_NUMBER } from '../deal.js';
import { pysolGameFor } from '../numbering/pysol.js';
import { SOLVITAIRE_MAX_SEED, solvitaireGameFor } from '../numbering/solvitaire.js';
import { InputError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { DEFAULT_UNKNOWN_RUN, pickDeals, type PickProgress } from '../run/pick.js';
import { limitAdvice, limitName, parseSolverOptions, type LimitFlags } from '../limits.js';
import { plural } from '../text.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';
import { addLimitOptions, addNumberingOption, addRuleOptions, addRunOption, parseNumbering, type RuleFlags, rulesFrom } from './flags.js';
import { print } from './output.js';

type PickFlags = RuleFlags & LimitFlags & { count: string; from: string; to?: string; seed?: string; lost?: boolean; numbering: string; json?: boolean };

/** The last number of a numbering: PySolFC's classic game numbers end at 31999 (docs/usage.md "Stuck on PySolFC game 12345?"). */
const PYSOL_CLASSIC_LAST = 31_999;

/** How often the progress line on a terminal is brought up to date. */
const PROGRESS_MS = 1000;

/**
 * Pick's progress on standard error, on a terminal only (a pipe or a file gets the numbers alone): one line,
 * kept up to date each second once the scan has run a second, cleared before a number is printed and at the end.
 */
function pickProgress(): { update: (progress: PickProgress) => void; clear: () => void } {
  if (!process.stderr.isTTY) return { update: () => {}, clear: () => {} };
  const started = Date.now();
  let next = started + PROGRESS_MS;
  let shown = false;
  return {
    update: ({ scanned, found, unknown, number }) => {
      const now = Date.now();
      if (now < next) return;
      next = now + PROGRESS_MS;
      shown = true;
      process.stderr.write(`\rpicking: ${scanned.toLocaleString('en-US')} solved, ${found} found, ${unknown.toLocaleString('en-US')} unknown, at ${number}\x1b[K`);
    },
    clear: () => {
      if (shown) process.stderr.write('\r\x1b[K');
      shown = false;
    },
  };
}

export function register(program: Command): void {
  const command = program
    .command('pick')
    .description('print deal numbers the solver proved winnable (or lost with --lost): only games that can be won')
    .option('--lost', 'pick deals proved lost instead');
  addRunOption(command, 'count', 'how many deal numbers to print', '10');
  addRunOption(command, 'from', 'the first candidate number', '1');
  addRunOption(command, 'to', 'the last candidate number (default: the last deal number; 31999 with --numbering pysol, 2147483647 with --numbering solvitaire)');
  addRunOption(command, 'seed', 'take candidates in a shuffled order of --from … --to that this seed fixes (default: upward from --from)');
  addNumberingOption(command);
  command.option('--json', 'print {numbers, scanned, unknown} as one JSON object');
  command.addHelpText(
      'after',
      `
Candidates are solved one at a time, in order, until --count are found; a deal the limits leave unknown
is passed over (never picked), and after ${DEFAULT_UNKNOWN_RUN} unknown in a row pick stops, saying which limit to raise.
The same options give the same numbers on any machine. On a terminal a line on stderr shows how the scan goes.
Exit code: 0 when --count numbers were found, 1 when the range ran out first, 2 for bad input.

Examples:
  eaglewing pick --preset coops --count 5
  eaglewing pick --preset pysol --numbering pysol --count 3 --seed 42
  eaglewing pick --preset strict --lost --count 3 --from 1000`,
  );
  addLimitOptions(addRuleOptions(command)).action((flags: PickFlags) => {
    const numbering = parseNumbering(flags.numbering);
    const { preset, rules } = rulesFrom(command, flags, numbering);
    const pysolGame = numbering === 'pysol' ? pysolGameFor(preset, rules).id : undefined;
    if (numbering === 'solvitaire') solvitaireGameFor(preset, rules);
    const from = parseRunOption('from', flags.from);
    const last = numbering === 'pysol' ? PYSOL_CLASSIC_LAST : numbering === 'solvitaire' ? SOLVITAIRE_MAX_SEED : MAX_DEAL_NUMBER;
    const to = flags.to === undefined ? last : parseRunOption('to', flags.to);
    if (to < from) throw new InputError(`--to ${to} is below --from ${from}`);
    if (numbering === 'solvitaire' && to > SOLVITAIRE_MAX_SEED) throw new InputError(`--to ${to} is past Solvitaire's last seed, ${SOLVITAIRE_MAX_SEED}`);
    const count = parseRunOption('count', flags.count);
    const seed = flags.seed === undefined ? undefined : parseRunOption('seed', flags.seed);
    const json = flags.json ?? false;
    const progress = pickProgress();
    let pick;
    try {
      pick = pickDeals(
        { rules, solver: parseSolverOptions(flags), numbering, pysolGame, count, lost: flags.lost ?? false, from, to, seed },
        (number) => {
          progress.clear();
          if (!json) print(String(number));
        },
        progress.update,
      );
    } finally {
      progress.clear();
    }
    if (json) print(JSON.stringify({ numbers: pick.numbers, scanned: pick.scanned, unknown: pick.unknown }));
    const stopped = pick.stoppedByUnknowns;
    if (stopped) {
      // the limits decide nothing here: scanning on would pick nothing, towards 2^53
      const advice = limitAdvice(stopped.reason) ?? 'Raise the solver limits to let the search decide deals.';
      process.stderr.write(`eaglewing: stopped after ${stopped.run.toLocaleString('en-US')} candidates in a row were unknown (${limitName(stopped.reason)}), the last ${stopped.last}: ${plural(pick.numbers.length, 'deal')} found (${pick.scanned} solved, ${pick.unknown} unknown). ${advice}\n`);
    } else if (pick.numbers.length < count) process.stderr.write(`eaglewing: only ${plural(pick.numbers.length, 'deal')} found in ${from} … ${to} (${pick.scanned} solved, ${pick.unknown} unknown)\n`);
    process.exitCode = pick.numbers.length === count ? EXIT_OK : EXIT_NEGATIVE;
  });
}
