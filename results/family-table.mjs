#!/usr/bin/env node
// Prints the Canfield family's results table (markdown) from results/family-*.csv (summaries, with the
// Wilson interval the sim wrote) and results/raw/family-thoughtful-*.csv (each solve's time).
// Usage: node results/family-table.mjs [presets = the family's eleven]   (after bash results/family.sh)
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { perDeal, solveTimes, summary } from './summary.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const FAMILY = ['canfield', 'superior-canfield', 'rainfall', 'canfield-rush', 'rainbow', 'storehouse', 'chameleon', 'acme', 'casino-canfield', 'sv-canfield', 'sv-canfield-strict'];
// a comma list for another table (the rest of PySolFC's Canfield type: candike,mystique,munger,minerva)
const presets = process.argv[2] ? process.argv[2].split(',') : FAMILY;
const numberings = [
  ['', "engine's deals"],
  ['-pysol', 'PySolFC games'],
];
/** The node limit each solve had, from the summary's player field (thoughtful:max-nodes=N), with thousands marked. */
const nodeLimit = (player) => {
  const limit = /max-nodes=(\d+)/.exec(player);
  return limit === null ? 'no limit' : Number(limit[1]).toLocaleString('en-US');
};
const percent = (value) => `${(100 * Number(value)).toFixed(1)}%`;

console.log('| preset | deals | positions a deal | thoughtful won / lost / unknown | win rate among decided deals (95% CI) | range, unknowns lost … won | greedy (95% CI) | mean / median / worst ms |');
console.log('|---|---|---|---|---|---|---|---|');
for (const preset of presets) {
  for (const [suffix, label] of numberings) {
    const thoughtful = summary(join(here, `family-thoughtful-${preset}${suffix}.csv`));
    if (thoughtful === undefined) continue;
    const greedy = summary(join(here, `family-greedy-${preset}${suffix}.csv`));
    const [mean, median, worst] = solveTimes(perDeal(join(here, 'raw', `family-thoughtful-${preset}${suffix}.csv`)));
    console.log(
      `| ${preset} | ${label} 1–${thoughtful.deals} | ${nodeLimit(thoughtful.player)} | ${thoughtful.won} / ${thoughtful.lost} / ${thoughtful.unknown} | ` +
        `${percent(thoughtful.win_rate)} (${percent(thoughtful.ci95_low)}–${percent(thoughtful.ci95_high)}) | ` +
        `${percent(thoughtful.win_rate_unknown_as_lost)} … ${percent(thoughtful.win_rate_unknown_as_won)} | ` +
        `${greedy ? `${percent(greedy.win_rate)} (${percent(greedy.ci95_low)}–${percent(greedy.ci95_high)})` : ''} | ${mean} / ${median} / ${worst} |`,
    );
  }
}
