// What several commands share: option groups, reading deals, and printing (the deal heading, the summary table and JSON).
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { dealFromNumber, MAX_DEAL_NUMBER, parseDeal, parseDealNumber, type Deck } from '../deal.js';
import { InputError, UsageError } from '../errors.js';
import { dealFromPysolNumber, NUMBERINGS, parsePysolNumber, type Numbering, type PysolNumber } from '../numbering/pysol.js';
import { SAMPLING_FLAG_OPTIONS, SOLVER_LIMIT_OPTIONS, type CommanderOption } from '../limits.js';
import { parseRunOption, runOptionFlags, type RunOptionName } from '../options.js';
import type { PlayerSpec } from '../players/index.js';
import { canonicalRules, DEFAULT_PRESET, findPreset, optionHelp, optionPlaceholder, PRESET_NAMES, resolveRules, RULE_OPTIONS_IN_HELP_ORDER, type RuleField, type RuleSet } from '../rules.js';
import type { SummaryRow } from '../run/csv.js';
import { defaultWorkers } from '../run/pool.js';
import { formatRate, winRate } from '../run/stats.js';
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

/** The rules of a one-preset command; the preset name in flags is set to its own spelling. */
export function rulesFrom(flags: RuleFlags): RuleSet {
  flags.preset = singlePreset(flags.preset);
  return resolveRules(flags.preset, flags);
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
  return command.option('--numbering <kind>', `whose deal numbers --from counts: eaglewing (its own, README "Deal numbers") or pysol (PySolFC's game numbers)`, 'eaglewing');
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

/** A word for a POSIX shell: as it is when that is safe, else in single quotes. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Where a one-deal command's deal came from, and the name its heading gives it. */
export interface ChosenDeal {
  deck: Deck;
  /** eaglewing's deal number, when given one. */
  number?: number;
  /** PySolFC's game number, when given one (--pysol). */
  pysol?: PysolNumber;
  /** "Deal 7", "PySolFC game 12345", or "Deal" for a deal string. */
  label: string;
}

/** The --pysol option of deal, verify and solve. */
export function addPysolOption(command: Command): Command {
  return command.option('--pysol <number>', 'a PySolFC game number (12345, #12345, ms123; README, "PySolFC game numbers"); without --preset, means --preset pysol');
}

/** Without --preset, a PySolFC game number means PySolFC's rules (preset pysol). */
export function pysolPreset(command: Command, flags: RuleFlags & { pysol?: string }): void {
  if (flags.pysol !== undefined && !given(command, 'preset')) flags.preset = 'pysol';
}

/** A deal from a number argument, a --deal string or a --pysol number: exactly one of them. */
export function deckFrom(numberArgument: string | undefined, sources: { deal?: string; pysol?: string }): ChosenDeal {
  const count = [numberArgument, sources.deal, sources.pysol].filter((source) => source !== undefined).length;
  if (count > 1) throw new UsageError('give one deal: a deal number, --deal or --pysol');
  if (sources.deal !== undefined) return { deck: parseDeal(sources.deal), label: 'Deal' };
  if (sources.pysol !== undefined) {
    const pysol = parsePysolNumber(sources.pysol);
    return { deck: dealFromPysolNumber(pysol), pysol, label: `PySolFC game ${pysol.text}` };
  }
  if (numberArgument === undefined) throw new UsageError('give a deal number, --deal "<52 cards>" or --pysol <number>');
  const number = parseDealNumber(numberArgument);
  return { deck: dealFromNumber(number), number, label: `Deal ${number}` };
}

/** Deal strings, one per line (blank lines skipped); every bad line is reported before anything is solved. */
export function readDealsFile(file: string): Deck[] {
  let text: string;
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --deals-file ${quote(file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const decks: Deck[] = [];
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split(/\r?\n/);
  lines.forEach((line, index) => {
    if (asciiTrim(line) === '') return;
    try {
      decks.push(parseDeal(line));
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`${quote(file)} line ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  if (decks.length === 0) throw new InputError(`no deals in --deals-file ${quote(file)}`);
  return decks;
}

export function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && process.env.NO_COLOR === undefined;
}

/** Writes a line to standard output, unless its reader has gone (a closed pipe: see bin/eaglewing.js). */
export function print(text: string): void {
  if (process.stdout.destroyed) return;
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/** "Deal 7  (coops: build=suit-down;…)", with the player when a no-peek player plays it. */
export function dealHeading(deal: ChosenDeal, preset: string | undefined, rules: RuleSet, player?: string): string {
  return `${deal.label}  (${preset ?? DEFAULT_PRESET}: ${canonicalRules(rules)})${player === undefined ? '' : `, player ${player}`}\n`;
}

export function summaryJson(summary: SummaryRow[]) {
  return summary.map((group) => {
    const rate = winRate(group);
    return { preset: group.preset, rules: group.rules, player: group.player, deals: rate.deals, won: rate.won, lost: rate.lost, unknown: rate.unknown, winRate: rate.winRate, ci95: rate.ci95 === null ? null : [rate.ci95.low, rate.ci95.high], unknownAsLost: rate.unknownAsLost, unknownAsWon: rate.unknownAsWon };
  });
}

export function summaryTable(summary: SummaryRow[], label: (group: SummaryRow) => string = () => ''): string {
  if (summary.length === 0) return 'no deals';
  return summary.map((group) => `${label(group)}${group.preset.padEnd(8)} ${group.player.padEnd(10)} won ${group.won}, lost ${group.lost}, unknown ${group.unknown}: ${formatRate(winRate(group))}`).join('\n');
}

/** Prints a summary as JSON or as the table. */
export function printSummary(summary: SummaryRow[], json: boolean | undefined, label?: (group: SummaryRow) => string): void {
  print(json ? JSON.stringify(summaryJson(summary)) : summaryTable(summary, label));
}
