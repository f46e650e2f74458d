// The RuleSet (every option of RULES §3), its defaults, the presets of RULES §4 and option validation.
import { InputError, type Validation } from './errors.js';

export type Build = 'none' | 'suit-down';
export type WingMoves = 'single' | 'whole' | 'group';
export type TrunkPlay = 'last' | 'last-any' | 'top';
export type SpaceSource = 'waste' | 'stock' | 'wings';

export interface RuleSet {
  /** RULES §3.7 */
  build: Build;
  /** RULES §3.7: most cards a wing may hold after a build (1–13). */
  maxWing: number;
  /** RULES §3.8 */
  wingMoves: WingMoves;
  /** RULES §3.4 */
  trunkPlay: TrunkPlay;
  /** RULES §3.5: where an empty wing may be filled from once the trunk is empty, in canonical order. */
  spaceFrom: SpaceSource[];
  /** RULES §3.6: how many times the waste may be turned over (0–10). */
  redeals: number;
  /** RULES §2: cards in the trunk (0–20). */
  trunk: number;
}

export const BUILDS: readonly Build[] = ['none', 'suit-down'];
export const WING_MOVES: readonly WingMoves[] = ['single', 'whole', 'group'];
export const TRUNK_PLAYS: readonly TrunkPlay[] = ['last', 'last-any', 'top'];
export const SPACE_SOURCES: readonly SpaceSource[] = ['waste', 'stock', 'wings'];
export const LIMITS = {
  trunk: { min: 0, max: 20 },
  redeals: { min: 0, max: 10 },
  maxWing: { min: 1, max: 13 },
} as const;

export const DEFAULT_RULES: Readonly<RuleSet> = Object.freeze<RuleSet>({
  build: 'none',
  maxWing: 3,
  wingMoves: 'single',
  trunkPlay: 'last',
  spaceFrom: ['waste', 'stock'],
  redeals: 2,
  trunk: 13,
});

export interface Preset {
  name: string;
  source: string;
  rules: Partial<RuleSet>;
}

/** RULES §4, as partial objects over DEFAULT_RULES. */
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
export interface RuleOverrides {
  trunk?: string | number;
  redeals?: string | number;
  maxWing?: string | number;
  build?: string;
  wingMoves?: string;
  trunkPlay?: string;
  spaceFrom?: string;
}

/** The command-line spelling of each option, so that errors name what the user typed. */
export const OPTION_FLAGS: Record<keyof RuleOverrides, string> = {
  trunk: '--trunk',
  redeals: '--redeals',
  maxWing: '--max-wing',
  build: '--build',
  wingMoves: '--wing-moves',
  trunkPlay: '--trunk-play',
  spaceFrom: '--space-from',
};

export function findPreset(name: string): Preset | undefined {
  return PRESETS.find((preset) => preset.name === name.toLowerCase());
}

function parseInteger(value: string | number, field: 'trunk' | 'redeals' | 'maxWing', problems: string[]): number {
  const { min, max } = LIMITS[field];
  const text = String(value).trim();
  const number = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(number) || number < min || number > max) {
    problems.push(`${OPTION_FLAGS[field]} must be a whole number from ${min} to ${max}, got '${value}'`);
    return DEFAULT_RULES[field];
  }
  return number;
}

function parseChoice<T extends string>(value: string, field: keyof RuleOverrides, choices: readonly T[], problems: string[]): T | undefined {
  const text = value.trim().toLowerCase() as T;
  if (!choices.includes(text)) {
    problems.push(`${OPTION_FLAGS[field]} must be one of ${choices.join(', ')}, got '${value}'`);
    return undefined;
  }
  return text;
}

/** `waste,stock` -> ['waste', 'stock'] in canonical order; `none` or empty -> []. */
function parseSpaceFrom(value: string, problems: string[]): SpaceSource[] | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'none' || text === '') return [];
  const parts = text.split(/[,+]/).map((part) => part.trim());
  const bad = parts.filter((part) => !SPACE_SOURCES.includes(part as SpaceSource));
  if (bad.length > 0) {
    problems.push(`${OPTION_FLAGS.spaceFrom} takes a list of ${SPACE_SOURCES.join(', ')} (or none), got '${bad[0]}'`);
    return undefined;
  }
  return SPACE_SOURCES.filter((source) => parts.includes(source));
}

interface Resolution {
  rules?: RuleSet;
  problems: string[];
}

function resolve(presetName: string, overrides: RuleOverrides): Resolution {
  const problems: string[] = [];
  const preset = findPreset(presetName);
  if (!preset) {
    problems.push(`unknown preset '${presetName}' (choose from ${PRESET_NAMES.join(', ')})`);
    return { problems };
  }
  const rules: RuleSet = { ...DEFAULT_RULES, spaceFrom: [...DEFAULT_RULES.spaceFrom], ...preset.rules };
  rules.spaceFrom = [...rules.spaceFrom];
  if (overrides.trunk !== undefined) rules.trunk = parseInteger(overrides.trunk, 'trunk', problems);
  if (overrides.redeals !== undefined) rules.redeals = parseInteger(overrides.redeals, 'redeals', problems);
  if (overrides.maxWing !== undefined) rules.maxWing = parseInteger(overrides.maxWing, 'maxWing', problems);
  if (overrides.build !== undefined) rules.build = parseChoice(overrides.build, 'build', BUILDS, problems) ?? rules.build;
  if (overrides.wingMoves !== undefined)
    rules.wingMoves = parseChoice(overrides.wingMoves, 'wingMoves', WING_MOVES, problems) ?? rules.wingMoves;
  if (overrides.trunkPlay !== undefined)
    rules.trunkPlay = parseChoice(overrides.trunkPlay, 'trunkPlay', TRUNK_PLAYS, problems) ?? rules.trunkPlay;
  if (overrides.spaceFrom !== undefined) rules.spaceFrom = parseSpaceFrom(overrides.spaceFrom, problems) ?? rules.spaceFrom;
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
  return [
    `build=${rules.build}`,
    `max-wing=${rules.maxWing}`,
    `wing-moves=${rules.wingMoves}`,
    `trunk-play=${rules.trunkPlay}`,
    `space-from=${rules.spaceFrom.length > 0 ? rules.spaceFrom.join('+') : 'none'}`,
    `redeals=${rules.redeals}`,
    `trunk=${rules.trunk}`,
  ].join(';');
}

export function wingsBuild(rules: RuleSet): boolean {
  return rules.build !== 'none';
}

/** RULES §3.4 as a number, for the hot loops (compared as integers, never as strings). */
export const TRUNK_PLAY_LAST = 0;
export const TRUNK_PLAY_LAST_ANY = 1;
export const TRUNK_PLAY_TOP = 2;
/** RULES §3.8 as a number. */
export const WING_MOVES_SINGLE = 0;
export const WING_MOVES_WHOLE = 1;
export const WING_MOVES_GROUP = 2;

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
