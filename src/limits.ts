// The solver's limits and the sampling player's settings as the command line gives them: one table each, read here at the edge.
import { asciiTrim, quote } from './text.js';
import { InputError } from './errors.js';
import { parseWholeNumber } from './options.js';
import { DEFAULT_SOLVER_OPTIONS, MAX_DEPTH, type SolverOptions, type UnknownReason } from './solver/solver.js';

/** The sampling player's settings (players/sampling.ts), read and checked here with the solver's limits. */
export interface SamplingSettings {
  /** Deals sampled per decision (K). */
  samples: number;
  /** Node limit of each solve; an unknown counts as no win. */
  nodesPerSolve: number;
  seed: number;
}

export const DEFAULT_SAMPLING: Readonly<SamplingSettings> = Object.freeze({ samples: 4, nodesPerSolve: 500, seed: 1 });

/**
 * One option: its flag and placeholder, its help, where its value goes, and how text becomes that value
 * (an InputError names the flag) and the value text again. The defaults are the solver's and the
 * sampling player's own (DEFAULT_SOLVER_OPTIONS, DEFAULT_SAMPLING), shown in the help as `format` writes them.
 */
interface OptionRow<Settings, Field extends keyof Settings, Flags> {
  readonly field: Field;
  /** Commander's name for the flag's value in the parsed flags. */
  readonly attribute: keyof Flags & string;
  readonly flag: string;
  /** '' for a switch (--no-prune), which commander sets to false when given. */
  readonly placeholder: string;
  readonly help: string;
  readonly parse: (text: string) => Settings[Field];
  /** The value as the option's text (the help's default). */
  readonly format: (value: Settings[Field]) => string;
}

/** The limit flags as commander parses them: the text given or defaulted, and false for --no-prune given. */
export interface LimitFlags {
  maxNodes?: string;
  timeLimit?: string;
  memory?: string;
  prune?: boolean;
}

/** The sampling player's flags as commander parses them. */
export interface SamplingFlags {
  samples?: string;
  sampleNodes?: string;
  sampleSeed?: string;
}

interface SolverLimitRow<Field extends keyof SolverOptions> extends OptionRow<SolverOptions, Field, LimitFlags> {
  /** The value in the player column after `thoughtful:`, where it is not the default. */
  readonly column: (value: SolverOptions[Field]) => string;
  /** The unknown this limit gives when it stops a search (none for --no-prune), and the limit's name in the verdict line ("UNKNOWN (node limit reached)"). */
  readonly reason?: UnknownReason;
  readonly limitName?: string;
}

type AnySolverLimitRow = { [F in keyof SolverOptions]: SolverLimitRow<F> }[keyof SolverOptions];
type AnySamplingRow = { [F in keyof SamplingSettings]: OptionRow<SamplingSettings, F, SamplingFlags> }[keyof SamplingSettings];
/** A row of either table, read without its field's own type. */
type LooseRow<S> = OptionRow<S, keyof S, Record<string, unknown>>;

const wholeNumber = (flag: string, min: number, max: number) => (text: string) => parseWholeNumber(text, flag, min, max);

/** Seconds as given (0 = none) -> milliseconds; not rounded: a limit below a millisecond is still a limit, not "none". */
function parseSeconds(text: string): number {
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(asciiTrim(text)) || !Number.isFinite(seconds)) throw new InputError(`--time-limit must be a number of seconds (0 = none), got ${quote(text)}`);
  return seconds * 1000;
}

/** The solver's limits and --no-prune, in help and player-column order. */
export const SOLVER_LIMITS: readonly AnySolverLimitRow[] = [
  {
    field: 'maxNodes',
    attribute: 'maxNodes',
    flag: '--max-nodes',
    placeholder: '<n>',
    help: 'stop with unknown after n positions (0 = no limit)',
    parse: wholeNumber('--max-nodes', 0, Number.MAX_SAFE_INTEGER),
    format: String,
    column: (value) => `max-nodes=${value}`,
    reason: 'max-nodes',
    limitName: 'node limit',
  },
  {
    field: 'timeLimitMs',
    attribute: 'timeLimit',
    flag: '--time-limit',
    placeholder: '<seconds>',
    help: 'stop with unknown after this long (0 = no limit)',
    parse: parseSeconds,
    format: (ms) => String(ms / 1000),
    column: (ms) => `time-limit=${ms / 1000}s`,
    reason: 'time-limit',
    limitName: 'time limit',
  },
  {
    field: 'memoryMegabytes',
    attribute: 'memory',
    flag: '--memory',
    placeholder: '<mb>',
    help: 'transposition-table cap in MB; a full table gives unknown',
    parse: wholeNumber('--memory', 1, 65_536),
    format: String,
    column: (megabytes) => `memory=${megabytes}MB`,
    reason: 'memory',
    limitName: 'memory limit',
  },
  {
    field: 'prune',
    attribute: 'prune',
    flag: '--no-prune',
    placeholder: '',
    help: 'plain search over all legal moves: no dominance rules (forced or pass-by plays, space symmetry, stock resources)',
    parse: () => false,
    format: String,
    column: () => 'no-prune',
  },
];

