// PySolFC game numbers: every row of PySolFC's own deals (test/fixtures/pysolfc-deals.tsv) reproduced, and its verdict.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeal } from '../src/deal.js';
import { InputError } from '../src/errors.js';
import { dealFromPysolNumber, parsePysolNumber } from '../src/numbering/pysol.js';
import { resolveRules } from '../src/rules.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';
import { FIXTURES } from './helpers.js';

const ROWS = readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [number, deal, verdict] = line.split('\t');
    return { number, deal, verdict };
  });

describe('PySolFC game numbers', () => {
  it('the fixture covers every generator and seed range', () => {
    expect(ROWS).toHaveLength(228);
    expect(ROWS.some((row) => row.number.startsWith('ms') && BigInt(row.number.slice(2)) >= 2n ** 32n)).toBe(true);
    expect(ROWS.some((row) => !row.number.startsWith('ms') && BigInt(row.number) >= 10n ** 19n)).toBe(true);
  });
  it.each(ROWS.map((row) => [row.number, row] as const))('%s: the same deal as PySolFC', (_, row) => {
    expect(formatDeal(dealFromPysolNumber(parsePysolNumber(row.number)))).toBe(row.deal);
  });
  it('every verdict matches under pysol, and every win replays through the verifier', () => {
    const rules = resolveRules('pysol');
    const solver = new Solver();
    let won = 0;
    for (const row of ROWS) {
      const deck = dealFromPysolNumber(parsePysolNumber(row.number));
      const result = solver.solve(deck, rules);
      expect(result.result, row.number).toBe(row.verdict);
      if (result.result === 'won') {
        won++;
        expect(verify(deck, rules, result.moves).status, row.number).toBe('ok');
      }
    }
    expect(won).toBeGreaterThan(100);
  });
  it('reads the number as PySolFC shows or accepts it', () => {
    const plain = (text: string) => parsePysolNumber(text).text;
    expect(plain('12345')).toBe('12345');
    expect(plain('#12345')).toBe('12345');
    expect(plain('00000000000000012345')).toBe('12345');
    expect(plain('12,345')).toBe('12345');
    expect(plain('1 234-5_6.7')).toBe('1234567');
    expect(plain('76363725874627961854')).toBe('76363725874627961854');
    expect(plain('ms4294967296')).toBe('ms4294967296');
    expect(parsePysolNumber('31999').generator).toBe('ms');
    expect(parsePysolNumber('32000').generator).toBe('mt');
    // a plain number below 32000 and the same ms number are one deal
    expect(formatDeal(dealFromPysolNumber(parsePysolNumber('123')))).toBe(formatDeal(dealFromPysolNumber(parsePysolNumber('ms123'))));
  });
  it.each(['0', 'ms0', '100000000000000000001', 'ms8589934592', 'abc', '', '12a', '-', 'MS5', '+5', '١٢'])('refuses %j naming the accepted forms', (text) => {
    expect(() => parsePysolNumber(text)).toThrow(InputError);
  });
});
