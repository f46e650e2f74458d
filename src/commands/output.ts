// What commands print: a line to standard output, the deal heading, the summary table or JSON, a command to paste.
import { existsSync, realpathSync } from 'node:fs';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { canonicalRules, DEFAULT_PRESET, type RuleSet } from '../rules.js';
import type { SummaryRow } from '../run/csv.js';
import { formatRate, winRate } from '../run/stats.js';
import type { ChosenDeal } from './deals.js';

/** A word for a POSIX shell: as it is when that is safe, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The real path of a file, or undefined when it cannot be resolved. */
function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

/**
 * How the user can run this program again from where they are, for commands printed to be pasted (the
 * resume line) and for the help's examples. `eaglewing` only when that name on PATH is this very
 * program (after `npm link`, or a global install); `npx eaglewing` when npx started it (it works in the
 * checkout); otherwise `node` and the path of bin/eaglewing.js, relative to the current folder when
 * that is shorter. After `npm ci` alone, `eaglewing` is not on PATH, and a pasted line starting with it
 * would fail.
 */
export function selfCommand(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const script = argv[1];
  const bin = script === undefined ? undefined : realPath(script);
  if (bin === undefined || !/eaglewing\.js$/.test(bin)) return 'eaglewing';
  // npx puts its own link to this program on PATH for the child only: the user's shell has no eaglewing
  if (env.npm_lifecycle_event === 'npx' && env.npm_command === 'exec') return 'npx eaglewing';
  for (const folder of (env.PATH ?? '').split(delimiter)) {
    if (folder === '' || !isAbsolute(folder)) continue;
    const candidate = join(folder, 'eaglewing');
    if (existsSync(candidate) && realPath(candidate) === bin) return 'eaglewing';
  }
  const absolute = resolve(cwd, script!);
  const near = relative(cwd, absolute);
  return `node ${shellWord(near.length < absolute.length ? near : absolute)}`;
}

/** Help text with each example's `eaglewing` written as the user can run it (selfCommand). */
export function runnableHelp(text: string, command = selfCommand()): string {
  if (command === 'eaglewing') return text;
  return text.replace(/(?<![\w/.-])eaglewing(?= (?:\[|deal|verify|solve|hint|pick|sim|sweep|merge|bench|rules|help)\b)/g, command);
}

export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined;
}

/** Writes a line to standard output (or error), unless its reader has gone (a closed pipe: see bin/eaglewing.js). */
export function print(text: string, to: 'stdout' | 'stderr' = 'stdout'): void {
  const stream = to === 'stdout' ? process.stdout : process.stderr;
  if (stream.destroyed) return;
  stream.write(text.endsWith('\n') ? text : text + '\n');
}

/** "Deal 7  (coops: build=suit-down;…)", with the player when a no-peek player plays it. */
export function dealHeading(deal: ChosenDeal, preset: string | undefined, rules: RuleSet, player?: string): string {
  return `${deal.label}  (${preset ?? DEFAULT_PRESET}: ${canonicalRules(rules)})${player === undefined ? '' : `, player ${player}`}\n`;
}

export function summaryJson(summary: SummaryRow[]) {
  return summary.map((group) => {
    const rate = winRate(group);
    return { preset: group.preset, rules: group.rules, player: group.player, deals: rate.deals, won: rate.won, lost: rate.lost, unknown: rate.unknown, winRate: rate.winRate, ci95: rate.ci95 === null ? null : [rate.ci95.low, rate.ci95.high], unknownAsLost: rate.unknownAsLost, unknownAsWon: rate.unknownAsWon };
  });
}

export function summaryTable(summary: SummaryRow[], label: (group: SummaryRow) => string = () => ''): string {
  if (summary.length === 0) return 'no deals';
  return summary.map((group) => `${label(group)}${group.preset.padEnd(8)} ${group.player.padEnd(10)} won ${group.won}, lost ${group.lost}, unknown ${group.unknown}: ${formatRate(winRate(group))}`).join('\n');
}

/** Prints a summary as JSON or as the table: on standard error when standard output carries a file (`--out -`). */
export function printSummary(summary: SummaryRow[], json: boolean | undefined, label?: (group: SummaryRow) => string, to: 'stdout' | 'stderr' = 'stdout'): void {
  print(json ? JSON.stringify(summaryJson(summary)) : summaryTable(summary, label), to);
}
