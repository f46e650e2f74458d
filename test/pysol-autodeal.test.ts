// The turns PySolFC makes by itself (its autodeal), as the narration marks them, against the turns PySolFC itself made in the recorded playouts of every family game (test/fixtures/pysolfc-family-moves.json).
import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/deal.js';
import { parseMove } from '../src/notation.js';
import { resolveRules } from '../src/rules.js';
import { narrate } from '../src/show/narrate.js';
import { familyPlayouts } from './helpers.js';

const playouts = familyPlayouts();
const presets = [...new Set(playouts.map((playout) => playout.preset))];

describe('PySolFC turns by itself', () => {
  it.each(presets)('%s: the narration marks as PySolFC\'s own exactly the turns PySolFC made by itself', (preset) => {
    const rules = resolveRules(preset);
    let automatic = 0;
    for (const playout of playouts.filter((entry) => entry.preset === preset)) {
      // the whole line, each token flagged by whether PySolFC made it by itself (the fixture's `auto` lists)
      const line: { token: string; byItself: boolean }[] = playout.auto.map((token) => ({ token, byItself: true }));
      for (const step of playout.steps) {
        line.push({ token: step.move, byItself: false });
        for (const token of step.auto ?? []) line.push({ token, byItself: true });
      }
      const steps = narrate(parseDeal(playout.deal), rules, line.map((entry) => parseMove(entry.token)), true);
      expect(steps.map((step) => step.automatic), `${preset} game ${playout.number}`).toEqual(line.map((entry) => entry.byItself));
      automatic += line.filter((entry) => entry.byItself).length;
    }
    expect(automatic).toBeGreaterThan(0);
  });

  it('a PySolFC deal under rules PySolFC does not play (canfield\'s deal, turn 1) has no turn marked as PySolFC\'s', () => {
    const playout = playouts.find((entry) => entry.preset === 'canfield')!;
    const rules = resolveRules('canfield', { turn: '1' });
    const steps = narrate(parseDeal(playout.deal), rules, [parseMove('T')], true);
    expect(steps[0].automatic).toBe(false);
  });
});