/** The limit's row whose unknown is `reason` (UnknownReason), if a flag sets that limit. */
function limitRow(reason: string | undefined): SolverLimitRow<keyof SolverOptions> | undefined {
  return reason === undefined ? undefined : (SOLVER_LIMITS as readonly SolverLimitRow<keyof SolverOptions>[]).find((limit) => limit.reason === reason);
}

/** The name of the limit that gave an unknown for `reason` (UnknownReason), as the verdict lines say it: "node limit", not the reason's code "max-nodes". */
export function limitName(reason: string | undefined): string {
  // the cap on the search path is no flag's (limitAdvice)
  if (reason === 'depth') return 'search-path cap';
  return limitRow(reason)?.limitName ?? 'a limit';
}

/** What a user can do about an unknown the solver gave for `reason` (UnknownReason): raise the flag of the limit that stopped it, or know that none will (depth). Undefined for no reason or any other. */
export function limitAdvice(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  // a raised --memory would not help here, so the advice must not send the user to it
  if (reason === 'depth') return `A line of the search reached ${MAX_DEPTH.toLocaleString('en-US')} moves, a cap no flag raises: past it no loss can be proved.`;
  const row = limitRow(reason);
  return row === undefined ? undefined : `Stopped by ${row.flag} before an answer: raise it to let the search go further.`;
}

/** The sampling player's settings, in help order. */
export const SAMPLING_OPTIONS: readonly AnySamplingRow[] = [
  { field: 'samples', attribute: 'samples', flag: '--samples', placeholder: '<k>', help: 'sampling player: deals sampled per decision', parse: wholeNumber('--samples', 1, 1000), format: String },
  { field: 'nodesPerSolve', attribute: 'sampleNodes', flag: '--sample-nodes', placeholder: '<n>', help: 'sampling player: node limit per solve', parse: wholeNumber('--sample-nodes', 1, 100_000_000), format: String },
  { field: 'seed', attribute: 'sampleSeed', flag: '--sample-seed', placeholder: '<s>', help: 'sampling player: seed', parse: wholeNumber('--sample-seed', 0, 2 ** 31 - 1), format: String },
];

/** An option as commander takes it: flags, help and the default text the help shows (none for a switch). */
export interface CommanderOption {
  readonly flags: string;
  readonly help: string;
  readonly fallback?: string;
  /** The name commander gives its value (for options refused in some modes). */
  readonly attribute: string;
}

function commanderOptions<S>(rows: readonly LooseRow<S>[], defaults: Readonly<S>): readonly CommanderOption[] {
  return rows.map((row) =>
    row.placeholder === ''
      ? { flags: row.flag, help: row.help, attribute: row.attribute }
      : { flags: `${row.flag} ${row.placeholder}`, help: row.help, fallback: row.format(defaults[row.field]), attribute: row.attribute },
  );
}

/** --max-nodes, --time-limit, --memory, --no-prune for commander. */
export const SOLVER_LIMIT_OPTIONS = commanderOptions(SOLVER_LIMITS as readonly LooseRow<SolverOptions>[], DEFAULT_SOLVER_OPTIONS);
/** --samples, --sample-nodes, --sample-seed for commander. */
export const SAMPLING_FLAG_OPTIONS = commanderOptions(SAMPLING_OPTIONS as readonly LooseRow<SamplingSettings>[], DEFAULT_SAMPLING);

/** Each row's value from its flag where given (or defaulted by commander), else the default. */
function readRows<S extends object>(rows: readonly LooseRow<S>[], flags: object, defaults: Readonly<S>): S {
  const settings = { ...defaults } as S;
  for (const row of rows) {
    const given = (flags as Record<string, unknown>)[row.attribute];
    if (row.placeholder === '') {
      if (given === false) settings[row.field] = row.parse('');
    } else if (given !== undefined) {
      settings[row.field] = row.parse(String(given));
    }
  }
  return settings;
}

/** --max-nodes N (0 = none), --time-limit SECONDS (0 = none), --memory MB, --no-prune: the solver's options, checked. */
export function parseSolverOptions(flags: LimitFlags): SolverOptions {
  return readRows(SOLVER_LIMITS as readonly LooseRow<SolverOptions>[], flags, DEFAULT_SOLVER_OPTIONS);
}

/** --samples, --sample-nodes, --sample-seed: the sampling player's settings, checked. */
export function parseSamplingSettings(flags: SamplingFlags): SamplingSettings {
  return readRows(SAMPLING_OPTIONS as readonly LooseRow<SamplingSettings>[], flags, DEFAULT_SAMPLING);
}

/**
 * The solver options that differ from the defaults, as the player column shows them after
 * `thoughtful:` ('' when there are none), so that rows made under other limits are never counted
 * or resumed together with these.
 */
export function solverOptionsText(options: SolverOptions): string {
  const parts: string[] = [];
  for (const row of SOLVER_LIMITS as readonly SolverLimitRow<keyof SolverOptions>[]) {
    if (options[row.field] !== DEFAULT_SOLVER_OPTIONS[row.field]) parts.push(row.column(options[row.field]));
  }
  return parts.join(';');
}
