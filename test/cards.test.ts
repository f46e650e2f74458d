// Cards as small integers (RULES §1): parsing and printing every spelling a user may type.
import { describe, expect, it } from 'vitest';
import { cardRanksAbove, cardBelow, formatCard, NO_CARD, parseCardToken } from '../src/cards.js';

describe('cards (RULES §1)', () => {
  it('parses every spelling of a card', () => {
    expect(formatCard(parseCardToken('5D'))).toBe('5D');
    expect(formatCard(parseCardToken('10h'))).toBe('TH');
    expect(formatCard(parseCardToken('Q♥'))).toBe('QH');
    expect(formatCard(parseCardToken('a♣'))).toBe('AC');
    expect(formatCard(parseCardToken('t♠'))).toBe('TS');
    expect(formatCard(parseCardToken('k♦'))).toBe('KD');
  });
  it('rejects what is not a card', () => {
    for (const token of ['', '1H', '11H', 'ZZ', '5', 'D5', '5DD', '10']) expect(parseCardToken(token)).toBe(NO_CARD);
  });
  it('round-trips all 52 cards', () => {
    for (let card = 0; card < 52; card++) expect(parseCardToken(formatCard(card))).toBe(card);
  });
  it('goes round the corner: K is followed by A, A preceded by K', () => {
    expect(formatCard(cardRanksAbove(parseCardToken('KC'), 1))).toBe('AC');
    expect(formatCard(cardBelow(parseCardToken('AS')))).toBe('KS');
    expect(formatCard(cardBelow(parseCardToken('5S')))).toBe('4S');
  });
});
