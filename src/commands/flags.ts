// Option groups several commands share (rules, players, limits, numbering, runs), and refusing options that do nothing.
import type { Command } from 'commander';
import { MAX_DEAL_NUMBER } from '../deal.js';
import { InputError, UsageError } from '../errors.js';
import { NUMBERINGS, type Numbering } from '../numbering/pysol.js';
import { SOLVITAIRE_DEFAULT_PRESET } from '../numbering/solvitaire.js';
import { SAMPLING_FLAG_OPTIONS, SOLVER_LIMIT_OPTIONS, type CommanderOption } from '../limits.js';
import { parseRunOption, runOptionFlags, type RunOptionName } from '../options.js';
import type { PlayerSpec } from '../players/index.js';
import { DEFAULT_PRESET, eagleWingShape, findPreset, optionHelp, optionPlaceholder, PRESET_NAMES, resolveRules, RULE_OPTIONS_IN_HELP_ORDER, type RuleField, type RuleOverrides, type RuleSet } from '../rules.js';
import { defaultWorkers } from '../run/pool.js';
import { asciiLower, asciiTrim, quote } from '../text.js';

export type RuleFlags = { preset?: string } & { [F in RuleField]?: string };

export interface PlayerFlags {
  player: string;
  samples?: string;
  sampleNodes?: string;
  sampleSeed?: string;
}

/** --preset and every rule option of the table in rules.ts. */
export function addRuleOptions(command: Command, presetHelp = `rule preset: ${PRESET_NAMES.join(', ')}`): Command {
  command.option('-p, --preset <name>', presetHelp, DEFAULT_PRESET);
  for (const option of RULE_OPTIONS_IN_HELP_ORDER) command.option(`${option.flag} ${optionPlaceholder(option)}`, optionHelp(option));
  return command;
}

/** A shared run option (options.ts) with this command's help and default. */
export function addRunOption(command: Command, name: RunOptionName, help: string, fallback?: string): Command {
  return command.option(runOptionFlags(name), help, fallback);
}

export function addPlayerOptions(command: Command, playerHelp: string): Command {
  command.option('--player <name>', playerHelp, 'thoughtful');
  return addOptionRows(command, SAMPLING_FLAG_OPTIONS);
}

/** The solver's limits, from their table in limits.ts. */
export function addLimitOptions(command: Command): Command {
  return addOptionRows(command, SOLVER_LIMIT_OPTIONS);
}

function addOptionRows(command: Command, options: readonly CommanderOption[]): Command {
  for (const option of options) command.option(option.flags, option.help, option.fallback);
  return command;
}

/** A one-preset command's preset, in its own spelling, and the rules it and the rule options make. */
export interface ChosenRules {
  preset: string;
  rules: RuleSet;
}

/**
 * The rules of a one-preset command. Without --preset, PySolFC's game numbers (--pysol, or `numbering`
 * pysol) mean PySolFC's rules, preset pysol; Solvitaire's seeds (--solvitaire, or `numbering`
 * solvitaire) its canfield, preset sv-canfield; otherwise the default preset.
 */
export function rulesFrom(command: Command, flags: RuleFlags & { pysol?: string; solvitaire?: string }, numbering: Numbering = flags.pysol !== undefined ? 'pysol' : flags.solvitaire !== undefined ? 'solvitaire' : 'eaglewing'): ChosenRules {
  const preset = singlePreset(presetFor(command, flags, numbering));
  return { preset, rules: playableRules(preset, flags) };
}

/**
 * The rules of a preset and its overrides, refused (exit 2) where they are bad (rules.ts: among them more
 * than eight wings with one deck). A fixed base is played: deal numbers place its cards and deal strings
 * are checked for them (deal.ts, RULES §10.9).
 */
export function playableRules(preset: string, flags: RuleOverrides): RuleSet {
  return resolveRules(preset, flags);
}

/**
 * `strict,COOPS,strict` -> ['strict', 'coops'] (sim and sweep take several presets): any case, each
 * preset once, every name checked; an empty list is refused.
 */
export function presetList(text: string | undefined): string[] {
  const names = (text ?? DEFAULT_PRESET).split(',').map(asciiTrim).filter(Boolean);
  if (names.length === 0) throw new InputError('--preset needs at least one preset name');
  const presets: string[] = [];
  for (const name of names) {
    const preset = findPreset(name);
    if (!preset) resolveRules(name);
    if (preset && !presets.includes(preset.name)) presets.push(preset.name);
  }
  return presets;
}

/**
 * `--preset strict coops`: the shell splits it in two, and commander takes `coops` as the deal number
 * or an extra argument, which says nothing about the real mistake. Refused before parsing with the
 * form that works. `words` are the command line after the program's name.
 */
