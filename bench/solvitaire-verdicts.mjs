#!/usr/bin/env node
// eaglewing's verdicts on Solvitaire's seeds 0-199 (canfield and canfield-strict) against Solvitaire's own,
// from test/fixtures/solvitaire-canfield.csv; every eaglewing win is replayed in the verifier.
// Usage: npm run build && node bench/solvitaire-verdicts.mjs [max nodes per solve = 300000]
// Prints the tally of verdict pairs and any disagreement; exits 1 on a disagreement or a win that does not verify.
import { readFileSync } from 'node:fs';
import { canfieldDealFromSolvitaireSeed } from '../dist/numbering/solvitaire.js';
import { resolveRules } from '../dist/rules.js';
import { Solver } from '../dist/solver/solver.js';
import { verify } from '../dist/verify.js';

const maxNodes = Number(process.argv[2] ?? 300000);
const fixture = new URL('../test/fixtures/solvitaire-canfield.csv', import.meta.url);
const rows = readFileSync(fixture, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
const tally = {};
let problems = 0;
for (const [game, seed, verdict] of rows) {
  const rules = resolveRules(game === 'canfield' ? 'sv-canfield' : 'sv-canfield-strict');
  const deck = canfieldDealFromSolvitaireSeed(Number(seed));
  const result = new Solver({ maxNodes }).solve(deck, rules);
  if (result.result === 'won' && verify(deck, rules, result.moves).status !== 'ok') {
    problems++;
    console.log(`NOT VERIFIED ${game} seed ${seed}`);
  }
  if (result.result !== 'unknown' && (verdict === 'won' || verdict === 'lost') && result.result !== verdict) {
    problems++;
    console.log(`DISAGREE ${game} seed ${seed}: Solvitaire ${verdict}, eaglewing ${result.result}`);
  }
  const key = `${game}: Solvitaire ${verdict}, eaglewing ${result.result}`;
  tally[key] = (tally[key] ?? 0) + 1;
}
for (const [key, count] of Object.entries(tally).sort()) console.log(`${key}: ${count}`);
console.log(problems === 0 ? `no disagreement (at most ${maxNodes} nodes a solve)` : `${problems} problems`);
process.exitCode = problems === 0 ? 0 : 1;
