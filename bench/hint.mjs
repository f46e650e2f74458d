#!/usr/bin/env node
// Hint benchmark: hints on mid-game positions taken from real solutions; time and nodes per hint.
// Usage: npm run build && node bench/hint.mjs [positions = 200] [preset = coops]
// Positions: for won deals 1, 2, 3, … of the preset, the position after a fraction of the solution found
// (the fractions cycle through 0.1 … 0.9), until there are enough. Prints median and worst time per hint,
// median and worst nodes per hint (the position and every legal move, each searched on its own).
import { dealFromNumber } from '../dist/deal.js';
import { formatMoveList } from '../dist/notation.js';
import { playSoFar } from '../dist/played.js';
import { resolveRules } from '../dist/rules.js';
import { hintFor } from '../dist/show/hint.js';
import { Solver } from '../dist/solver/solver.js';

const wanted = Number(process.argv[2] ?? 200);
const preset = process.argv[3] ?? 'coops';
const rules = resolveRules(preset);
const solver = new Solver();
const fractions = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
const times = [];
const nodes = [];
let verdicts = { won: 0, lost: 0, unknown: 0 };
for (let number = 1; times.length < wanted; number++) {
  const deck = dealFromNumber(number);
  const solved = solver.solve(deck, rules);
  if (solved.result !== 'won') continue;
  const fraction = fractions[times.length % fractions.length];
  const sofar = playSoFar(deck, rules, formatMoveList(solved.moves.slice(0, Math.floor(solved.moves.length * fraction))), false);
  const started = performance.now();
  const hint = hintFor(sofar.game, solver);
  times.push(performance.now() - started);
  nodes.push(hint.nodes);
  for (const move of hint.moves) verdicts[move.verdict]++;
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
console.log(`${preset}: ${times.length} hints on mid-game positions of won deals`);
console.log(`time per hint: median ${median(times).toFixed(1)} ms, worst ${worst(times).toFixed(1)} ms, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(1)} ms`);
console.log(`nodes per hint: median ${median(nodes)}, worst ${worst(nodes)}`);
console.log(`moves judged: ${verdicts.won} keep the game winnable, ${verdicts.lost} lose it, ${verdicts.unknown} unknown`);
