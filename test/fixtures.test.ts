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
  it.runIf(existsSync(SHARED_PEERS))('hold PySolFC\'s deals byte for byte as its peers folder has them', () => {
    expect(readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8')).toBe(readFileSync(join(SHARED_PEERS, 'pysolfc-deals.tsv'), 'utf8'));
    expect(readFileSync(join(FIXTURES, 'pysolfc-deals.md'), 'utf8')).toBe(readFileSync(join(SHARED_PEERS, 'README.md'), 'utf8'));
  });
});
