#!/usr/bin/env node
// Prints the Solvitaire-seed results (markdown) from results/solvitaire-*.csv (summaries, with the sim's Wilson
// interval) and results/raw/solvitaire-*.csv (per seed): the win rates beside Solvitaire's published figure, and
// the seeds whose verdict differs between sv-canfield (sv-partial) and the same rules with --wing-moves group.
// Usage: node results/solvitaire-table.mjs   (after bash results/solvitaire.sh)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perDeal, solveTimes, summary } from './summary.mjs';
import { wilson } from '../dist/run/stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const runs = [
  ['sv-canfield', 'sv-canfield (Solvitaire `canfield`)'],
  ['sv-canfield-group', 'sv-canfield with `--wing-moves group`'],
  ['sv-canfield-strict', 'sv-canfield-strict (Solvitaire `canfield-strict`)'],
];
const percent = (value) => `${(100 * Number(value)).toFixed(2)}%`;

/** Seed → verdict, from a per-deal file. */
function verdicts(name) {
  return new Map(perDeal(join(here, 'raw', `solvitaire-${name}.csv`)).map((row) => [Number(row.deal), row.result]));
}

console.log('| rules | seeds | won / lost / unknown | win rate among decided (95% CI) | range, unknowns lost … won | mean / median / worst ms |');
console.log('|---|---|---|---|---|---|');
for (const [name, label] of runs) {
  const row = summary(join(here, `solvitaire-${name}.csv`));
  if (row === undefined) continue;
  const [mean, median, worst] = solveTimes(perDeal(join(here, 'raw', `solvitaire-${name}.csv`)));
  console.log(
    `| ${label} | 1–${row.deals} | ${row.won} / ${row.lost} / ${row.unknown} | ${percent(row.win_rate)} (${percent(row.ci95_low)}–${percent(row.ci95_high)}) | ` +
      `${percent(row.win_rate_unknown_as_lost)} … ${percent(row.win_rate_unknown_as_won)} | ${mean} / ${median} / ${worst} |`,
  );
}
console.log('\nSolvitaire (Blake & Gent) publish 71.245 ± 0.031% for `canfield`.');
// the lowest reading (every unknown lost) as a sample of Solvitaire's seeds: its Wilson interval, to set beside that figure
const lowest = summary(join(here, 'solvitaire-sv-canfield.csv'));
if (lowest !== undefined) {
  const { low, high } = wilson(Number(lowest.won), Number(lowest.deals));
  console.log(`sv-canfield, every unknown lost: ${lowest.won} won of ${lowest.deals}, Wilson 95% ${percent(low)}–${percent(high)}.`);
}

const partial = verdicts('sv-canfield');
const group = verdicts('sv-canfield-group');
const changed = [];
let both = 0;
let oneUnknown = 0;
for (const [seed, verdict] of partial) {
  const other = group.get(seed);
  if (other === undefined) continue;
  if (verdict === 'unknown' || other === 'unknown') {
    if (verdict !== other) oneUnknown++;
    continue;
  }
  both++;
  if (verdict !== other) changed.push(`${seed} (sv-partial ${verdict}, group ${other})`);
}
console.log(
  `\nsv-partial against group: ${both} seeds decided under both, ${changed.length} with a different verdict` +
    `${changed.length > 0 ? `: ${changed.join(', ')}` : ''}; ${oneUnknown} decided under one only.`,
);
