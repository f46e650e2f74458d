#!/usr/bin/env node
// Two builds' solve times on the same deals, each in its own process, alternating: for rows too small for bench/versus.mjs to time.
// Usage: node bench/solve-times.mjs OTHER_CHECKOUT PRESET DEALS [rounds = 3]
// The engine's deals 1…DEALS for Eagle Wing's presets, PySolFC's games 1…DEALS for the family's (as the bench);
// prints each run's positions and milliseconds (the positions must agree: the same search, only its speed differs).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [other, preset, deals, rounds = '3'] = process.argv.slice(2);
if (!other || !preset || !deals) {
  console.error('usage: node bench/solve-times.mjs OTHER_CHECKOUT PRESET DEALS [rounds]');
  process.exit(2);
}
// one run, in a process of its own: the build's dist/ modules, the same Solver calls as the bench
const RUN = `
const [dist, preset, deals] = process.argv.slice(1);
const { dealFromNumber } = await import(dist + '/deal.js');
const { familyDealFromPysolNumber, plainPysolNumber } = await import(dist + '/numbering/pysol.js');
const { EAGLE_WING_PRESETS, resolveRules } = await import(dist + '/rules.js');
const { Solver } = await import(dist + '/solver/solver.js');
const rules = resolveRules(preset);
const eagle = EAGLE_WING_PRESETS.includes(preset);
const decks = [];
for (let n = 1; n <= Number(deals); n++) decks.push(eagle ? dealFromNumber(n) : familyDealFromPysolNumber(preset.startsWith('sv-') ? 'canfield' : preset, plainPysolNumber(n)));
const solver = eagle ? new Solver() : new Solver({ maxNodes: 100000 });
const started = performance.now();
let nodes = 0;
for (const deck of decks) nodes += solver.solve(deck, rules).nodes;
console.log(nodes + ' ' + Math.round(performance.now() - started));
`;
const builds = { other: join(other, 'dist'), this: fileURLToPath(new URL('../dist', import.meta.url)) };
for (let round = 0; round < Number(rounds); round++) {
  const line = [];
  for (const name of ['other', 'this']) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', RUN, builds[name], preset, deals], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${name}: ${result.stderr}`);
    const [nodes, ms] = result.stdout.trim().split(' ');
    line.push(`${name} ${nodes} positions ${ms} ms`);
  }
  console.log(`${preset} 1-${deals}, round ${round + 1}: ${line.join(', ')}`);
}
