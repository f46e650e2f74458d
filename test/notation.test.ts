// Move tokens (RULES §5): parsing and printing, and refusals that name the bad token.
import { describe, expect, it } from 'vitest';
import { NO_CARD, parseCardToken } from '../src/cards.js';
import { InputError } from '../src/errors.js';
import { formatMove, parseMove, parseMoveList, validateMoveList } from '../src/notation.js';

describe('move notation (RULES §5)', () => {
  it.each(['T', 'R', 'W3F', 'XF', 'KF', 'XW2', 'KW6', 'SW5', 'W1W4', '2W1W4', 'W3F(6D)', 'T(9C)', '3W2W7(QH)'])('%s round-trips', (token) => {
    expect(formatMove(parseMove(token))).toBe(token);
  });
  it('reads every part of a token', () => {
    expect(parseMove('2w1w4(qh)')).toEqual({ source: 'W', fromWing: 1, target: 'W', toWing: 4, count: 2, card: parseCardToken('QH') });
    expect(parseMove('XF')).toEqual({ source: 'X', fromWing: 0, target: 'F', toWing: 0, count: 1, card: NO_CARD });
    expect(parseMove('KW6').target).toBe('W');
    expect(parseMove('SW5').toWing).toBe(5);
  });
  it('can leave out the card', () => {
    expect(formatMove(parseMove('W3F(6D)'), false)).toBe('W3F');
  });
  it.each(['', 'Q', 'TF', 'RW1', 'X', 'SF', '1W1W2', '2XF', '2W1F', 'W1F(ZZ)', 'R(2C)', 'W1W', 'XF)'])('%s is malformed', (token) => {
    expect(() => parseMove(token)).toThrow(InputError);
  });
  it('names the place of a malformed token in a list, counting from 1', () => {
    const result = validateMoveList('T XF Q T');
    expect(result.ok).toBe(false);
    expect(result.error).toContain('move 3');
    expect(parseMoveList('T  XF,W1F')).toHaveLength(3);
  });
  it('parses wing numbers the rules do not have, for the verifier to refuse', () => {
    expect(parseMove('W9F').fromWing).toBe(9);
  });
});
