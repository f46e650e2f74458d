#!/usr/bin/env node
// Prints the distribution of solver nodes per deal (markdown), per preset, from results/raw/thoughtful-<preset>.csv
// (made by results/thoughtful.sh). Usage: node results/nodes.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const presets = ['strict', 'coops', 'easy', 'goodsol', 'pysol'];

function describe(values) {
  if (values.length === 0) return ['', '', '', ''];
  const sorted = Float64Array.from(values).sort();
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return [at(0.5), Math.round(mean), at(0.99), sorted[sorted.length - 1]];
}

console.log('| preset | deals | median nodes | mean | 99th percentile | max | max of a won deal | max of a lost deal |');
console.log('|---|---|---|---|---|---|---|---|');
for (const preset of presets) {
  const file = join(here, 'raw', `thoughtful-${preset}.csv`);
  if (!existsSync(file)) continue;
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  const resultColumn = names.indexOf('result');
  const nodesColumn = names.indexOf('nodes');
  const all = [];
  const byResult = { won: [], lost: [], unknown: [] };
  for (const line of lines) {
    const fields = line.split(',');
    const nodes = Number(fields[nodesColumn]);
    all.push(nodes);
    byResult[fields[resultColumn]].push(nodes);
  }
  const [median, mean, p99, max] = describe(all);
  const maxOf = (values) => (values.length === 0 ? '' : describe(values)[3]);
  console.log(`| ${preset} | ${all.length} | ${median} | ${mean} | ${p99} | ${max} | ${maxOf(byResult.won)} | ${maxOf(byResult.lost)} |`);
}
