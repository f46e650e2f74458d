// The independent verifier on the hand-checked cases: every legal, illegal and winning line as the cases say.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/deal.js';
import { parseMoveList } from '../src/notation.js';
import { verify } from '../src/verify.js';
import { loadCases, ROOT, rulesFromArgs } from './helpers.js';

describe('verifier on the hand-checked cases (test/fixtures)', () => {
  const cases = loadCases().filter((entry) => entry.kind === 'verify');
  it('has cases to check', () => expect(cases.length).toBeGreaterThan(20));
  it.each(cases.map((entry) => [entry.line, entry] as const))('case on line %i', (_, entry) => {
    const result = verify(parseDeal(entry.deal), rulesFromArgs(entry.options), parseMoveList(entry.moves));
    if (entry.expected.startsWith('bad')) {
      expect(result.status).toBe('illegal');
      expect(result.moveIndex).toBe(Number(entry.expected.split(' ')[1]));
      expect(result.reason).toMatch(/^move \d+ /);
    } else {
      expect(result.status).toBe(entry.expected);
    }
  });
});

describe('verifier messages', () => {
  it('says why a build is refused', () => {
    const entry = loadCases().find((c) => c.kind === 'verify' && c.moves === 'T T T T XW2')!;
    const result = verify(parseDeal(entry.deal), rulesFromArgs(entry.options), parseMoveList(entry.moves));
    expect(result.reason).toBe('move 5 XW2: 7C cannot go on JC');
  });
});

describe('the verifier is a second opinion', () => {
  it('imports nothing of the engine, the position, the deal layout or the solver (text.ts only formats messages)', () => {
    const text = readFileSync(join(ROOT, 'src', 'verify.ts'), 'utf8');
    const imports = [...text.matchAll(/^import[^;]*?from '([^']+)'/gms)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(0);
    for (const module of imports) {
      expect(module, 'src/verify.ts imports').toMatch(/^\.\/(cards|deal|notation|rules|errors|text)\.js$/);
    }
  });
});
