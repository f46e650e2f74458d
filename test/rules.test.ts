// Presets and rule options (RULES §3, §4): the table, canonical strings and validation.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.js';
import { canonicalRules, PRESET_NAMES, resolveRules, validateRules } from '../src/rules.js';

describe('presets (RULES §4)', () => {
  it('are exactly the table', () => {
    expect(PRESET_NAMES).toEqual(['strict', 'coops', 'easy', 'goodsol', 'pysol']);
    expect(resolveRules('strict')).toEqual({ build: 'none', maxWing: 3, wingMoves: 'single', trunkPlay: 'last', spaceFrom: ['waste', 'stock'], redeals: 2, trunk: 13 });
    expect(resolveRules('coops')).toMatchObject({ build: 'suit-down', maxWing: 3, wingMoves: 'single', trunkPlay: 'last', spaceFrom: ['waste', 'stock'] });
    expect(resolveRules('easy')).toMatchObject({ build: 'suit-down', wingMoves: 'whole', trunkPlay: 'last', spaceFrom: ['waste', 'stock'] });
    expect(resolveRules('goodsol')).toMatchObject({ build: 'suit-down', wingMoves: 'group', trunkPlay: 'top', spaceFrom: ['waste', 'stock', 'wings'] });
    expect(resolveRules('pysol')).toMatchObject({ build: 'suit-down', wingMoves: 'single', trunkPlay: 'last-any', spaceFrom: ['waste', 'wings'] });
  });
  it('do not share mutable state', () => {
    resolveRules('goodsol').spaceFrom.pop();
    expect(resolveRules('goodsol').spaceFrom).toEqual(['waste', 'stock', 'wings']);
  });
});

describe('overrides', () => {
  it('apply on top of a preset', () => {
    expect(resolveRules('strict', { redeals: '4' }).redeals).toBe(4);
    expect(resolveRules('coops', { trunk: 0, maxWing: '13', spaceFrom: 'wings,waste' })).toMatchObject({ trunk: 0, maxWing: 13, spaceFrom: ['waste', 'wings'] });
    expect(resolveRules('strict', { spaceFrom: 'none' }).spaceFrom).toEqual([]);
  });
  it.each([
    [{ trunk: '21' }, '--trunk must be a whole number from 0 to 20'],
    [{ trunk: '-1' }, '--trunk must be a whole number from 0 to 20'],
    [{ redeals: '11' }, '--redeals must be a whole number from 0 to 10'],
    [{ maxWing: '0' }, '--max-wing must be a whole number from 1 to 13'],
    [{ maxWing: '2.5' }, '--max-wing must be a whole number from 1 to 13'],
    [{ build: 'up' }, '--build must be one of none, suit-down'],
    [{ wingMoves: 'all' }, '--wing-moves must be one of single, whole, group'],
    [{ trunkPlay: 'any' }, '--trunk-play must be one of last, last-any, top'],
    [{ spaceFrom: 'waste,foundation' }, "--space-from takes a list of waste, stock, wings (or none), got 'foundation'"],
  ])('%o is rejected naming the option', (overrides, message) => {
    expect(validateRules('strict', overrides).error).toContain(message);
    expect(() => resolveRules('strict', overrides)).toThrow(InputError);
  });
  it('an unknown preset names the choices', () => {
    expect(() => resolveRules('klondike')).toThrow("unknown preset 'klondike' (choose from strict, coops, easy, goodsol, pysol)");
  });
  it('the canonical string is the same however the rules were reached', () => {
    expect(canonicalRules(resolveRules('strict', { build: 'suit-down' }))).toBe(canonicalRules(resolveRules('coops')));
    expect(canonicalRules(resolveRules('strict'))).not.toBe(canonicalRules(resolveRules('coops')));
  });
});
