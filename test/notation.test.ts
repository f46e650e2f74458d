// Move tokens (RULES §5): parsing, formatting and the messages for malformed tokens and lists.
import { describe, expect, it } from 'vitest';
import { NO_CARD, parseCardToken } from '../src/cards.js';
import { InputError } from '../src/errors.js';
import { formatMove, parseMove, parseMoveList, validateMoveList } from '../src/notation.js';

describe('move notation (RULES §5)', () => {
  it.each(['T', 'R', 'W3F', 'XF', 'KF', 'XW2', 'KW6', 'SW5', 'W1W4', '2W1W4', 'W3F(6D)', 'T(9C)', '3W2W7(QH)', 'K2W3', 'K4F(AS)', 'FW1(5H)', 'W2D(KH)', 'XD', 'FD(7C)', 'FF(8C)', '4W3F(5C)'])('%s round-trips', (token) => {
    expect(formatMove(parseMove(token))).toBe(token);
  });
  it('reads every part of a token', () => {
    expect(parseMove('2w1w4(qh)')).toEqual({ source: 'W', fromWing: 1, fromTrunk: 0, target: 'W', toWing: 4, count: 2, card: parseCardToken('QH') });
    expect(parseMove('XF')).toEqual({ source: 'X', fromWing: 0, fromTrunk: 0, target: 'F', toWing: 0, count: 1, card: NO_CARD });
    // RULES §10.15-10.16: a numbered trunk, and a foundation's card coming back
    expect(parseMove('k3w2')).toEqual({ source: 'K', fromWing: 0, fromTrunk: 3, target: 'W', toWing: 2, count: 1, card: NO_CARD });
    expect(parseMove('FW4(2S)')).toEqual({ source: 'F', fromWing: 0, fromTrunk: 0, target: 'W', toWing: 4, count: 1, card: parseCardToken('2S') });
    expect(parseMove('KW6').target).toBe('W');
    expect(parseMove('SW5').toWing).toBe(5);
  });
  it('can leave out the card', () => {
    expect(formatMove(parseMove('W3F(6D)'), false)).toBe('W3F');
  });
  it.each(['', 'Q', 'TF', 'RW1', 'X', 'SF', '1W1W2', '2XF', '2KF', 'W1F(ZZ)', 'R(2C)', 'W1W', 'XF)', 'FW1', 'FF', 'FD', 'SD(2S)', 'DW1(2S)', 'K0W1', '2FW1(3C)', '2W1D'])('%s is malformed', (token) => {
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
  it('takes any Unicode space between tokens (no-break, ideographic, thin), as text pasted from a page has them', () => {
    for (const space of ['\u00A0', '\u3000', '\u2009', '\u202F', '\u2003']) {
      expect(parseMoveList(`T${space}XF${space}${space}W1F(6D)${space}`).map((move) => formatMove(move)), `U+${space.codePointAt(0)!.toString(16)}`).toEqual(['T', 'XF', 'W1F(6D)']);
    }
    // a zero-width space is no space: it stays in the token, and the message shows it
    expect(validateMoveList('T\u200BXF').error).toContain('\\u{200B}');
  });
  it('quotes a huge wing number or count as typed, never rounded', () => {
    for (const [token, number] of [['W99999999999999999999F', '99999999999999999999'], ['W1W9007199254740993', '9007199254740993'], ['123456789012345678901W1W2', '123456789012345678901']]) {
      const result = validateMoveList(`T ${token}`);
      expect(result.ok).toBe(false);
      expect(result.error).toContain(`'${token}'`);
      expect(result.error).toContain(` ${number}`);
      // the number as a double would have read 100000000000000000000, 9007199254740992, 1.2345678901234568e+20
      expect(result.error).not.toContain(String(Number(number)));
    }
  });
  it('says when the text was not UTF-8 (a UTF-16 file read as UTF-8 leaves U+FFFD)', () => {
    expect(validateMoveList('\uFFFD\uFFFDT XF').error).toContain('UTF-16');
  });
});
