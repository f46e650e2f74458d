// Deal numbers and deal strings (RULES §2): the shuffle, golden deals, and refusal of bad strings.
import { describe, expect, it } from 'vitest';
import { dealFromNumber, formatDeal, parseDeal, validateDeal, validateDealNumber } from '../src/deal.js';
import { InputError } from '../src/errors.js';

describe('deal numbers (RULES §2)', () => {
  // Golden strings: if the generator, its seeding or the shuffle changes, these fail.
  it.each([
    [1, '9D 7C 3C JH 7S KC AS 8D 8C TH 3S KH JC JD AH 4H 5S 8H 6S 4D 2S 2H AC QH TS 9S KS QS TC 2D 8S 4C 3H 5D 3D 5C JS KD QC TD 9H QD 6C 4S AD 5H 9C 6H 7D 2C 6D 7H'],
    [2, '6D QC JD QD AS QS 7D KS TS KC 6S 4H 5D 5S 7C 7H AD JS 8C 5C 9S 2S 4D QH KD TH 3H 3S 6H 3C JC 7S 2D 9D TD KH 5H 8S JH 9C 9H AH AC 3D 2H 4C 8H 4S 6C 2C 8D TC'],
    [3, '7C JC QH 6D 8H 3H 3D 6S 2S 3C 7S 2H QS QC 5S 9D 6H 5C 3S AC JS KD 2C 7D 4C 9C TC 4D AS 8C KC TS 9H 5D QD AD AH 5H 8D KS TH 6C 9S JD 7H JH 4H TD KH 4S 8S 2D'],
    [1000000, 'JD KH 3H 5H 5S QS 8S 7D JS 2C 4H 3S AS 4D KC 6C 7C 8D 4S 8H QC TC 9S 6D TH QH KD 6S 8C 5C KS AH 9H 7S 3C 4C 5D 9D JC 2S 7H JH TD 2D 9C TS QD AD AC 2H 3D 6H'],
  ])('deal %i is pinned', (number, expected) => {
    expect(formatDeal(dealFromNumber(number))).toBe(expected);
  });
  it('gives 52 distinct cards for many numbers, including 2^53-1', () => {
    for (const number of [1, 17, 4294967295, 4294967296, 4294967297, Number.MAX_SAFE_INTEGER]) {
      expect(new Set(dealFromNumber(number)).size).toBe(52);
    }
  });
  it('numbers above 2^32 use their high bits', () => {
    expect(formatDeal(dealFromNumber(2 ** 32 + 1))).not.toBe(formatDeal(dealFromNumber(1)));
  });
  it('rejects numbers outside 1 … 2^53-1', () => {
    for (const bad of ['0', '-1', '1.5', 'x', '9007199254740992', '']) expect(validateDealNumber(bad).ok).toBe(false);
    expect(validateDealNumber('9007199254740991').ok).toBe(true);
    expect(() => dealFromNumber(0)).toThrow(InputError);
  });
});

describe('deal strings (RULES §2)', () => {
  const good = formatDeal(dealFromNumber(5));
  it('round-trips, accepting 10, lower case and suit symbols', () => {
    expect(formatDeal(parseDeal(good))).toBe(good);
    const fancy = good.replace('TH', '10h').replace('QS', 'Q♠').replace(/AD/, 'a♦');
    expect(formatDeal(parseDeal(fancy))).toBe(good);
  });
  it('names the first bad token with its position', () => {
    const tokens = good.split(' ');
    tokens[6] = 'ZQ';
    const result = validateDeal(tokens.join(' '));
    expect(result.ok).toBe(false);
    expect(result.error).toContain("bad card 'ZQ' at position 7");
  });
  it('names duplicated and missing cards', () => {
    const tokens = good.split(' ');
    const missing = tokens[10];
    tokens[10] = tokens[0];
    const result = validateDeal(tokens.join(' '));
    expect(result.error).toContain(`duplicated ${tokens[0]}`);
    expect(result.error).toContain(`missing ${missing}`);
  });
  it('names a wrong count', () => {
    const result = validateDeal(good.split(' ').slice(0, 51).join(' '));
    expect(result.error).toContain('52 cards, got 51');
    expect(() => parseDeal('')).toThrow(InputError);
  });
});

describe('deals of two to four decks (docs/canfield-type.md, shape 9)', () => {
  it.each([2, 3, 4])('%i decks: each card that many times, twins numbered in the order the deal meets them', (decks) => {
    for (const number of [1, 2, 1000000]) {
      const deck = dealFromNumber(number, decks);
      expect(deck.length).toBe(52 * decks);
      // every card number 0 … 52n-1 once; copy k of a value (value + 52k) comes after copy k-1
      expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 * decks }, (_, i) => i));
      const at = new Map([...deck].map((card, i) => [card, i]));
      for (let card = 52; card < 52 * decks; card++) expect(at.get(card)!).toBeGreaterThan(at.get(card - 52)!);
      expect(Array.from(parseDeal(formatDeal(deck), decks))).toEqual(Array.from(deck));
    }
    // one deck's deals do not change with the option
    expect(formatDeal(dealFromNumber(7, 1))).toBe(formatDeal(dealFromNumber(7)));
    expect(formatDeal(dealFromNumber(7, decks))).not.toBe(formatDeal(dealFromNumber(8, decks)));
  });
  it('names a card more often than the decks hold, the ones missing, and a wrong count', () => {
    const tokens = formatDeal(dealFromNumber(5, 2)).split(' ');
    // a third copy of the first card, in place of a card of another value
    const other = tokens.findIndex((token) => token !== tokens[0]);
    const missing = tokens[other];
    tokens[other] = tokens[0];
    const result = validateDeal(tokens.join(' '), 2);
    expect(result.error).toContain(`more than 2 of ${tokens[0]}`);
    expect(result.error).toContain(`missing ${missing}`);
    expect(validateDeal(tokens.slice(0, 103).join(' '), 2).error).toContain('a deal of 2 decks has 104 cards, got 103');
    // a deal of one deck is not one of two
    expect(validateDeal(formatDeal(dealFromNumber(5)), 2).ok).toBe(false);
    expect(validateDeal(formatDeal(dealFromNumber(5)), 5).error).toContain('1 to 4 decks');
    expect(() => parseDeal(tokens.join(' '), 2)).toThrow(InputError);
  });
});