export function refuseSpacedPresets(words: readonly string[]): void {
  for (let i = 0; i < words.length; i++) {
    const inline = /^(?:--preset|-p)=(.*)$/.exec(words[i]);
    if (!inline && words[i] !== '--preset' && words[i] !== '-p') continue;
    const value = inline ? inline[1] : words[i + 1];
    const next = words[inline ? i + 1 : i + 2];
    if (value === undefined || next === undefined || next.startsWith('-')) continue;
    const names = next.split(',').map(asciiTrim).filter(Boolean);
    if (names.length === 0 || !names.every((name) => findPreset(name) !== undefined)) continue;
    const several = ['sim', 'sweep'].includes(words[0]) ? '' : ` (${words[0] ?? 'this command'} takes one preset; sim and sweep take several)`;
    throw new UsageError(`${quote(next)} after --preset ${value}: presets are a comma list, --preset ${value},${next}${several}`);
  }
}

/** The one preset of deal, verify and solve, in its own spelling. */
function singlePreset(text: string | undefined): string {
  const presets = presetList(text);
  if (presets.length > 1) throw new InputError(`--preset takes one preset here, got ${quote(text ?? '')}`);
  return presets[0];
}

/** Whether the user gave this option (not its default). */
export function given(command: Command, option: string): boolean {
  const source = command.getOptionValueSource(option);
  return source !== undefined && source !== 'default';
}

/** The presets of sim and sweep; without --preset, a numbering's numbers mean its program's rules, as --pysol and --solvitaire do for one deal. */
export function presetsFrom(command: Command, flags: { preset?: string }, numbering: Numbering): string[] {
  return presetList(presetFor(command, flags, numbering));
}

/** --preset as given, or without it the preset a numbering's numbers mean: pysol for PySolFC's, sv-canfield for Solvitaire's. */
function presetFor(command: Command, flags: { preset?: string }, numbering: Numbering): string | undefined {
  if (given(command, 'preset')) return flags.preset;
  if (numbering === 'pysol') return 'pysol';
  if (numbering === 'solvitaire') return SOLVITAIRE_DEFAULT_PRESET;
  return flags.preset;
}

/** Refuses options that mean nothing in the mode given, rather than dropping them silently. */
export function refuseUnused(command: Command, options: readonly string[], why: string): void {
  const used = options.filter((option) => given(command, option));
  if (used.length > 0) {
    const flags = used.map((option) => command.options.find((entry) => entry.attributeName() === option)?.long ?? option);
    throw new UsageError(`${flags.join(', ')} ${used.length === 1 ? 'does' : 'do'} nothing ${why}`);
  }
}

/** --numbering of sim and sweep. */
export function addNumberingOption(command: Command): Command {
  return command.option('--numbering <kind>', `whose deal numbers --from counts: eaglewing (its own, docs/usage.md "Deal numbers"), pysol (PySolFC's game numbers; without --preset, means --preset pysol) or solvitaire (Solvitaire's --random seeds, sv-* presets only; without --preset, means --preset sv-canfield)`, 'eaglewing');
}

export function parseNumbering(text: string): Numbering {
  const name = asciiLower(asciiTrim(text));
  if (!(NUMBERINGS as readonly string[]).includes(name)) throw new InputError(`--numbering must be one of ${NUMBERINGS.join(', ')}, got ${quote(text)}`);
  return name as Numbering;
}

/** Options that shape only some players: refused with the others. */
export function refuseIgnoredPlayerOptions(command: Command, player: PlayerSpec): void {
  if (player.name !== 'sampling') refuseUnused(command, SAMPLING_FLAG_OPTIONS.map((option) => option.attribute), `for --player ${player.name} (they shape the sampling player)`);
  if (player.name !== 'thoughtful') refuseUnused(command, SOLVER_LIMIT_OPTIONS.map((option) => option.attribute), `for --player ${player.name} (they limit the solver, --player thoughtful)`);
}

/**
 * The sampling player deals the unseen cards again in Eagle Wing's layout (players/sampling.ts): a preset
 * outside Eagle Wing's shape is refused before any work, not met as a bug in the middle of a run.
 */
export function refuseUnplayablePlayer(player: PlayerSpec, preset: string, rules: RuleSet): void {
  if (player.name === 'sampling' && !eagleWingShape(rules)) throw new InputError(`--player sampling plays only Eagle Wing's rules (RULES §4): ${preset} with these options is outside them`);
}

/** --workers, or every core. */
export function workersFrom(text: string | undefined): number {
  return text === undefined ? defaultWorkers() : parseRunOption('workers', text);
}

/** The range --from … --from + --deals - 1, refused when it goes past the last deal number. */
export function dealRange(fromText: string, dealsText: string): { from: number; deals: number } {
  const deals = parseRunOption('deals', dealsText);
  const from = parseRunOption('from', fromText);
  // compared as deals - 1 > MAX - from: the sum itself could round past 2^53 and look in range
  if (deals - 1 > MAX_DEAL_NUMBER - from) throw new InputError(`--from ${from} plus --deals ${deals} goes past the last deal number, ${MAX_DEAL_NUMBER}`);
  return { from, deals };
}
