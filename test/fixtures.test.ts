// The copied fixtures agree with the hand-checked originals, where those are beside the repository.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES_FILE, FIXTURES, ROOT, loadCases } from './helpers.js';

// The project's shared folder sits beside a working copy, never inside a clone: compare only when it is there.
const SHARED_CASES = join(ROOT, '..', 'shared', 'cases');
const SHARED_PEERS = join(ROOT, '..', 'shared', 'peers');

describe('test/fixtures', () => {
  it('holds the hand-checked rule cases, solve and verify alike', () => {
    const cases = loadCases();
    expect(cases.filter((entry) => entry.kind === 'solve').length).toBeGreaterThan(0);
    expect(cases.filter((entry) => entry.kind === 'verify').length).toBeGreaterThan(0);
  });
  it.runIf(existsSync(SHARED_CASES))('are byte for byte the hand-checked originals', () => {
    expect(readFileSync(CASES_FILE, 'utf8')).toBe(readFileSync(join(SHARED_CASES, 'rules-cases.txt'), 'utf8'));
    expect(readFileSync(join(FIXTURES, 'rules-cases.md'), 'utf8')).toBe(readFileSync(join(SHARED_CASES, 'README.md'), 'utf8'));
  });
  it.runIf(existsSync(SHARED_PEERS))('hold the peers\' data (PySolFC deals, Solvitaire verdicts) byte for byte as the peers folder has them', () => {
    for (const [copy, original] of [['pysolfc-deals.tsv', 'pysolfc-deals.tsv'], ['solvitaire-canfield.csv', 'solvitaire-canfield.csv'], ['peers.md', 'README.md']]) {
      expect(readFileSync(join(FIXTURES, copy), 'utf8'), copy).toBe(readFileSync(join(SHARED_PEERS, original), 'utf8'));
    }
  });
});
