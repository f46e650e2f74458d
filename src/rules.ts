// The rule options (one table: RULES §3), their defaults, the presets of RULES §4, validation and compiled rules.
import { asciiLower, asciiTrim, quote } from './text.js';
import { RANK_COUNT } from './cards.js';
import { InputError, type Validation } from './errors.js';
import { wholeNumberProblem } from './options.js';

/**
 * Every rule option, once, in canonical order (the order of the canonical rules string). The RuleSet
 * type, the CLI flags and their help, validation, the canonical string, the `rules` listing and the
 * renderer all come from this table: a new option is one row here, plus the engine and verifier code
 * that gives it meaning.
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
 */
export const RULE_OPTIONS = [
  { field: 'build', flag: '--build', kind: 'choice', choices: ['none', 'suit-down'], fallback: 'none', section: '3.7', helpOrder: 3, onlyWhenBuilding: false },
  { field: 'maxWing', flag: '--max-wing', kind: 'number', min: 1, max: RANK_COUNT, fallback: 3, section: '3.7', summary: 'most cards on a wing', helpOrder: 2, onlyWhenBuilding: true },
  { field: 'wingMoves', flag: '--wing-moves', kind: 'choice', choices: ['single', 'whole', 'group'], fallback: 'single', section: '3.8', helpOrder: 4, onlyWhenBuilding: true },
  { field: 'trunkPlay', flag: '--trunk-play', kind: 'choice', choices: ['last', 'last-any', 'top'], fallback: 'last', section: '3.4', helpOrder: 5, onlyWhenBuilding: false },
  { field: 'spaceFrom', flag: '--space-from', kind: 'list', choices: ['waste', 'stock', 'wings'], fallback: ['waste', 'stock'], section: '3.5', helpOrder: 6, onlyWhenBuilding: false },
  { field: 'redeals', flag: '--redeals', kind: 'number', min: 0, max: 10, fallback: 2, section: '3.6', summary: 'redeals allowed', helpOrder: 1, onlyWhenBuilding: false },
  { field: 'trunk', flag: '--trunk', kind: 'number', min: 0, max: 20, fallback: 13, section: '2', summary: 'trunk size', helpOrder: 0, onlyWhenBuilding: false },
] as const;

export type RuleOption = (typeof RULE_OPTIONS)[number];
type ValueOf<O> = O extends { kind: 'number' }
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

/** What the flag takes, for the rules listing: `1-13`, `none|suit-down`, `waste,stock,wings|none`. */
export function optionUsage(option: RuleOption): string {
  if (option.kind === 'number') return `${option.min}-${option.max}`;
  if (option.kind === 'choice') return option.choices.join('|');
  return `${option.choices.join(',')}|none`;
}

/** The --help line of the flag. */
export function optionHelp(option: RuleOption): string {
  const where = `(RULES §${option.section})`;
  if (option.kind === 'number') return `${option.summary}, ${option.min}-${option.max} ${where}`;
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

export interface Preset {
  name: string;
  source: string;
  rules: Partial<RuleSet>;
}

/** RULES §4, as partial objects over the table's fallbacks. */
export const PRESETS: readonly Preset[] = [
  { name: 'strict', source: 'Morehead & Mott-Smith, Parlett; the "full rules"', rules: {} },
  { name: 'coops', source: 'Helen L. Coops (1939), the common computer variant', rules: { build: 'suit-down' } },
  { name: 'easy', source: '"Eagle Wing Easy"', rules: { build: 'suit-down', wingMoves: 'whole' } },
  {
    name: 'goodsol',
    source: "Pretty Good Solitaire's Eagle Wing",
    rules: { build: 'suit-down', wingMoves: 'group', trunkPlay: 'top', spaceFrom: ['waste', 'stock', 'wings'] },
  },
  {
    name: 'pysol',
    source: "PySolFC's Eagle Wing",
    rules: { build: 'suit-down', trunkPlay: 'last-any', spaceFrom: ['waste', 'wings'] },
  },
];

export const PRESET_NAMES = PRESETS.map((preset) => preset.name);
export const DEFAULT_PRESET = 'strict';

/** Option overrides as they arrive from a command line: text, or absent. */
export type RuleOverrides = { [F in RuleField]?: string | number };

export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((preset) => preset.name === asciiLower(asciiTrim(name)));
}

/** The value of one option from its text, or undefined after adding a problem that names the flag. */
function parseOption(option: RuleOption, value: string | number, problems: string[]): RuleSet[RuleField] | undefined {
  const text = asciiLower(asciiTrim(String(value)));
  if (option.kind === 'number') {
    const problem = wholeNumberProblem(String(value), option.flag, option.min, option.max);
    if (problem !== undefined) problems.push(problem);
    return problem === undefined ? Number(text) : undefined;
  }
  if (option.kind === 'choice') {
    if ((option.choices as readonly string[]).includes(text)) return text as RuleSet[RuleField];
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

/** One string naming every option, identical for identical rules, whatever preset they came from. */
export function canonicalRules(rules: RuleSet): string {
  return RULE_OPTIONS.map((option) => `${optionName(option)}=${optionText(option, rules)}`).join(';');
}

export function wingsBuild(rules: RuleSet): boolean {
  return rules.build !== 'none';
}

/** RULES §3.4 as a number, for the hot loops (compared as integers, never as strings). */
export const TRUNK_PLAY_TOP = TRUNK_PLAYS.indexOf('top');
/** RULES §3.8 as a number. */
export const WING_MOVES_SINGLE = WING_MOVES.indexOf('single');
export const WING_MOVES_WHOLE = WING_MOVES.indexOf('whole');
export const WING_MOVES_GROUP = WING_MOVES.indexOf('group');

/** A RuleSet as the booleans and numbers the engine and the solver test per position, worked out once. */
export interface CompiledRules {
  readonly rules: RuleSet;
  /** RULES §3.7: cards may be built onto wings. */
  readonly builds: boolean;
  readonly maxWing: number;
  /** WING_MOVES_* */
  readonly wingMoves: number;
  /** TRUNK_PLAY_* */
  readonly trunkPlay: number;
  /** RULES §3.4: the trunk card in play may go onto a wing (wings build, trunk-play top or last-any). */
  readonly trunkBuilds: boolean;
  /** RULES §3.5, one flag per source. */
  readonly spaceFromWaste: boolean;
  readonly spaceFromStock: boolean;
  readonly spaceFromWings: boolean;
  /** Some source may fill a space. */
  readonly spaceFills: boolean;
  readonly redeals: number;
  readonly trunkSize: number;
}

export function compileRules(rules: RuleSet): CompiledRules {
  const builds = wingsBuild(rules);
  return Object.freeze({
    rules,
    builds,
    maxWing: rules.maxWing,
    wingMoves: WING_MOVES.indexOf(rules.wingMoves),
    trunkPlay: TRUNK_PLAYS.indexOf(rules.trunkPlay),
    trunkBuilds: builds && rules.trunkPlay !== 'last',
    spaceFromWaste: rules.spaceFrom.includes('waste'),
    spaceFromStock: rules.spaceFrom.includes('stock'),
    spaceFromWings: rules.spaceFrom.includes('wings'),
    spaceFills: rules.spaceFrom.length > 0,
    redeals: rules.redeals,
    trunkSize: rules.trunk,
  });
}
