#!/usr/bin/env node
// How much show/shorten.ts shortens printed solutions, and what it costs: lengths before and after, per effort.
// Usage: npx tsc -p tsconfig.json && node bench/shorten.mjs [count = 500] [samples = pysol,coops,goodsol,sv-canfield,canfield]
// Solves PySolFC games 1..count (preset pysol, PySolFC's own numbering) and deals 1..count of coops and goodsol
// with the solver's defaults, and of the Canfield family Solvitaire's seeds 1..count (sv-canfield) and PySolFC's
// Canfield games 1..count (canfield) at 300,000 nodes a deal (a hard lost deal would take minutes, and its line is
// not shortened anyway); for each won game shortens the solver's line with effort 'normal' and 'shortest'.
// Prints per sample: won games, solution length median/mean/max before and after, how many shortened lines are
// longer than the no-peek greedy player's where greedy also wins (must be 0), and shortening time median/max.
// Every shortened line is replayed in the verifier here too; a failure stops the benchmark (exit 3).
import { dealFromNumber } from '../dist/deal.js';
import { dealFromPysolNumber, familyDealFromPysolNumber, parsePysolNumber, plainPysolNumber } from '../dist/numbering/pysol.js';
import { canfieldDealFromSolvitaireSeed } from '../dist/numbering/solvitaire.js';
import { GreedyPlayer } from '../dist/players/greedy.js';
import { resolveRules } from '../dist/rules.js';
import { playDeal } from '../dist/playing.js';
import { shortenLine } from '../dist/show/shorten.js';
import { Solver } from '../dist/solver/solver.js';
import { verify } from '../dist/verify.js';

const count = Number(process.argv[2] ?? 500);
const ALL_SAMPLES = [
  { key: 'pysol', name: `PySolFC games 1-${count} (pysol)`, preset: 'pysol', deck: (n) => dealFromPysolNumber(parsePysolNumber(String(n))), maxNodes: 0 },
  { key: 'coops', name: `coops deals 1-${count}`, preset: 'coops', deck: (n) => dealFromNumber(n), maxNodes: 0 },
  { key: 'goodsol', name: `goodsol deals 1-${count}`, preset: 'goodsol', deck: (n) => dealFromNumber(n), maxNodes: 0 },
  { key: 'sv-canfield', name: `Solvitaire's seeds 1-${count} (sv-canfield)`, preset: 'sv-canfield', deck: (n) => canfieldDealFromSolvitaireSeed(n), maxNodes: 300_000 },
  { key: 'canfield', name: `PySolFC's Canfield games 1-${count} (canfield)`, preset: 'canfield', deck: (n) => familyDealFromPysolNumber('canfield', plainPysolNumber(n)), maxNodes: 300_000 },
];
const wanted = (process.argv[3] ?? ALL_SAMPLES.map((sample) => sample.key).join(',')).split(',');
const samples = ALL_SAMPLES.filter((sample) => wanted.includes(sample.key));
if (!Number.isInteger(count) || count < 1 || samples.length !== wanted.length) {
  console.error(`usage: node bench/shorten.mjs [count] [samples: a comma list of ${ALL_SAMPLES.map((sample) => sample.key).join(', ')}]`);
  process.exit(2);
}
const EFFORTS = ['normal', 'shortest'];

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => {
  const s = sorted(values);
  return s.length % 2 === 1 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
const summary = (values) => `${median(values)} / ${mean(values).toFixed(1)} / ${Math.max(...values)}`;

for (const sample of samples) {
  const rules = resolveRules(sample.preset);
  const before = [];
  const after = Object.fromEntries(EFFORTS.map((effort) => [effort, []]));
  const ms = Object.fromEntries(EFFORTS.map((effort) => [effort, []]));
  const longerThanGreedy = Object.fromEntries(EFFORTS.map((effort) => [effort, 0]));
  let greedyWins = 0;
  let unknown = 0;
  for (let n = 1; n <= count; n++) {
    const deck = sample.deck(n);
    const solved = new Solver({ maxNodes: sample.maxNodes }).solve(deck, rules);
    if (solved.result === 'unknown') unknown++;
    if (solved.result !== 'won') continue;
    before.push(solved.moves.length);
    const greedy = playDeal(deck, rules, new GreedyPlayer());
    if (greedy.result === 'won') greedyWins++;
    for (const effort of EFFORTS) {
      const started = performance.now();
      const shorter = shortenLine(deck, rules, solved.moves, { effort });
      ms[effort].push(performance.now() - started);
      const check = verify(deck, rules, shorter);
      if (check.status !== 'ok' || shorter.length > solved.moves.length) {
        console.error(`${sample.name}, game ${n}, ${effort}: the shortened line ${check.status !== 'ok' ? `fails the verifier (${check.reason ?? check.status})` : 'is longer'}`);
        process.exit(3);
      }
      after[effort].push(shorter.length);
      if (greedy.result === 'won' && shorter.length > greedy.moves.length) longerThanGreedy[effort]++;
    }
    if (n % 50 === 0) process.stderr.write(`${sample.name}: ${n} of ${count}\n`);
  }
  console.log(`${sample.name}: ${before.length} won${unknown ? `, ${unknown} unknown` : ''}; greedy player wins ${greedyWins} of them`);
  console.log(`  length median / mean / max: solver ${summary(before)}`);
  for (const effort of EFFORTS) {
    const times = ms[effort];
    console.log(
      `  ${effort.padEnd(8)} ${summary(after[effort])}; longer than greedy's: ${longerThanGreedy[effort]}; ms median / max ${median(times).toFixed(1)} / ${Math.max(...times).toFixed(0)}`,
    );
  }
}
