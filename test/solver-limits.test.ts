// The node limit counts positions: a search stopped by --max-nodes N has searched exactly N, the start among them.
import { describe, expect, it } from 'vitest';
import { numberedDeck } from '../src/numbering/numbered.js';
import { resolveRules } from '../src/rules.js';
import { Solver } from '../src/solver/solver.js';

describe('--max-nodes', () => {
  // an Eagle Wing preset (the compound-move search) and family presets (the family search)
  for (const preset of ['coops', 'canfield', 'rainbow', 'storehouse']) {
    it(`${preset}: a search stopped by the limit reports the limit's count, 1 included`, () => {
      const rules = resolveRules(preset);
      for (const limit of [1, 2, 3, 50]) {
        for (let deal = 1; deal <= 5; deal++) {
          const result = new Solver({ maxNodes: limit }).solve(numberedDeck('eaglewing', deal, rules), rules);
          expect(result.nodes, `${preset} deal ${deal} at ${limit}`).toBeLessThanOrEqual(limit);
          if (result.unknownReason === 'max-nodes') expect(result.nodes).toBe(limit);
        }
      }
    });
  }
});
