// A merged per-deal file too big for one JavaScript string is written in pieces: the same bytes as csv-stringify makes of the whole table.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealCsvFilePieces, DEAL_COLUMNS, type DealRow } from '../src/run/csv.js';
import { writeWholeFile } from '../src/run/files.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-pieces-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 25,001 rows: three pieces and one row more; some cells need quoting (a comma, a quote) across piece ends
const rows = Array.from({ length: 25_001 }, (_, i) => ({
  deal: i + 1,
  preset: 'coops',
  rules: 'build=suit-down;trunk=13',
  player: 'thoughtful',
  result: i % 4 === 0 ? 'lost' : 'won',
  nodes: i * 7,
  ms: i % 13,
  solutionLength: i % 4 === 0 ? 0 : 2,
  solution: i % 4 === 0 ? '' : 'T(5C) XF(5C)',
  reason: i % 9_999 === 0 ? 'worker failed: a "quoted", comma' : '',
})) as unknown as DealRow[];
const whole = stringify([[...DEAL_COLUMNS], ...rows.map((row) => [row.deal, row.preset, row.rules, row.player, row.result, row.nodes, row.ms, row.solutionLength, row.solution, row.reason])]);

describe('a per-deal file in pieces', () => {
  it('joins to exactly the whole table as csv-stringify writes it', () => {
    const pieces = [...dealCsvFilePieces(rows)];
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(whole);
  });
  it('is written to a file byte for byte, never as one string', () => {
    const file = join(dir, 'all.csv');
    writeWholeFile(file, dealCsvFilePieces(rows));
    expect(readFileSync(file, 'utf8')).toBe(whole);
  });
});
