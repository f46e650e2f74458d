// The copied fixtures agree with the hand-checked originals, where those are beside the repository.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeal, parseDeal } from '../src/deal.js';
import { CASES_FILE, FIXTURES, ROOT, loadCases, rulesFromArgs } from './helpers.js';

// The project's shared folder sits beside a working copy, never inside a clone: compare only when it is there.
const SHARED_CASES = join(ROOT, '..', 'shared', 'cases');
const SHARED_PEERS = join(ROOT, '..', 'shared', 'peers');

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
  it.runIf(existsSync(SHARED_CASES))('are byte for byte the hand-checked originals', () => {
    expect(readFileSync(CASES_FILE, 'utf8')).toBe(readFileSync(join(SHARED_CASES, 'rules-cases.txt'), 'utf8'));
    expect(readFileSync(join(FIXTURES, 'rules-cases.md'), 'utf8')).toBe(readFileSync(join(SHARED_CASES, 'README.md'), 'utf8'));
  });
  // peers.md is the repository's own description of those files (it cites RULES.md, not the shared folder's contract), so the data alone are compared
  it.runIf(existsSync(SHARED_PEERS))('hold the peers\' data (PySolFC deals, Solvitaire verdicts) byte for byte as the peers folder has them', () => {
    for (const [copy, original] of [['pysolfc-deals.tsv', 'pysolfc-deals.tsv'], ['solvitaire-canfield.csv', 'solvitaire-canfield.csv']]) {
      expect(readFileSync(join(FIXTURES, copy), 'utf8'), copy).toBe(readFileSync(join(SHARED_PEERS, original), 'utf8'));
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
