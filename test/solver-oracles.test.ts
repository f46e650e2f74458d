// Each search is the other's oracle: the family's search, run on Eagle Wing presets' deals, gives the compound-move search's verdicts.
import { describe, expect, it } from 'vitest';
import { Game } from '../src/engine.js';
import { numberedDeck } from '../src/numbering/numbered.js';
import { EAGLE_WING_PRESETS, resolveRules } from '../src/rules.js';
import { FamilySearch } from '../src/solver/family/search.js';
import { Solver, type SolverOptions } from '../src/solver/solver.js';

/**
 * The family search plays any rules the engine plays, Eagle Wing's among them, over single engine
 * moves with its own key, table and pruning rules; the Solver hands Eagle Wing's deals to the
 * compound-move search, which shares none of those. Where both decide, they must agree.
 */
const LIMITS: SolverOptions = { maxNodes: 50_000, timeLimitMs: 0, memoryMegabytes: 64, prune: true };
const DEALS = 30;

describe('the family search and the compound-move search on Eagle Wing deals', () => {
  for (const preset of EAGLE_WING_PRESETS) {
    it(`${preset}: deals 1-${DEALS}, the same verdict wherever both decide`, () => {
      const rules = resolveRules(preset);
      const family = new FamilySearch(LIMITS);
      const compound = new Solver(LIMITS);
      const differing: string[] = [];
      const decided = { won: 0, lost: 0 };
      for (let deal = 1; deal <= DEALS; deal++) {
        const deck = numberedDeck('eaglewing', deal, rules);
        const byFamily = family.solve(new Game(deck, rules)).result;
        const byCompound = compound.solve(deck, rules).result;
        if (byFamily === 'unknown' || byCompound === 'unknown') continue;
        if (byFamily !== byCompound) differing.push(`deal ${deal}: family ${byFamily}, compound ${byCompound}`);
        else decided[byFamily]++;
      }
      expect(differing).toEqual([]);
      // most deals decided by both, or the comparison says little
      expect(decided.won + decided.lost).toBeGreaterThanOrEqual(DEALS - 3);
    });
  }
  it('the comparison holds both verdicts', () => {
    // strict loses most deals and the others win most: both verdicts are compared above
    const verdicts = new Set<string>();
    for (const preset of ['strict', 'coops']) {
      const rules = resolveRules(preset);
      const family = new FamilySearch(LIMITS);
      for (let deal = 1; deal <= 10; deal++) verdicts.add(family.solve(new Game(numberedDeck('eaglewing', deal, rules), rules)).result);
    }
    expect(verdicts).toContain('won');
    expect(verdicts).toContain('lost');
  });
});
