// What commands print: a line to standard output, the deal heading, the summary table or JSON, a shell word for a command to paste.
import { canonicalRules, DEFAULT_PRESET, type RuleSet } from '../rules.js';
import type { SummaryRow } from '../run/csv.js';
import { formatRate, winRate } from '../run/stats.js';
import type { ChosenDeal } from './deals.js';

/** A word for a POSIX shell: as it is when that is safe, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
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
