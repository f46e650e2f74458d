// The fixtures are whole and well formed: the hand-checked rule cases, PySolFC's deals, Solvitaire's verdicts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeal, parseDeal } from '../src/deal.js';
import { CASES_FILE, FIXTURES, ROOT, loadCases, rulesFromArgs } from './helpers.js';

describe('test/fixtures', () => {
  it('holds the hand-checked rule cases, every line well formed: a kind, an outcome of its kind, rules that resolve, a deal of 52 cards', () => {
    const cases = loadCases();
    // counted from the file's text, not through the loader under test
    const caseLines = readFileSync(CASES_FILE, 'utf8').split('\n').filter((line) => /^(solve|verify)\|/.test(line));
    expect(cases).toHaveLength(caseLines.length);
    expect(cases.filter((entry) => entry.kind === 'solve').length).toBeGreaterThan(10);
    expect(cases.filter((entry) => entry.kind === 'verify').length).toBeGreaterThan(20);
    for (const entry of cases) {
      const where = `rules-cases.txt line ${entry.line}`;
      expect(entry.expected, where).toMatch(entry.kind === 'solve' ? /^(won|lost)$/ : /^(ok|incomplete|bad \d+)$/);
      expect(() => rulesFromArgs(entry.options), where).not.toThrow();
      expect(formatDeal(parseDeal(entry.deal)), where).toBe(entry.deal.trim().split(/\s+/).join(' '));
    }
  });
  it('holds PySolFC\'s deals (one row per game number, each a valid deal with a verdict) and Solvitaire\'s 200 seeds of each Canfield', () => {
    const pysol = readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
    expect(new Set(pysol.map((row) => row[0])).size).toBe(pysol.length);
    for (const [number, deal, verdict] of pysol) {
      expect(() => parseDeal(deal), `game ${number}`).not.toThrow();
      expect(verdict, `game ${number}`).toMatch(/^(won|lost)$/);
    }
    const solvitaire = readFileSync(join(FIXTURES, 'solvitaire-canfield.csv'), 'utf8').trim().split('\n');
    expect(solvitaire[0]).toBe('game,seed,verdict,solvitaire_ms,states');
    for (const game of ['canfield', 'canfield-strict']) {
      const seeds = solvitaire.slice(1).map((line) => line.split(',')).filter((row) => row[0] === game);
      expect(seeds.map((row) => Number(row[1])).sort((a, b) => a - b), game).toEqual(Array.from({ length: 200 }, (_, seed) => seed));
      for (const row of seeds) expect(row[2], `${game} seed ${row[1]}`).toMatch(/^(won|lost|unknown)$/);
    }
  });
});

describe('results/pysolfc-eaglewing-winnable.txt', () => {
  it('lists every PySolFC fixture game of 1–31999 whose verdict is won, and none whose verdict is lost', () => {
    const listed = new Set(readFileSync(join(ROOT, 'results', 'pysolfc-eaglewing-winnable.txt'), 'utf8').trim().split('\n').map(Number));
    const rows = readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
    const classic = rows.filter(([number]) => /^\d+$/.test(number) && Number(number) <= 31999);
    expect(classic.length).toBeGreaterThan(100);
    for (const [number, , verdict] of classic) expect(listed.has(Number(number)), `game ${number} (${verdict})`).toBe(verdict === 'won');
    expect([...listed].every((number, i, all) => Number.isInteger(number) && number >= 1 && number <= 31999 && (i === 0 || number > all[i - 1]))).toBe(true);
  });
});
