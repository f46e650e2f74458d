#!/usr/bin/env node
// A results run's per-deal verdicts against another build's at the same limit: every deal the run decided is solved again with that build, and a won<->lost change is named (a bug to find).
// Usage: node bench/verdicts-against.mjs OTHER_CHECKOUT RUN.csv PRESET eaglewing|pysol [PYSOLFC_GAME_ID]   (the other checkout built; 100,000 positions a solve, as results/family.sh)
import { readFileSync } from 'node:fs';
const [oldRoot, csvPath, preset, numbering, game] = process.argv.slice(2);
const { Solver } = await import(`${oldRoot}/dist/solver/solver.js`);
const { resolveRules } = await import(`${oldRoot}/dist/rules.js`);
const { numberedDeck } = await import(`${oldRoot}/dist/numbering/numbered.js`);
const rules = resolveRules(preset);
const rows = readFileSync(csvPath, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
const solver = new Solver({ maxNodes: 100000 });
const tally = {};
for (const row of rows) {
  const [deal, , , , result] = row;
  if (result === 'unknown') continue;
  const old = solver.solve(numberedDeck(numbering, Number(deal), rules, game === undefined ? undefined : Number(game)), rules).result;
  const key = `${old}->${result}`;
  tally[key] = (tally[key] ?? 0) + 1;
  if ((old === 'won' && result === 'lost') || (old === 'lost' && result === 'won')) console.log(`FLIP ${preset} ${numbering} deal ${deal}: ${old} -> ${result}`);
}
console.log(preset, numbering, JSON.stringify(tally));
