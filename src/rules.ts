// The rule options (one table: RULES §3), their defaults, the presets of RULES §4, validation and compiled rules.
import { asciiLower, asciiTrim, quote } from './text.js';
import { MAX_DECKS, RANK_COUNT, RANKS } from './cards.js';
import { MAX_TRUNKS, MAX_TRUNK_CARDS, MAX_WINGS, WING_COUNT } from './layout.js';
import { InputError, type Validation } from './errors.js';
import { wholeNumberProblem } from './options.js';
import type { DealShape } from './deal.js';

/**
 * Every rule option, once, in canonical order (the order of the canonical rules string). The RuleSet
 * type, the CLI flags and their help, validation, the canonical string, the `rules` listing and the
 * renderer all come from this table. A new option is one row here, plus: its CompiledRules field and
 * compileRules line (below) where the hot loops test it; eagleWingShape, when the compound-move search
 * cannot play it; the engine (engine.ts) and the verifier (verify.ts), which give it meaning each in
 * its own words; the family search's pruning rules where it touches what they argue (docs/solver.md);
 * the numbering of a program whose game it names (numbering/); and RULES.md's section for it, with
 * its column in the preset tables (test/rules-doc.test.ts reads them).
 *
 * | column          | meaning                                                                      |
 * |-----------------|------------------------------------------------------------------------------|
 * | field           | the RuleSet property                                                         |
 * | flag            | the command-line flag; without its dashes, the name in the canonical string  |
 * | kind            | number (whole, min..max), choice (one of choices), list (any of choices)     |
 * | fallback        | the value when neither preset nor flag sets it                               |
 * | section         | the RULES.md section that defines it                                          |
 * | summary         | what a number counts, for help texts                                         |
 * | helpOrder       | its place among the rule flags in --help                                     |
 * | onlyWhenBuilding| it means something only where wings build (shown as '-' otherwise)           |
 * | word            | a number option's one word value (`none`, `unlimited`): no limit              |
 * | newOption       | added with the Canfield family: left out of the canonical string at its       |
 * |                 | fallback, so every rules string written before it stays the same              |
 */
