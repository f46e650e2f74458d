// eaglewing's winning lines for PySolFC's family games, as PySolFC itself replayed them (test/fixtures/pysolfc-family-solutions.json, scripts/pysolfc/replay_solutions.py).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeal } from '../src/deal.js';
import { parseMove } from '../src/notation.js';
import { familyDealFromPysolNumber, parsePysolNumber, PYSOL_FAMILY } from '../src/numbering/pysol.js';
import { resolveRules } from '../src/rules.js';
import { narrate } from '../src/show/narrate.js';
import { verify } from '../src/verify.js';
import { FIXTURES } from './helpers.js';

interface ReplayedLine {
  game: number;
  preset: string;
  number: string;
  deal: string;
  steps: string[];
  automatic: number[];
  pysolfc: string;
}

const { lines } = JSON.parse(readFileSync(join(FIXTURES, 'pysolfc-family-solutions.json'), 'utf8')) as { lines: ReplayedLine[] };

describe("eaglewing's solutions, played in PySolFC", () => {
  it('PySolFC played every line to a win, for every game of the family that was won', () => {
    expect(lines.filter((line) => line.pysolfc !== 'won').map((line) => `${line.preset} ${line.number}: ${line.pysolfc}`)).toEqual([]);
    const presets = new Set(lines.map((line) => line.preset));
    // Chameleon is seldom won (one of its games 1-40 within 300,000 positions, game 3): every other game has lines, Chameleon may have none
    for (const game of PYSOL_FAMILY.filter((entry) => entry.preset !== 'chameleon')) expect(presets.has(game.preset), game.preset).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(50);
  });

  it.each(lines.map((line) => [line.preset, line.number, line] as const))('%s game %s: the deal is PySolFC\'s, the line wins in the verifier, and the turns marked PySolFC\'s are the narration\'s', (_, __, line) => {
    const deck = familyDealFromPysolNumber(line.game, parsePysolNumber(line.number));
    expect(formatDeal(deck)).toBe(line.deal);
    const rules = resolveRules(line.preset);
    const moves = line.steps.map(parseMove);
    expect(verify(deck, rules, moves).status).toBe('ok');
    // in PySolFC's order the automatic turns come where the waste emptied: the narration of the same moves marks the same ones
    const steps = narrate(deck, rules, moves, true);
    expect(steps.flatMap((step, index) => (step.automatic ? [index] : []))).toEqual(line.automatic);
  });
});
