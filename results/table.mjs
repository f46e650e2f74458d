#!/usr/bin/env node
// Prints the results table (markdown) from the committed summary CSVs, with the summed per-deal
// solving time from results/raw/ when those files are present. Usage: node results/table.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const presets = ['strict', 'coops', 'easy', 'goodsol', 'pysol'];
const players = ['thoughtful', 'greedy', 'sampling'];
const percent = (value) => `${(100 * value).toFixed(1)}%`;

function rows(file) {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
}

function solvingTime(raw) {
  if (!existsSync(raw)) return '';
  const lines = readFileSync(raw, 'utf8').trim().split('\n').slice(1);
  const ms = lines.reduce((sum, line) => sum + Number(line.split(',')[6]), 0);
  return `${(ms / 60000).toFixed(1)} min`;
}

/** Thoughtful wins on the same deal numbers as a no-peek row: the bound that row is measured against. */
function thoughtfulOnSameDeals(preset, player) {
  const rawPlayer = join(here, 'raw', `${player}-${preset}.csv`);
  const rawThoughtful = join(here, 'raw', `thoughtful-${preset}.csv`);
  if (player === 'thoughtful' || !existsSync(rawPlayer) || !existsSync(rawThoughtful)) return '';
  const deals = new Set(readFileSync(rawPlayer, 'utf8').trim().split('\n').slice(1).map((line) => line.split(',')[0]));
  let won = 0;
  let count = 0;
  for (const line of readFileSync(rawThoughtful, 'utf8').trim().split('\n').slice(1)) {
    const fields = line.split(',');
    if (!deals.has(fields[0])) continue;
    count++;
    if (fields[4] === 'won') won++;
  }
  return count === deals.size ? `${percent(won / count)} (${won})` : '';
}

console.log('| preset | player | deals | won | unknown | win rate | 95% interval | thoughtful on the same deals | solving time |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const preset of presets) {
  for (const player of players) {
    const file = join(here, `${player}-${preset}.csv`);
    if (!existsSync(file)) continue;
    for (const row of rows(file)) {
      const label = row.player.startsWith('sampling:') ? `sampling (${row.player.slice(9).replace(/;/g, ', ')})` : row.player;
      console.log(
        `| ${preset} | ${label} | ${row.deals} | ${row.won} | ${row.unknown} | ${percent(Number(row.win_rate))} | ` +
          `${percent(Number(row.ci95_low))}–${percent(Number(row.ci95_high))} | ${thoughtfulOnSameDeals(preset, player)} | ` +
          `${solvingTime(join(here, 'raw', `${player}-${preset}.csv`))} |`,
      );
    }
  }
}
console.log(
  '\n"solving time" sums the per-deal `ms` column (one thread; runs used both cores). Per-deal times are whole ' +
    'milliseconds, so the sum understates presets whose deals mostly take under 1 ms (strict: see the bench in docs/measurements.md "Speed").',
);