export const RULE_OPTIONS = [
  { field: 'build', flag: '--build', kind: 'choice', choices: ['none', 'suit-down', 'alt-colour-down', 'any-suit-down', 'equal-rank'], fallback: 'none', section: '3.7', helpOrder: 3, onlyWhenBuilding: false, newOption: false },
  { field: 'maxWing', flag: '--max-wing', kind: 'number', min: 1, max: RANK_COUNT, word: 'none', fallback: 3, section: '3.7', summary: 'most cards on a wing', helpOrder: 2, onlyWhenBuilding: true, newOption: false },
  { field: 'wingMoves', flag: '--wing-moves', kind: 'choice', choices: ['single', 'whole', 'group', 'single-or-whole', 'sv-partial'], fallback: 'single', section: '3.8', helpOrder: 4, onlyWhenBuilding: true, newOption: false },
  { field: 'trunkPlay', flag: '--trunk-play', kind: 'choice', choices: ['last', 'last-any', 'top', 'top-foundation'], fallback: 'last', section: '3.4', helpOrder: 5, onlyWhenBuilding: false, newOption: false },
  { field: 'spaceFrom', flag: '--space-from', kind: 'list', choices: ['trunk', 'waste', 'stock', 'wings', 'foundations'], fallback: ['waste', 'stock'], section: '3.5', helpOrder: 6, onlyWhenBuilding: false, newOption: false },
  { field: 'redeals', flag: '--redeals', kind: 'number', min: 0, max: 10, word: 'unlimited', fallback: 2, section: '3.6', summary: 'redeals allowed', helpOrder: 1, onlyWhenBuilding: false, newOption: false },
  { field: 'trunk', flag: '--trunk', kind: 'number', min: 0, max: 40, fallback: 13, section: '2', summary: 'trunk size (at most 20 with one deck)', helpOrder: 0, onlyWhenBuilding: false, newOption: false },
  { field: 'wings', flag: '--wings', kind: 'number', min: 1, max: MAX_WINGS, fallback: 8, section: '2', summary: 'wings (tableau piles)', helpOrder: 7, onlyWhenBuilding: false, newOption: true },
  { field: 'trunkFace', flag: '--trunk-face', kind: 'choice', choices: ['down', 'up'], fallback: 'down', section: '3.4', helpOrder: 8, onlyWhenBuilding: false, newOption: true },
  { field: 'trunkFill', flag: '--trunk-fill', kind: 'choice', choices: ['auto', 'player', 'auto-waste'], fallback: 'auto', section: '3.3', helpOrder: 9, onlyWhenBuilding: false, newOption: true },
  { field: 'spaceBlock', flag: '--space-block', kind: 'choice', choices: ['no', 'yes'], fallback: 'no', section: '3.5', helpOrder: 10, onlyWhenBuilding: false, newOption: true },
  { field: 'wrap', flag: '--wrap', kind: 'choice', choices: ['round', 'base', 'none'], fallback: 'round', section: '3.7', helpOrder: 11, onlyWhenBuilding: true, newOption: true },
  { field: 'base', flag: '--base', kind: 'choice', choices: ['dealt', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'chosen'], fallback: 'dealt', section: '3.1', helpOrder: 12, onlyWhenBuilding: false, newOption: true },
  { field: 'turn', flag: '--turn', kind: 'choice', choices: ['1', '2', '3', '3-2-1'], fallback: '1', section: '3.6', helpOrder: 13, onlyWhenBuilding: false, newOption: true },
  { field: 'spaceRank', flag: '--space-rank', kind: 'choice', choices: ['any', 'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'base-first'], fallback: 'any', section: '10.3', helpOrder: 14, onlyWhenBuilding: false, newOption: true },
  { field: 'wingDeal', flag: '--wing-deal', kind: 'choice', choices: ['up', 'down-up', 'down-up-down-up'], fallback: 'up', section: '10.14', helpOrder: 15, onlyWhenBuilding: false, newOption: true },
  { field: 'baseCards', flag: '--base-cards', kind: 'choice', choices: ['foundations', 'shuffled'], fallback: 'foundations', section: '10.7', helpOrder: 16, onlyWhenBuilding: false, newOption: true },
  { field: 'trunks', flag: '--trunks', kind: 'number', min: 1, max: MAX_TRUNKS, fallback: 1, section: '10.15', summary: 'trunks the trunk cards are dealt to', helpOrder: 17, onlyWhenBuilding: false, newOption: true },
  { field: 'foundationBack', flag: '--foundation-back', kind: 'choice', choices: ['no', 'yes'], fallback: 'no', section: '10.16', helpOrder: 18, onlyWhenBuilding: true, newOption: true },
  { field: 'spaceWaste', flag: '--space-waste', kind: 'choice', choices: ['any-time', 'trunk-empty'], fallback: 'any-time', section: '10.3', helpOrder: 19, onlyWhenBuilding: false, newOption: true },
  { field: 'foundations', flag: '--foundations', kind: 'choice', choices: ['up', 'up-down', 'four-of-a-rank', 'any-suit-in-turn'], fallback: 'up', section: '10.18', helpOrder: 20, onlyWhenBuilding: false, newOption: true },
  { field: 'decks', flag: '--decks', kind: 'number', min: 1, max: MAX_DECKS, fallback: 1, section: '10.19', summary: 'decks shuffled together', helpOrder: 21, onlyWhenBuilding: false, newOption: true },
] as const;

export type RuleOption = (typeof RULE_OPTIONS)[number];
type ValueOf<O> = O extends { kind: 'number'; word: infer W }
  ? number | W
  : O extends { kind: 'number' }
  ? number
  : O extends { kind: 'choice'; choices: readonly (infer C)[] }
    ? C
    : O extends { kind: 'list'; choices: readonly (infer C)[] }
      ? C[]
      : never;

/** One value for every option of RULES §3. */
export type RuleSet = { -readonly [O in RuleOption as O['field']]: ValueOf<O> };
export type RuleField = RuleOption['field'];
export type Build = RuleSet['build'];
export type WingMoves = RuleSet['wingMoves'];
export type TrunkPlay = RuleSet['trunkPlay'];
export type SpaceSource = RuleSet['spaceFrom'][number];

/** The row of a field. */
export function ruleOption<F extends RuleField>(field: F): Extract<RuleOption, { field: F }> {
  return RULE_OPTIONS.find((option) => option.field === field) as Extract<RuleOption, { field: F }>;
}

/** The option's name in the canonical string and the rules listing: its flag without the dashes. */
export function optionName(option: RuleOption): string {
  return option.flag.slice(2);
}

/** Its value as text in the canonical string (lists joined by '+', an empty list 'none'). */
export function optionText(option: RuleOption, rules: RuleSet): string {
  const value = rules[option.field];
  if (Array.isArray(value)) return value.length > 0 ? value.join('+') : 'none';
  return String(value);
}

/** What the flag takes, for the rules listing: `1-13|none`, `none|suit-down`, `waste,stock,wings|none`. */
export function optionUsage(option: RuleOption): string {
  if (option.kind === 'number') return `${option.min}-${option.max}${'word' in option ? `|${option.word}` : ''}`;
  if (option.kind === 'choice') return option.choices.join('|');
  return `${option.choices.join(',')}|none`;
}

/** The --help line of the flag. */
export function optionHelp(option: RuleOption): string {
  const where = `(RULES §${option.section})`;
  if (option.kind === 'number') return `${option.summary}, ${option.min}-${option.max}${'word' in option ? ` or ${option.word}` : ''} ${where}`;
  if (option.kind === 'choice') return `${option.choices.join(' | ')} ${where}`;
  return `comma list of ${option.choices.join(', ')}, or none ${where}`;
}

/** The value placeholder in --help: <n>, <kind> or <list>. */
export function optionPlaceholder(option: RuleOption): string {
  return option.kind === 'number' ? '<n>' : option.kind === 'choice' ? '<kind>' : '<list>';
}

/** The table in --help order: flags are listed, and problems reported, in this order. */
export const RULE_OPTIONS_IN_HELP_ORDER: readonly RuleOption[] = [...RULE_OPTIONS].sort((a, b) => a.helpOrder - b.helpOrder);

const WING_MOVES = ruleOption('wingMoves').choices;
const TRUNK_PLAYS = ruleOption('trunkPlay').choices;

function fallbackRules(): RuleSet {
  const rules: Record<string, unknown> = {};
  for (const option of RULE_OPTIONS) rules[option.field] = Array.isArray(option.fallback) ? [...option.fallback] : option.fallback;
  return rules as RuleSet;
}

/** The families `eaglewing rules` lists the presets under. */
/** 'Canfield type': the rest of PySolFC's Canfield type (its own bench section, so that the family's signature stays as it was). */
export const PRESET_GROUPS = ['Eagle Wing', 'Canfield family', 'Canfield type', "Solvitaire's readings"] as const;
export type PresetGroup = (typeof PRESET_GROUPS)[number];

export interface Preset {
  name: string;
  group: PresetGroup;
  source: string;
  rules: Partial<RuleSet>;
}

/** What every Canfield-family preset of RULES §10 shares; each row below says how it differs. */
const CANFIELD: Partial<RuleSet> = {
  wings: 4,
  trunkPlay: 'top',
  spaceFrom: ['waste', 'wings'],
  build: 'alt-colour-down',
  wingMoves: 'single-or-whole',
  maxWing: 'none',
};

/**
 * What Gate, Little Gate and Duke share (RULES §10.15-10.16): trunks of cards dealt face up in turn,
 * alternate colours without a corner and any group moving, Aces shuffled in, one-card turns, and a
 * foundation's top card that may come back. Gate's spaces take the fullest trunk's top at once, then the
 * waste's; a space the fill leaves takes a wing's group or a foundation's card.
 */
const GATE: Partial<RuleSet> = {
  wings: 8,
  trunk: 10,
  trunks: 2,
  trunkFace: 'up',
  trunkPlay: 'top',
  trunkFill: 'auto-waste',
  spaceFrom: ['waste', 'wings', 'foundations'],
  build: 'alt-colour-down',
  wrap: 'none',
  wingMoves: 'group',
  maxWing: 'none',
  base: 'A',
  baseCards: 'shuffled',
  turn: '1',
  redeals: 0,
  foundationBack: 'yes',
};

/** What Minerva, Munger and Mystique share (RULES §10.14): wings dealt down, up, down, up, Aces shuffled in, the player fills spaces. */
const MINERVA: Partial<RuleSet> = {
  ...CANFIELD,
  wings: 7,
  wingDeal: 'down-up-down-up',
  trunkFill: 'player',
  spaceFrom: ['trunk', 'waste', 'wings'],
  wrap: 'none',
  wingMoves: 'group',
  base: 'A',
  baseCards: 'shuffled',
  turn: '1',
};

/** RULES §4 and §10, as partial objects over the table's fallbacks. */
export const PRESETS: readonly Preset[] = [
  { name: 'strict', group: 'Eagle Wing', source: 'Morehead & Mott-Smith, Parlett; the "full rules"', rules: {} },
  { name: 'coops', group: 'Eagle Wing', source: 'Helen L. Coops (1939), the common computer variant', rules: { build: 'suit-down' } },
  { name: 'easy', group: 'Eagle Wing', source: '"Eagle Wing Easy"', rules: { build: 'suit-down', wingMoves: 'whole' } },
  {
    name: 'goodsol',
    group: 'Eagle Wing',
    source: "Pretty Good Solitaire's Eagle Wing",
    rules: { build: 'suit-down', wingMoves: 'group', trunkPlay: 'top', spaceFrom: ['waste', 'stock', 'wings'] },
  },
  {
    name: 'pysol',
    group: 'Eagle Wing',
    source: "PySolFC's Eagle Wing (game 112)",
    rules: { build: 'suit-down', trunkPlay: 'last-any', spaceFrom: ['waste', 'wings'] },
  },
  { name: 'canfield', group: 'Canfield family', source: "PySolFC's Canfield (game 105)", rules: { ...CANFIELD, turn: '3', redeals: 'unlimited' } },
  {
    name: 'superior-canfield',
    group: 'Canfield family',
    source: "PySolFC's Superior Canfield (game 101)",
    rules: { ...CANFIELD, trunkFace: 'up', trunkFill: 'player', spaceFrom: ['trunk', 'waste', 'wings'], turn: '3', redeals: 'unlimited' },
  },
  { name: 'rainfall', group: 'Canfield family', source: "PySolFC's Rainfall (game 99)", rules: { ...CANFIELD, turn: '1', redeals: 2 } },
  { name: 'canfield-rush', group: 'Canfield family', source: "PySolFC's Canfield Rush (game 521)", rules: { ...CANFIELD, turn: '3-2-1', redeals: 2 } },
  { name: 'rainbow', group: 'Canfield family', source: "PySolFC's Rainbow (game 108)", rules: { ...CANFIELD, build: 'any-suit-down', turn: '1', redeals: 0 } },
  { name: 'storehouse', group: 'Canfield family', source: "PySolFC's Storehouse (game 100)", rules: { ...CANFIELD, build: 'suit-down', base: '2', turn: '1', redeals: 2 } },
  {
    name: 'chameleon',
    group: 'Canfield family',
    source: "PySolFC's Chameleon (game 43)",
    rules: { ...CANFIELD, wings: 3, trunk: 12, build: 'any-suit-down', turn: '1', redeals: 0 },
  },
  {
    name: 'acme',
    group: 'Canfield family',
    source: "PySolFC's Acme (game 403)",
    rules: { ...CANFIELD, build: 'suit-down', wrap: 'base', wingMoves: 'single', base: 'A', turn: '1', redeals: 1 },
  },
  { name: 'casino-canfield', group: 'Canfield family', source: "PySolFC's Casino Canfield (game 835)", rules: { ...CANFIELD, turn: '1', redeals: 0 } },
  {
    name: 'candike',
    group: 'Canfield type',
    source: "PySolFC's Candike (game 989)",
    rules: { ...CANFIELD, wings: 7, wingDeal: 'down-up', wrap: 'none', wingMoves: 'group', turn: '3', redeals: 'unlimited' },
  },
  { name: 'mystique', group: 'Canfield type', source: "PySolFC's Mystique (game 494)", rules: { ...MINERVA, trunk: 9, redeals: 0 } },
  { name: 'munger', group: 'Canfield type', source: "PySolFC's Munger (game 360)", rules: { ...MINERVA, trunk: 7, spaceRank: 'K', redeals: 0 } },
  { name: 'minerva', group: 'Canfield type', source: "PySolFC's Minerva (game 422)", rules: { ...MINERVA, trunk: 11, spaceRank: 'K', redeals: 1 } },
  { name: 'little-gate', group: 'Canfield type', source: "PySolFC's Little Gate (game 316)", rules: { ...GATE, wings: 4 } },
  { name: 'gate', group: 'Canfield type', source: "PySolFC's Gate (game 315)", rules: GATE },
  {
    name: 'duke',
    group: 'Canfield type',
    source: "PySolFC's Duke (game 413)",
    rules: { ...GATE, wings: 4, trunk: 12, trunks: 4, trunkFill: 'player', spaceFrom: ['trunk', 'waste', 'wings', 'foundations'], redeals: 2 },
  },
  {
    name: 'dutchess',
    group: 'Canfield type',
    source: "PySolFC's Dutchess (game 282, class Glenwood)",
    rules: {
      ...GATE,
      wings: 4,
      trunk: 12,
      trunks: 4,
      trunkFill: 'player',
      spaceFrom: ['trunk', 'waste', 'wings'],
      spaceWaste: 'trunk-empty',
      wrap: 'round',
      wingMoves: 'whole',
      base: 'chosen',
      redeals: 1,
      foundationBack: 'no',
    },
  },
  {
    name: 'lafayette',
    group: 'Canfield type',
    source: "PySolFC's Lafayette (game 642)",
    rules: {
      ...CANFIELD,
      trunkFace: 'up',
      spaceFrom: ['waste', 'wings', 'foundations'],
      spaceRank: '7',
      wrap: 'none',
      wingMoves: 'group',
      base: 'A',
      baseCards: 'shuffled',
      turn: '3',
      redeals: 'unlimited',
      foundationBack: 'yes',
      foundations: 'up-down',
    },
  },
  {
    name: 'beehive',
    group: 'Canfield type',
    source: "PySolFC's Beehive (game 789)",
    rules: { ...CANFIELD, wings: 6, build: 'equal-rank', wingMoves: 'group', base: 'A', baseCards: 'shuffled', turn: '3', redeals: 'unlimited', foundations: 'four-of-a-rank' },
  },
  // RULES §10.19: PySolFC's Canfield-type games of two to four decks, each Canfield's rules but where its class sets another
  { name: 'double-canfield', group: 'Canfield type', source: "PySolFC's Double Canfield (game 106)", rules: { ...CANFIELD, wings: 5, turn: '3', redeals: 'unlimited', decks: 2 } },
  { name: 'triple-canfield', group: 'Canfield type', source: "PySolFC's Triple Canfield (game 396)", rules: { ...CANFIELD, wings: 7, trunk: 26, turn: '3', redeals: 'unlimited', decks: 3 } },
  { name: 'quadruple-canfield', group: 'Canfield type', source: "PySolFC's Quadruple Canfield (game 922)", rules: { ...CANFIELD, wings: 8, trunk: 39, turn: '3', redeals: 'unlimited', decks: 4 } },
  { name: 'demon', group: 'Canfield type', source: "PySolFC's Demon (game 476)", rules: { ...CANFIELD, wings: 8, trunk: 40, wingMoves: 'group', turn: '3', redeals: 'unlimited', decks: 2 } },
  {
    name: 'american-toad',
    group: 'Canfield type',
    source: "PySolFC's American Toad (game 103)",
    rules: { ...CANFIELD, wings: 8, trunk: 20, trunkFace: 'up', build: 'suit-down', turn: '1', redeals: 1, decks: 2 },
  },
  {
    name: 'variegated-canfield',
    group: 'Canfield type',
    source: "PySolFC's Variegated Canfield (game 102)",
    rules: { ...CANFIELD, wings: 5, trunkFace: 'up', wrap: 'none', base: 'A', turn: '3', redeals: 2, decks: 2 },
  },
  {
    name: 'the-plot',
    group: 'Canfield type',
    source: "PySolFC's The Plot (game 896)",
    rules: {
      ...CANFIELD,
      wings: 12,
      build: 'any-suit-down',
      wingMoves: 'single',
      trunkPlay: 'top-foundation',
      trunkFill: 'player',
      spaceFrom: ['waste'],
      spaceRank: 'base-first',
      foundations: 'any-suit-in-turn',
      turn: '1',
      redeals: 0,
      decks: 2,
    },
  },
  {
    name: 'sv-canfield',
    group: "Solvitaire's readings",
    source: "Solvitaire's canfield",
    rules: { ...CANFIELD, wrap: 'base', wingMoves: 'sv-partial', turn: '3', redeals: 'unlimited' },
  },
  {
    name: 'sv-canfield-strict',
    group: "Solvitaire's readings",
    source: "Solvitaire's canfield-strict",
    rules: { ...CANFIELD, spaceFrom: ['waste'], spaceBlock: 'yes', wrap: 'base', wingMoves: 'whole', turn: '3', redeals: 'unlimited' },
  },
];

export const PRESET_NAMES = PRESETS.map((preset) => preset.name);
/** The presets of RULES §4 (Eagle Wing itself). */
export const EAGLE_WING_PRESETS = PRESETS.filter((preset) => preset.group === 'Eagle Wing').map((preset) => preset.name);
export const DEFAULT_PRESET = 'strict';

/** Option overrides as they arrive from a command line: text, or absent. */
export type RuleOverrides = { [F in RuleField]?: string | number };

/** RULES §2: the most cards a trunk of one deck holds (`--trunk` takes more only with §10.19's decks). */
export const ONE_DECK_MAX_TRUNK = 20;

export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((preset) => preset.name === asciiLower(asciiTrim(name)));
}

/** The value of one option from its text, or undefined after adding a problem that names the flag. */
function parseOption(option: RuleOption, value: string | number, problems: string[]): RuleSet[RuleField] | undefined {
  const text = asciiLower(asciiTrim(String(value)));
  if (option.kind === 'number') {
    if ('word' in option && text === option.word) return option.word;
    const problem = wholeNumberProblem(String(value), option.flag, option.min, option.max);
    if (problem !== undefined) problems.push('word' in option ? problem.replace(', got ', ` or ${option.word}, got `) : problem);
    return problem === undefined ? Number(text) : undefined;
  }
  if (option.kind === 'choice') {
    // choices are matched in any letter case (`--base k`) and kept in the table's spelling
    const choice = (option.choices as readonly string[]).find((candidate) => asciiLower(candidate) === text);
    if (choice !== undefined) return choice as RuleSet[RuleField];
    problems.push(`${option.flag} must be one of ${option.choices.join(', ')}, got ${quote(String(value))}`);
    return undefined;
  }
  // a list: `waste,stock` -> ['waste', 'stock'] in canonical order; `none` or empty -> []
  if (text === 'none' || text === '') return [];
  const parts = text.split(/[,+]/).map(asciiTrim);
  const bad = parts.filter((part) => !(option.choices as readonly string[]).includes(part));
  if (bad.length > 0) {
    problems.push(`${option.flag} takes a list of ${option.choices.join(', ')} (or none), got ${quote(bad[0])}`);
    return undefined;
  }
  return option.choices.filter((choice) => parts.includes(choice)) as RuleSet[RuleField];
}

interface Resolution {
  rules?: RuleSet;
  problems: string[];
}

function resolve(presetName: string, overrides: RuleOverrides): Resolution {
  const problems: string[] = [];
  const preset = findPreset(presetName);
  if (!preset) {
    problems.push(`unknown preset ${quote(presetName)} (choose from ${PRESET_NAMES.join(', ')})`);
    return { problems };
  }
  const rules: RuleSet = { ...fallbackRules(), ...preset.rules };
  rules.spaceFrom = [...rules.spaceFrom];
  for (const option of RULE_OPTIONS_IN_HELP_ORDER) {
    const text = overrides[option.field];
    if (text === undefined) continue;
    const value = parseOption(option, text, problems);
    if (value !== undefined) (rules as Record<RuleField, unknown>)[option.field] = value;
  }
  // RULES §2: one deck's trunk holds at most 20 cards (the keys' five bits); RULES §10.19's decks take up to 40
  if (problems.length === 0 && rules.decks === 1 && rules.trunk > ONE_DECK_MAX_TRUNK) problems.push(`--trunk must be a whole number from 0 to ${ONE_DECK_MAX_TRUNK} with one deck, got ${rules.trunk} (up to ${ruleOption('trunk').max} with --decks 2 to ${MAX_DECKS})`);
  // RULES §10.1: one deck's position keeps eight wings; more (up to twelve, The Plot's) only with several decks
  if (problems.length === 0 && rules.decks === 1 && rules.wings > WING_COUNT) problems.push(`--wings ${rules.wings} takes --decks 2 to ${MAX_DECKS}: with one deck eaglewing plays at most ${WING_COUNT} wings`);
  // RULES §10.19: two to four decks as PySolFC's games of them deal and play them: one trunk, a card a wing, foundations up from a base
  if (problems.length === 0 && rules.decks > 1) {
    if (rules.trunks > 1 || rules.wingDeal !== 'up' || rules.base === 'chosen' || !(rules.foundations === 'up' || rules.foundations === 'any-suit-in-turn') || rules.foundationBack !== 'no' || rules.baseCards !== 'foundations') {
      problems.push(`--decks ${rules.decks} takes one trunk, --wing-deal up, a dealt or fixed base whose cards start the foundations, --foundations up or any-suit-in-turn and --foundation-back no`);
    }
  }
  // RULES §10.20: foundations by rank, the first full first, as The Plot deals them: several decks, the dealt base card on the first
  if (problems.length === 0 && rules.foundations === 'any-suit-in-turn' && (rules.decks === 1 || rules.base !== 'dealt')) problems.push(`--foundations any-suit-in-turn takes --decks 2 to ${MAX_DECKS} and --base dealt (the base card starts the first foundation), not --decks ${rules.decks} --base ${rules.base}`);
  if (problems.length === 0 && rules.spaceRank === 'base-first' && rules.foundations !== 'any-suit-in-turn') problems.push(`--space-rank base-first takes --foundations any-suit-in-turn (it waits for the first foundation), not ${rules.foundations}`);
  // RULES §10.7: only a fixed base rank has four cards to deal somewhere
  if (problems.length === 0 && rules.base === 'dealt' && rules.baseCards === 'shuffled') problems.push('--base-cards shuffled needs a fixed --base (A to K): a dealt base card is one card');
  // RULES §10.14: with dealt cards under the runs, a wing is not one run, and "the whole wing" and "cards on a
  // wing" would need a reading of their own; the games that deal so move single cards or groups, uncapped
  if (problems.length === 0 && rules.wingDeal !== 'up' && !(rules.wingMoves === 'group' || rules.wingMoves === 'single')) problems.push(`--wing-deal ${rules.wingDeal} takes --wing-moves group or single, not ${rules.wingMoves}`);
  if (problems.length === 0 && rules.wingDeal !== 'up' && rules.maxWing !== 'none') problems.push(`--wing-deal ${rules.wingDeal} takes --max-wing none, not ${rules.maxWing}`);
  // the position keeps the dealt cards under seven wings' runs (position.ts; PySolFC's games that deal so have seven)
  if (problems.length === 0 && rules.wingDeal !== 'up' && rules.wings > 7) problems.push(`--wing-deal ${rules.wingDeal} takes at most 7 wings, not ${rules.wings}`);
  // RULES §10.15: the trunk's cards split evenly, each trunk playing its top; a trunk holds at most 7 (the position's three bits a trunk)
  if (problems.length === 0 && rules.trunks > 1) {
    if (rules.trunk % rules.trunks !== 0 || rules.trunk / rules.trunks > MAX_TRUNK_CARDS) problems.push(`--trunks ${rules.trunks} needs a --trunk that splits into ${rules.trunks} equal trunks of at most ${MAX_TRUNK_CARDS} cards, not ${rules.trunk}`);
    else if (rules.trunkPlay !== 'top') problems.push(`--trunks ${rules.trunks} takes --trunk-play top, not ${rules.trunkPlay}`);
    else if (rules.wingDeal !== 'up') problems.push(`--trunks ${rules.trunks} takes --wing-deal up, not ${rules.wingDeal}`);
  }
  // RULES §10.3: auto-waste is the trunk's fill and then the waste's, one trunk card a time on top
  if (problems.length === 0 && rules.trunkFill === 'auto-waste' && rules.trunkPlay !== 'top') problems.push(`--trunk-fill auto-waste takes --trunk-play top, not ${rules.trunkPlay}`);
  // the stock's top stands for the waste's when the waste is empty: the card a one-card turn would show
  if (problems.length === 0 && rules.trunkFill === 'auto-waste' && rules.turn !== '1') problems.push(`--trunk-fill auto-waste takes --turn 1, not ${rules.turn}`);
  if (problems.length === 0 && rules.foundationBack === 'yes' && rules.wingDeal !== 'up') problems.push(`--foundation-back yes takes --wing-deal up, not ${rules.wingDeal}`);
  // RULES §10.17: the base the player chooses has no card dealt for it, and building round the corner does not ask it
  if (problems.length === 0 && rules.base === 'chosen') {
    if (rules.baseCards !== 'shuffled') problems.push(`--base chosen takes --base-cards shuffled, not ${rules.baseCards}`);
    else if (rules.wrap === 'base') problems.push('--base chosen takes --wrap round or none: wrap base builds from a base the deal does not give');
    else if (rules.trunkPlay !== 'top') problems.push(`--base chosen takes --trunk-play top, not ${rules.trunkPlay}`);
    else if (rules.trunks === 1 && rules.trunk === 0) problems.push('--base chosen needs a trunk: the base is the first trunk card played up');
  }
  // RULES §10.18: a suit's two foundations start from its Ace and its King, and meet; their heights take the bits of several trunks and a chosen base
  if (problems.length === 0 && rules.foundations === 'up-down') {
    if (rules.base !== 'A' || rules.baseCards !== 'shuffled') problems.push(`--foundations up-down takes --base A --base-cards shuffled (the Aces and Kings start the foundations), not --base ${rules.base} --base-cards ${rules.baseCards}`);
    else if (rules.trunks > 1) problems.push(`--foundations up-down takes one trunk, not --trunks ${rules.trunks}`);
  }
  // RULES §10.18: four of a rank go up together, from a wing that builds them (§10.5 equal-rank), and stay; no foundation card is dealt,
  // and the ranks up take word 8's high half
  if (problems.length === 0 && (rules.foundations === 'four-of-a-rank') !== (rules.build === 'equal-rank')) problems.push(rules.build === 'equal-rank' ? '--build equal-rank takes --foundations four-of-a-rank' : `--foundations four-of-a-rank takes --build equal-rank, not ${rules.build}`);
  if (problems.length === 0 && rules.foundations === 'four-of-a-rank') {
    if (rules.base !== 'A' || rules.baseCards !== 'shuffled') problems.push(`--foundations four-of-a-rank takes --base A --base-cards shuffled (no card is dealt to the foundation), not --base ${rules.base} --base-cards ${rules.baseCards}`);
    else if (rules.trunks > 1) problems.push(`--foundations four-of-a-rank takes one trunk, not --trunks ${rules.trunks}`);
    else if (rules.foundationBack === 'yes') problems.push('--foundations four-of-a-rank takes --foundation-back no: the four stay up');
    else if (rules.wingDeal !== 'up') problems.push(`--foundations four-of-a-rank takes --wing-deal up, not ${rules.wingDeal}`);
  }
  return problems.length > 0 ? { problems } : { rules, problems };
}

/** Lists every problem with a preset name and its overrides. */
export function validateRules(presetName: string, overrides: RuleOverrides = {}): Validation {
  const { problems } = resolve(presetName, overrides);
  return problems.length === 0 ? { ok: true } : { ok: false, error: problems.join('; ') };
}

/** The preset merged with its overrides; throws InputError naming the first bad option. */
export function resolveRules(presetName: string = DEFAULT_PRESET, overrides: RuleOverrides = {}): RuleSet {
  const { rules, problems } = resolve(presetName, overrides);
  if (!rules) throw new InputError(problems[0]);
  return rules;
}

/** Whether the option is at its fallback value (lists compared as sets in table order, as they are kept). */
function atFallback(option: RuleOption, rules: RuleSet): boolean {
  const value = rules[option.field];
  const fallback = option.fallback;
  if (Array.isArray(value) && Array.isArray(fallback)) return value.length === fallback.length && value.every((part, i) => part === fallback[i]);
  return value === fallback;
}

/**
 * One string naming the options, identical for identical rules, whatever preset they came from: every
 * option of RULES §3, then each option of RULES §10 that is not at its fallback (so every string written
 * before those options existed still reads the same rules and is still written the same way).
 */
export function canonicalRules(rules: RuleSet): string {
  return RULE_OPTIONS.filter((option) => !option.newOption || !atFallback(option, rules))
    .map((option) => `${optionName(option)}=${optionText(option, rules)}`)
    .join(';');
}

export function wingsBuild(rules: RuleSet): boolean {
  return rules.build !== 'none';
}

const BUILDS = ruleOption('build').choices;
const BASES = ruleOption('base').choices;

/** RULES §3.4 as a number, for the hot loops (compared as integers, never as strings). */
export const TRUNK_PLAY_TOP = TRUNK_PLAYS.indexOf('top');
/** RULES §3.8 and §10.6 as a number. */
export const WING_MOVES_SINGLE = WING_MOVES.indexOf('single');
export const WING_MOVES_WHOLE = WING_MOVES.indexOf('whole');
const WING_MOVES_SINGLE_OR_WHOLE = WING_MOVES.indexOf('single-or-whole');
export const WING_MOVES_SV_PARTIAL = WING_MOVES.indexOf('sv-partial');

/*
 * Which groups of cards may leave a wing of `height` cards under wing-moves `wingMoves` (a WING_MOVES_*
 * number), the one statement of it for the engine and the solver's generator (the verifier keeps its
 * own on purpose): the top card (single), the whole wing (whole), the top card or the whole wing
 * (single-or-whole), or any group from the top (group, sv-partial; sv-partial's further condition on
 * what a part uncovers is the mover's to ask). Sizes are walked from firstGroupSize up by
 * nextGroupSize while they stay within the wing.
 */

/** Whether a group of `size` cards may leave a wing of `height`. */
export function groupMayLeave(wingMoves: number, size: number, height: number): boolean {
  if (wingMoves === WING_MOVES_SINGLE) return size === 1;
  if (wingMoves === WING_MOVES_WHOLE) return size === height;
  if (wingMoves === WING_MOVES_SINGLE_OR_WHOLE) return size === 1 || size === height;
  return true;
}

/** The smallest group that may leave a wing of `height` (> 0). */
export function firstGroupSize(wingMoves: number, height: number): number {
  return wingMoves === WING_MOVES_WHOLE ? height : 1;
}

/** The next group size after `size` that may leave a wing of `height`; more than `height` when there is none. */
export function nextGroupSize(wingMoves: number, size: number, height: number): number {
  if (wingMoves === WING_MOVES_SINGLE || wingMoves === WING_MOVES_WHOLE) return height + 1;
  if (wingMoves === WING_MOVES_SINGLE_OR_WHOLE) return size < height ? height : height + 1;
  return size + 1;
}
/** RULES §3.7 and §10.5 as a number. */
export const BUILD_NONE = BUILDS.indexOf('none');
export const BUILD_SUIT_DOWN = BUILDS.indexOf('suit-down');
export const BUILD_ALT_COLOUR_DOWN = BUILDS.indexOf('alt-colour-down');
export const BUILD_ANY_SUIT_DOWN = BUILDS.indexOf('any-suit-down');
/** RULES §10.5 `equal-rank`: a card of the same rank, any suit (Beehive). */
export const BUILD_EQUAL_RANK = BUILDS.indexOf('equal-rank');
/** `maxWing none` and `redeals unlimited` as numbers: more cards than a wing can ever hold, more redeals than any game can use. */
export const NO_WING_LIMIT = 52;
export const UNLIMITED_REDEALS = Number.POSITIVE_INFINITY;

/**
 * The base rank of RULES §10.7 as a rank index (A = 0), or -1 for `dealt`. Under `chosen` (§10.17) the
 * deal holds no card for it, as under a fixed base whose cards are shuffled in (which `chosen` takes):
 * the deal's shape reads it as base A; the position says the rank once the player has chosen it.
 */
export function fixedBaseRank(rules: RuleSet): number {
  if (rules.base === 'chosen') return 0;
  return rules.base === 'dealt' ? -1 : BASES.indexOf(rules.base) - 1;
}
/** RULES §10.14: the cards dealt to each wing, bottom first, face up (true) or face down (read once a solve: no text is split). */
const WING_DEAL_FACES: Readonly<Record<RuleSet['wingDeal'], readonly boolean[]>> = {
  up: [true],
  'down-up': [false, true],
  'down-up-down-up': [false, true, false, true],
};
export function wingDealFaces(rules: RuleSet): readonly boolean[] {
  return WING_DEAL_FACES[rules.wingDeal];
}
/** What the rules' deals look like (RULES §10.9): trunk size, wings, cards a wing, fixed base rank or -1, and whether its cards are dealt to the foundations. */
export function dealShape(rules: RuleSet): DealShape {
  return { trunk: rules.trunk, wings: rules.wings, wingCards: wingDealFaces(rules).length, fixedBase: fixedBaseRank(rules), baseShuffled: rules.baseCards === 'shuffled', decks: rules.decks };
}
/** Redeals allowed as a number (UNLIMITED_REDEALS for `unlimited`). */
export function redealLimit(rules: RuleSet): number {
  return rules.redeals === 'unlimited' ? UNLIMITED_REDEALS : rules.redeals;
}
/** Most cards on a wing as a number (NO_WING_LIMIT for `none`). */
export function wingLimit(rules: RuleSet): number {
  return rules.maxWing === 'none' ? NO_WING_LIMIT : rules.maxWing;
}
/** RULES §10.8: cards per turn on pass `pass` (0 = the first pass, before any redeal). */
export function turnSize(rules: RuleSet, pass: number): number {
  if (rules.turn === '3-2-1') return Math.max(1, 3 - pass);
  return Number(rules.turn);
}

/**
 * Whether the rules lie inside Eagle Wing's shape, which the compound-move search plays (RULES §3 only:
 * eight wings, one-card turns, a dealt base, a suit or no building, single, whole or group wing moves,
 * a limited wing and redeal count, the trunk filling every space). Booleans only: compileRules runs
 * once per solve, and a solve may take microseconds.
 */
export function eagleWingShape(rules: RuleSet): boolean {
  return (
    rules.wings === 8 &&
    // RULES §10.19: Eagle Wing's compound-move search reads one deck; several go to the family's search
    rules.decks === 1 &&
    rules.trunkFace === 'down' &&
    rules.trunkFill === 'auto' &&
    rules.trunks === 1 &&
    rules.foundationBack === 'no' &&
    rules.spaceWaste === 'any-time' &&
    rules.foundations === 'up' &&
    rules.trunkPlay !== 'top-foundation' &&
    rules.spaceBlock === 'no' &&
    rules.spaceRank === 'any' &&
    rules.wingDeal === 'up' &&
    rules.wrap === 'round' &&
    rules.base === 'dealt' &&
    rules.turn === '1' &&
    (rules.build === 'none' || rules.build === 'suit-down') &&
    (rules.wingMoves === 'single' || rules.wingMoves === 'whole' || rules.wingMoves === 'group') &&
    rules.maxWing !== 'none' &&
    rules.redeals !== 'unlimited' &&
    !rules.spaceFrom.includes('trunk') &&
    !rules.spaceFrom.includes('foundations')
  );
}

/** A RuleSet as the booleans and numbers the engine and the solver test per position, worked out once. */
export interface CompiledRules {
  /** RULES §3.7: cards may be built onto wings. */
  readonly builds: boolean;
  /** BUILD_* */
  readonly build: number;
  /** RULES §10.5 `wrap round`: K on A, A on 2 (one flag read in the engine's goesOn, which the other two leave as it was). */
  readonly wrapRound: boolean;
  /** RULES §10.5 `wrap base`: nothing goes on a base-rank card. */
  readonly wrapBase: boolean;
  /** RULES §10.5 `wrap none`: natural ranks, nothing goes on an Ace (whatever the base). */
  readonly wrapNone: boolean;
  readonly maxWing: number;
  /** WING_MOVES_* */
  readonly wingMoves: number;
  /** TRUNK_PLAY_* */
  readonly trunkPlay: number;
  /** RULES §3.4: the trunk card in play may go onto a wing (wings build, trunk-play top or last-any). */
  readonly trunkBuilds: boolean;
  /** RULES §3.4, §10.20: the trunk's top card is always in play (trunk-play top or top-foundation). */
  readonly trunkTopInPlay: boolean;
  /** RULES §10.2: every trunk card is seen from the start. */
  readonly trunkFaceUp: boolean;
  /** RULES §10.3: the trunk fills every space by itself (`auto`, `auto-waste`), or only when the player says (`player`). */
  readonly trunkFillsAuto: boolean;
  /** RULES §10.3 `auto-waste`: once every trunk is empty, the waste's top fills the wing a move leaves empty. */
  readonly wasteFillsAuto: boolean;
  /** RULES §10.15: trunks (1: the one trunk of every other game). */
  readonly trunks: number;
  /** RULES §10.16: a foundation's top card may come back onto a wing. */
  readonly foundationBack: boolean;
  /** RULES §10.17: the first card played up from a trunk sets the base rank (the position keeps it). */
  readonly baseChosen: boolean;
  /** RULES §10.3 `--space-waste trunk-empty`: the waste's card goes into a space only once every trunk is empty. */
  readonly spaceWasteTrunkEmpty: boolean;
  /** RULES §10.18: each suit has a second foundation, down from the King, besides the one up from the Ace. */
  readonly upDown: boolean;
  /** RULES §10.18: the four cards of a rank go up together, from a wing, in any order of ranks. */
  readonly fourOfARank: boolean;
  /** RULES §10.20: foundations by rank in any suit, the first full first. */
  readonly rankFoundations: boolean;
  /** RULES §3.5 and §10.3, one flag per source. */
  readonly spaceFromTrunk: boolean;
  readonly spaceFromWaste: boolean;
  readonly spaceFromStock: boolean;
  readonly spaceFromWings: boolean;
  readonly spaceFromFoundations: boolean;
  /** Some source may fill a space. */
  readonly spaceFills: boolean;
  /** RULES §10.4 `spaceBlock yes`. */
  readonly spaceBlock: boolean;
  /** RULES §10.3 `--space-rank`: the rank (0 = A … 12 = K) a card must have to go into a space the player fills, or -1 for any. */
  readonly spaceRank: number;
  /** Redeals allowed (UNLIMITED_REDEALS for `unlimited`). */
  readonly redeals: number;
  /** RULES §10: wings in play, W1 … Wn. */
  readonly wings: number;
  /** RULES §10.7: the fixed base rank, or -1 when the dealt base card sets it. */
  readonly fixedBase: number;
  /** Cards per turn on the first pass, and whether it shrinks pass by pass (`3-2-1`). */
  readonly turn: number;
  readonly turnShrinks: boolean;
  /** RULES §10.14: cards dealt to each wing (1: one face-up card). */
  readonly wingCards: number;
  /** Inside the solver's Eagle Wing shape (eagleWingShape). */
  readonly eagleWing: boolean;
}

export function compileRules(rules: RuleSet): CompiledRules {
  const builds = wingsBuild(rules);
  return Object.freeze({
    builds,
    build: BUILDS.indexOf(rules.build),
    wrapRound: rules.wrap === 'round',
    wrapBase: rules.wrap === 'base',
    wrapNone: rules.wrap === 'none',
    maxWing: wingLimit(rules),
    wingMoves: WING_MOVES.indexOf(rules.wingMoves),
    trunkPlay: TRUNK_PLAYS.indexOf(rules.trunkPlay),
    trunkBuilds: builds && rules.trunkPlay !== 'last' && rules.trunkPlay !== 'top-foundation',
    trunkTopInPlay: rules.trunkPlay === 'top' || rules.trunkPlay === 'top-foundation',
    trunkFaceUp: rules.trunkFace === 'up',
    trunkFillsAuto: rules.trunkFill !== 'player',
    wasteFillsAuto: rules.trunkFill === 'auto-waste',
    trunks: rules.trunks,
    foundationBack: rules.foundationBack === 'yes' && builds,
    baseChosen: rules.base === 'chosen',
    spaceWasteTrunkEmpty: rules.spaceWaste === 'trunk-empty',
    upDown: rules.foundations === 'up-down',
    fourOfARank: rules.foundations === 'four-of-a-rank',
    rankFoundations: rules.foundations === 'any-suit-in-turn',
    spaceFromTrunk: rules.spaceFrom.includes('trunk'),
    spaceFromWaste: rules.spaceFrom.includes('waste'),
    spaceFromStock: rules.spaceFrom.includes('stock'),
    spaceFromWings: rules.spaceFrom.includes('wings'),
    spaceFromFoundations: rules.spaceFrom.includes('foundations'),
    spaceFills: rules.spaceFrom.length > 0,
    spaceBlock: rules.spaceBlock === 'yes',
    // RULES §10.20 base-first: the foundations' own game (engine.ts RankFoundationsGame) asks it; to the rest it is any rank
    spaceRank: rules.spaceRank === 'any' || rules.spaceRank === 'base-first' ? -1 : RANKS.indexOf(rules.spaceRank),
    redeals: redealLimit(rules),
    wings: rules.wings,
    fixedBase: fixedBaseRank(rules),
    turn: turnSize(rules, 0),
    turnShrinks: rules.turn === '3-2-1',
    wingCards: wingDealFaces(rules).length,
    eagleWing: eagleWingShape(rules),
  });
}
