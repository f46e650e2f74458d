#!/usr/bin/env node
// A fixed solving workload for instruction counts: run under valgrind, whose count repeats where this machine's seconds do not.
// Usage: valgrind --tool=callgrind --callgrind-out-file=/dev/null node --single-threaded bench/instructions.mjs [CHECKOUT] [family|eagle|whole]
// CHECKOUT (default: this one) must be built; its Solver is read from dist/solver/solver.js, or dist/solver/search.js in
// builds before the solver frame. Prints the positions searched, which must be the same for two builds compared;
// valgrind prints the instructions ("Collected").
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [checkout = fileURLToPath(new URL('..', import.meta.url)), workload = 'family'] = process.argv.slice(2);
const WORKLOADS = {
  // the family search: canfield, sv-canfield, rainbow and chameleon deals 1-4, each stopped at 30,000 positions
  family: { presets: ['canfield', 'sv-canfield', 'rainbow', 'chameleon'], deals: 4, maxNodes: 30_000 },
  // Eagle Wing's search: coops, goodsol and strict deals 1-30, no limit
  eagle: { presets: ['coops', 'goodsol', 'strict'], deals: 30, maxNodes: 0 },
  // the head to head's whole-wing rule sets (bench/versus-solvitaire.mjs): canfield, rainbow and chameleon with wingMoves whole, deals 1-4 at 30,000
  whole: { presets: ['canfield', 'rainbow', 'chameleon'], overrides: { wingMoves: 'whole' }, deals: 4, maxNodes: 30_000 },
};
const chosen = WORKLOADS[workload];
if (!chosen) {
  console.error(`bench/instructions.mjs: the workload is family, eagle or whole, got ${workload}`);
  process.exit(2);
}
const dist = join(resolve(checkout), 'dist');
const from = (path) => import(pathToFileURL(join(dist, path)).href);
const { Solver } = await from(existsSync(join(dist, 'solver', 'solver.js')) ? 'solver/solver.js' : 'solver/search.js');
const { resolveRules } = await from('rules.js');
const { numberedDeck } = await from('numbering/numbered.js');
const solver = new Solver({ maxNodes: chosen.maxNodes });
let nodes = 0;
for (const preset of chosen.presets) {
  const rules = resolveRules(preset, chosen.overrides);
  for (let deal = 1; deal <= chosen.deals; deal++) nodes += solver.solve(numberedDeck('eaglewing', deal, rules), rules).nodes;
}
console.log(`${workload}: ${nodes} positions`);
