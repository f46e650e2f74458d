// One Solver reused across presets (as a worker thread reuses its own) gives every deal the verdict and node count of a fresh Solver.
import { describe, expect, it } from 'vitest';
import { numberedDeck } from '../src/numbering/numbered.js';
import { PRESET_NAMES, resolveRules } from '../src/rules.js';
import { Solver, type SolverOptions } from '../src/solver/solver.js';

/**
 * Small limits keep 210 ordered pairs quick; they are still deep enough that a search array sized for
 * one preset's positions and kept for the next one's (the fixed-base presets have fewer words a
 * position) overflows: before that was fixed, storehouse or acme then rainbow threw here.
 */
const LIMITS: SolverOptions = { maxNodes: 3_000, timeLimitMs: 0, memoryMegabytes: 16, prune: true };
const DEALS = [1, 2, 3];

/** Verdict and node count: what determinism promises for a deal, whatever was solved before it. */
function outcome(solver: Solver, preset: string, deal: number): string {
  const rules = resolveRules(preset);
  try {
    const result = solver.solve(numberedDeck('eaglewing', deal, rules), rules);
    return `${result.result} ${result.nodes}`;
  } catch (error) {
    return `threw ${(error as Error).message}`;
  }
}

/**
 * The presets paired: every one, but of RULES §10.19's six games of two to four decks only the smallest and
 * the largest positions (two decks and four), which are what a reused Solver's arrays must follow.
 */
const PAIRED = PRESET_NAMES.filter((preset) => resolveRules(preset).decks === 1 || preset === 'double-canfield' || preset === 'quadruple-canfield');

describe('one Solver across presets', () => {
  const alone = new Map(PAIRED.map((preset) => [preset, DEALS.map((deal) => outcome(new Solver(LIMITS), preset, deal))]));

  it('solves every ordered pair of presets, one after the other, as each preset alone', () => {
    const differing: string[] = [];
    for (const first of PAIRED) {
      for (const second of PAIRED) {
        if (first === second) continue;
        // the first preset's first deal leaves the Solver as that preset leaves it (its arrays sized for its positions,
        // its table for its keys); the second's three deals are then asked
        const solver = new Solver(LIMITS);
        const firstGot = outcome(solver, first, DEALS[0]);
        if (firstGot !== alone.get(first)![0]) differing.push(`${first} alone: deal ${DEALS[0]}: ${firstGot}, alone ${alone.get(first)![0]}`);
        DEALS.forEach((deal, i) => {
          const got = outcome(solver, second, deal);
          if (got !== alone.get(second)![i]) differing.push(`${first} then ${second}: deal ${deal}: ${got}, alone ${alone.get(second)![i]}`);
        });
      }
    }
    expect(differing).toEqual([]);
    // the pairs are worth comparing only if the presets alone were searched, not refused
    for (const results of alone.values()) for (const result of results) expect(result).toMatch(/^(won|lost|unknown) \d+$/);
  }, 240_000);
});
