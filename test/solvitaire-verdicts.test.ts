// The family solver against Solvitaire's own verdicts (test/fixtures/solvitaire-canfield.csv, seeds 0-199 of its canfield and canfield-strict): equal wherever both decide.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canfieldDealFromSolvitaireSeed } from '../src/numbering/solvitaire.js';
import { resolveRules } from '../src/rules.js';
import { Solver } from '../src/solver/search.js';
import { verify } from '../src/verify.js';
import { FIXTURES } from './helpers.js';

const rows = readFileSync(join(FIXTURES, 'solvitaire-canfield.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [game, seed, verdict] = line.split(',');
    return { game, seed: Number(seed), verdict };
  });
/** Seeds per game and the node limit: a quick tier (the whole 0-199 at larger limits is bench/solvitaire-verdicts.mjs). */
const SEEDS = 30;
const MAX_NODES = 20_000;

describe("Solvitaire's Canfield verdicts", () => {
  it.each([
    ['canfield', 'sv-canfield'],
    ['canfield-strict', 'sv-canfield-strict'],
  ])("%s seeds 0-29: eaglewing's verdict is Solvitaire's wherever both decide, and every win verifies", (game, preset) => {
    const rules = resolveRules(preset);
    const solver = new Solver({ maxNodes: MAX_NODES });
    const decided = { won: 0, lost: 0 };
    for (const row of rows.filter((entry) => entry.game === game && entry.seed < SEEDS)) {
      const deck = canfieldDealFromSolvitaireSeed(row.seed);
      const result = solver.solve(deck, rules);
      if (result.result === 'won') expect(verify(deck, rules, result.moves).status, `${game} seed ${row.seed}`).toBe('ok');
      if (result.result === 'unknown' || (row.verdict !== 'won' && row.verdict !== 'lost')) continue;
      expect(result.result, `${game} seed ${row.seed}`).toBe(row.verdict);
      decided[result.result]++;
    }
    expect(decided.won, `${game}: won seeds compared`).toBeGreaterThan(0);
    expect(decided.lost, `${game}: lost seeds compared`).toBeGreaterThan(0);
  });
});
