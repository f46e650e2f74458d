// Solvitaire's seeds: the deals solvitaire.ts makes against the deals Solvitaire itself printed (test/fixtures/solvitaire-canfield-deals.json).
import { describe, expect, it } from 'vitest';
import { formatCard } from '../src/cards.js';
import { canfieldDealFromSolvitaireSeed, mt19937 } from '../src/numbering/solvitaire.js';
import { solvitairePrintedDeals, type SolvitairePrintedDeal } from './helpers.js';

const FIXTURE = { deals: solvitairePrintedDeals() };

/** Solvitaire writes ten as `10`; eaglewing as `T`. */
const card = (name: string) => name.replace(/^10/, 'T');

/**
 * The printed piles as eaglewing's deal parts (RULES §10.9): the reserve bottom first is the trunk
 * bottom to top; Solvitaire prints the stock bottom first, and the deal string has it top first.
 * The tableau piles come sorted (Solvitaire orders them for symmetry as it places cards), so the wings
 * are compared as a set.
 */
function parts(printed: SolvitairePrintedDeal) {
  const foundationCards = printed.foundations.flatMap((pile) => (Array.isArray(pile) ? pile : []));
  return {
    trunk: printed.reserve[0].map(card),
    wings: printed['tableau piles'].map((pile) => card(pile[0])).sort(),
    wingHeights: printed['tableau piles'].map((pile) => pile.length),
    base: foundationCards.map(card),
    stock: [...printed.stock].reverse().map(card),
  };
}

describe('Solvitaire seeds', () => {
  it('the fixture covers both game types, small and large seeds', () => {
    const types = new Set(FIXTURE.deals.map((entry) => entry.type));
    expect([...types].sort()).toEqual(['canfield', 'canfield-strict']);
    const seeds = FIXTURE.deals.map((entry) => entry.seed);
    expect(seeds).toContain(0);
    expect(seeds).toContain(2 ** 31 - 1);
    expect(FIXTURE.deals.length).toBeGreaterThanOrEqual(100);
  });

  it("std::mt19937 gives the C++ standard's 10000th output for the default seed 5489", () => {
    const next = mt19937(5489);
    let value = 0;
    for (let i = 0; i < 10000; i++) value = next();
    expect(value).toBe(4123659995);
  });

  it("every seed deals what Solvitaire printed, card for card (the wings as a set)", () => {
    for (const printed of FIXTURE.deals) {
      const where = `${printed.type} seed ${printed.seed}`;
      const expected = parts(printed);
      expect(expected.wingHeights, where).toEqual([1, 1, 1, 1]);
      expect(printed.waste, where).toBe('');
      const deck = Array.from(canfieldDealFromSolvitaireSeed(printed.seed), formatCard);
      expect(deck.slice(0, 13), `${where}: trunk`).toEqual(expected.trunk);
      expect(deck.slice(13, 17).sort(), `${where}: wings`).toEqual(expected.wings);
      expect(deck.slice(17, 18), `${where}: base`).toEqual(expected.base);
      expect(deck.slice(18), `${where}: stock`).toEqual(expected.stock);
    }
  });
});
