// Presets and rule options (RULES §3, §4): the table, canonical strings and validation.
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.js';
import { canonicalRules, EAGLE_WING_PRESETS, eagleWingShape, PRESET_NAMES, resolveRules, validateRules, type RuleOverrides } from '../src/rules.js';

describe('presets (RULES §4)', () => {
  it('are exactly the table', () => {
    expect(PRESET_NAMES).toEqual([
      ...['strict', 'coops', 'easy', 'goodsol', 'pysol'],
      ...['canfield', 'superior-canfield', 'rainfall', 'canfield-rush', 'rainbow', 'storehouse', 'chameleon', 'acme', 'casino-canfield'],
      ...['candike', 'mystique', 'munger', 'minerva', 'little-gate', 'gate', 'duke', 'dutchess', 'lafayette', 'beehive'],
      ...['double-canfield', 'triple-canfield', 'quadruple-canfield', 'demon', 'american-toad', 'variegated-canfield', 'the-plot'],
      ...['sv-canfield', 'sv-canfield-strict'],
    ]);
    expect(resolveRules('strict')).toEqual({
      build: 'none',
      maxWing: 3,
      wingMoves: 'single',
      trunkPlay: 'last',
      spaceFrom: ['waste', 'stock'],
      redeals: 2,
      trunk: 13,
      // RULES §10's options at their defaults: Eagle Wing's shape
      wings: 8,
      trunkFace: 'down',
      trunkFill: 'auto',
      spaceBlock: 'no',
      wrap: 'round',
      base: 'dealt',
      turn: '1',
      spaceRank: 'any',
      wingDeal: 'up',
      baseCards: 'foundations',
      trunks: 1,
      foundationBack: 'no',
      spaceWaste: 'any-time',
      foundations: 'up',
      decks: 1,
    });
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
    [{ trunk: '-1' }, '--trunk must be a whole number from 0 to 40'],
    [{ trunk: '40' }, '--trunk must be a whole number from 0 to 20 with one deck, got 40 (up to 40 with --decks 2 to 4)'],
    [{ trunk: '41', decks: '2' }, '--trunk must be a whole number from 0 to 40'],
    [{ decks: '5' }, '--decks must be a whole number from 1 to 4'],
    [{ decks: '2', trunkPlay: 'top', trunks: '2', trunk: '12' }, '--decks 2 takes one trunk, --wing-deal up, a dealt or fixed base whose cards start the foundations'],
    [{ decks: '3', foundations: 'up-down', base: 'A', baseCards: 'shuffled' }, '--decks 3 takes one trunk'],
    [{ redeals: '11' }, '--redeals must be a whole number from 0 to 10'],
    [{ maxWing: '0' }, '--max-wing must be a whole number from 1 to 13'],
    [{ maxWing: '2.5' }, '--max-wing must be a whole number from 1 to 13'],
    [{ build: 'up' }, '--build must be one of none, suit-down'],
    [{ wingMoves: 'all' }, '--wing-moves must be one of single, whole, group'],
    [{ trunkPlay: 'any' }, '--trunk-play must be one of last, last-any, top'],
    [{ spaceFrom: 'waste,foundation' }, "--space-from takes a list of trunk, waste, stock, wings, foundations (or none), got 'foundation'"],
    [{ redeals: 'many' }, "--redeals must be a whole number from 0 to 10 or unlimited, got 'many'"],
    [{ maxWing: 'all' }, "--max-wing must be a whole number from 1 to 13 or none, got 'all'"],
    [{ wings: '13' }, '--wings must be a whole number from 1 to 12'],
    [{ wings: '0' }, '--wings must be a whole number from 1 to 12'],
    // RULES §10.1: past eight only with several decks
    [{ wings: '9' }, '--wings 9 takes --decks 2 to 4'],
    [{ foundations: 'any-suit-in-turn' }, '--foundations any-suit-in-turn takes --decks 2 to 4'],
    [{ spaceRank: 'base-first' }, '--space-rank base-first takes --foundations any-suit-in-turn'],
    [{ turn: '4' }, '--turn must be one of 1, 2, 3, 3-2-1'],
    [{ base: '1' }, '--base must be one of dealt, A, 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K'],
    [{ wrap: 'corner' }, '--wrap must be one of round, base, none'],
    [{ trunkFace: 'open' }, '--trunk-face must be one of down, up'],
    [{ trunkFill: 'never' }, '--trunk-fill must be one of auto, player, auto-waste'],
    [{ trunks: '5' }, '--trunks must be a whole number from 1 to 4'],
    [{ trunks: '2' }, '--trunks 2 needs a --trunk that splits into 2 equal trunks of at most 7 cards, not 13'],
    [{ trunks: '2', trunk: '12' }, '--trunks 2 takes --trunk-play top, not last'],
    [{ trunkFill: 'auto-waste' }, '--trunk-fill auto-waste takes --trunk-play top, not last'],
    [{ trunkFill: 'auto-waste', trunkPlay: 'top', turn: '3' }, '--trunk-fill auto-waste takes --turn 1, not 3'],
    [{ foundationBack: 'maybe' }, '--foundation-back must be one of no, yes'],
    [{ base: 'chosen' }, '--base chosen takes --base-cards shuffled, not foundations'],
    [{ base: 'chosen', baseCards: 'shuffled', wrap: 'base' }, '--base chosen takes --wrap round or none'],
    [{ base: 'chosen', baseCards: 'shuffled' }, '--base chosen takes --trunk-play top, not last'],
    [{ foundations: 'down' }, '--foundations must be one of up, up-down'],
    [{ foundations: 'up-down' }, '--foundations up-down takes --base A --base-cards shuffled'],
    [{ build: 'equal-rank' }, '--build equal-rank takes --foundations four-of-a-rank'],
    [{ foundations: 'four-of-a-rank' }, '--foundations four-of-a-rank takes --build equal-rank, not none'],
    [{ foundations: 'four-of-a-rank', build: 'equal-rank' }, '--foundations four-of-a-rank takes --base A --base-cards shuffled'],
    [{ spaceWaste: 'never' }, '--space-waste must be one of any-time, trunk-empty'],
    [{ spaceBlock: 'true' }, '--space-block must be one of no, yes'],
    [{ spaceRank: 'king' }, '--space-rank must be one of any, A, 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K'],
    [{ baseCards: 'shuffled' }, '--base-cards shuffled needs a fixed --base (A to K): a dealt base card is one card'],
    [{ wingDeal: 'down-up', wingMoves: 'single-or-whole' }, '--wing-deal down-up takes --wing-moves group or single, not single-or-whole'],
    [{ wingDeal: 'down-up', wingMoves: 'group' }, '--wing-deal down-up takes --max-wing none, not 3'],
    [{ wingDeal: 'down-up', wingMoves: 'group', maxWing: 'none' }, '--wing-deal down-up takes at most 7 wings, not 8'],
  ])('%o is rejected naming the option', (overrides, message) => {
    expect(validateRules('strict', overrides).error).toContain(message);
    expect(() => resolveRules('strict', overrides)).toThrow(InputError);
  });
  it('an unknown preset names the choices', () => {
    expect(() => resolveRules('klondike')).toThrow("unknown preset 'klondike' (choose from strict, coops, easy, goodsol, pysol, canfield, superior-canfield");
  });
  it('word values and choices are read in any letter case and kept in the table\'s spelling', () => {
    expect(resolveRules('coops', { maxWing: 'NONE', redeals: 'Unlimited', base: 'k', turn: '3-2-1' })).toMatchObject({ maxWing: 'none', redeals: 'unlimited', base: 'K', turn: '3-2-1' });
  });
  it('the canonical string names RULES §10 options only where they leave their defaults', () => {
    // every rules string written before the Canfield family existed reads and writes the same
    expect(canonicalRules(resolveRules('coops'))).toBe('build=suit-down;max-wing=3;wing-moves=single;trunk-play=last;space-from=waste+stock;redeals=2;trunk=13');
    expect(canonicalRules(resolveRules('coops', { wings: '8', turn: '1' }))).toBe(canonicalRules(resolveRules('coops')));
    expect(canonicalRules(resolveRules('canfield'))).toBe(
      'build=alt-colour-down;max-wing=none;wing-moves=single-or-whole;trunk-play=top;space-from=waste+wings;redeals=unlimited;trunk=13;wings=4;turn=3',
    );
    expect(canonicalRules(resolveRules('storehouse'))).toContain(';wings=4;base=2');
  });
  it("Eagle Wing's shape (eagleWingShape): every Eagle Wing preset, and no preset or option beyond RULES §3", () => {
    expect(EAGLE_WING_PRESETS.every((preset) => eagleWingShape(resolveRules(preset)))).toBe(true);
    expect(PRESET_NAMES.filter((preset) => !eagleWingShape(resolveRules(preset)))).toHaveLength(28);
    // each option a family game sets takes coops out of the shape, alone
    const beyond: RuleOverrides[] = [{ wings: '4' }, { turn: '3' }, { base: 'A' }, { wrap: 'base' }, { trunkFace: 'up' }, { trunkFill: 'player' }];
    beyond.push({ spaceBlock: 'yes' }, { build: 'alt-colour-down' }, { wingMoves: 'sv-partial' }, { maxWing: 'none' }, { redeals: 'unlimited' }, { spaceFrom: 'trunk,waste' });
    beyond.push({ wrap: 'none' }, { spaceRank: 'K' });
    // RULES §10.15-10.16: several trunks, the waste's fill, a foundation's card coming back, a space filled from a foundation
    beyond.push({ trunks: '2', trunk: '12', trunkPlay: 'top' }, { trunkFill: 'auto-waste', trunkPlay: 'top' }, { foundationBack: 'yes' }, { spaceFrom: 'waste,foundations' });
    // RULES §10.17 and §10.3's --space-waste
    beyond.push({ base: 'chosen', baseCards: 'shuffled', trunkPlay: 'top' }, { spaceWaste: 'trunk-empty' });
    // RULES §10.20's trunk that goes only up
    beyond.push({ trunkPlay: 'top-foundation' });
    // RULES §10.14's deals are refused with coops' wing cap: the rule set is made by hand to ask the shape alone
    for (const wingDeal of ['down-up', 'down-up-down-up'] as const) expect(eagleWingShape({ ...resolveRules('coops'), wingDeal }), wingDeal).toBe(false);
    expect(eagleWingShape({ ...resolveRules('coops'), foundations: 'up-down' })).toBe(false);
    for (const override of beyond) expect(eagleWingShape(resolveRules('coops', override)), JSON.stringify(override)).toBe(false);
    for (const override of [{ wings: '8' }, { wingMoves: 'single' }, { build: 'none' }, { redeals: '3' }] as RuleOverrides[]) expect(eagleWingShape(resolveRules('coops', override)), JSON.stringify(override)).toBe(true);
  });
  it('the canonical string is the same however the rules were reached', () => {
    expect(canonicalRules(resolveRules('strict', { build: 'suit-down' }))).toBe(canonicalRules(resolveRules('coops')));
    expect(canonicalRules(resolveRules('strict'))).not.toBe(canonicalRules(resolveRules('coops')));
  });
});
