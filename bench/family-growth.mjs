#!/usr/bin/env node
// The time the family search's table spends growing: Solvitaire seeds of sv-canfield, each solved twice in a row by one Solver.
/*
Usage (after `npm run build` in the checkout measured):

    node bench/family-growth.mjs [CHECKOUT] SEED...

  CHECKOUT  a built checkout of eaglewing (default: this one), so that two builds can be compared
  SEED      Solvitaire seeds (`--solvitaire SEED`), each solved twice, one after the other

  e.g. node bench/family-growth.mjs 121 170

For every solve it prints the seed, the verdict, the positions stored, the solve's wall time and the part of it
spent in FamilyTable's growth (its private grow(), timed from outside by wrapping it: the search itself is
untouched). Every solve starts on a small table, so each grows through the same sizes. A fresh typed array
costs the machine a page fault for each 4 KB page first written; the second solve of a seed shows what growing
costs once those pages are the process's already. One Solver, in this one Node process, as `sim` workers and
bench/versus-solvitaire.mjs keep theirs.
*/
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const checkout = args.length > 0 && !/^\d+$/.test(args[0]) ? resolve(args.shift()) : resolve(new URL('..', import.meta.url).pathname);
const seeds = args.map(Number);
if (seeds.length === 0 || seeds.some((seed) => !Number.isInteger(seed) || seed < 0)) {
  console.error('usage: node bench/family-growth.mjs [CHECKOUT] SEED...');
  process.exit(2);
}
const from = (path) => import(pathToFileURL(resolve(checkout, 'dist', path)).href);
const { canfieldDealFromSolvitaireSeed } = await from('numbering/solvitaire.js');
const { resolveRules } = await from('rules.js');
const { Solver } = await from('solver/solver.js');
const { FamilyTable } = await from('solver/family/table.js');

let growing = 0;
const grow = FamilyTable.prototype.grow;
FamilyTable.prototype.grow = function (...rest) {
  const started = performance.now();
  try {
    return grow.apply(this, rest);
  } finally {
    growing += performance.now() - started;
  }
};

const rules = resolveRules('sv-canfield');
const solver = new Solver({});
console.log(`checkout ${checkout}`);
console.log('seed\tsolve\tverdict\tpositions\tms\tgrowing ms');
for (const seed of seeds) {
  for (const solve of [1, 2]) {
    growing = 0;
    const started = performance.now();
    const result = solver.solve(canfieldDealFromSolvitaireSeed(seed), rules);
    const ms = performance.now() - started;
    console.log(`${seed}\t${solve}\t${result.result}\t${result.nodes}\t${Math.round(ms)}\t${Math.round(growing)}`);
  }
}
