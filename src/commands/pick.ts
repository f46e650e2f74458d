// eaglewing pick: deal numbers the solver proved winnable (or, with --lost, proved lost), reproducibly.
import type { Command } from 'commander';
import { MAX_DEAL_NUMBER } from '../deal.js';
import { pysolGameFor } from '../numbering/pysol.js';
import { SOLVITAIRE_MAX_SEED, solvitaireGameFor } from '../numbering/solvitaire.js';
import { InputError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { pickDeals } from '../run/pick.js';
import { parseSolverOptions, type LimitFlags } from '../limits.js';
import { plural } from '../text.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';
import { addLimitOptions, addNumberingOption, addRuleOptions, addRunOption, parseNumbering, type RuleFlags, rulesFrom } from './flags.js';
import { print } from './output.js';

type PickFlags = RuleFlags & LimitFlags & { count: string; from: string; to?: string; seed?: string; lost?: boolean; numbering: string; json?: boolean };

/** The last number of a numbering: PySolFC's classic game numbers end at 31999 (docs/usage.md "Stuck on PySolFC game 12345?"). */
const PYSOL_CLASSIC_LAST = 31_999;

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
is passed over (never picked). The same options give the same numbers on any machine.
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
    const pick = pickDeals({ rules, solver: parseSolverOptions(flags), numbering, pysolGame, count, lost: flags.lost ?? false, from, to, seed }, json ? undefined : (number) => print(String(number)));
    if (json) print(JSON.stringify({ numbers: pick.numbers, scanned: pick.scanned, unknown: pick.unknown }));
    if (pick.numbers.length < count) process.stderr.write(`eaglewing: only ${plural(pick.numbers.length, 'deal')} found in ${from} … ${to} (${pick.scanned} solved, ${pick.unknown} unknown)\n`);
    process.exitCode = pick.numbers.length === count ? EXIT_OK : EXIT_NEGATIVE;
  });
}
