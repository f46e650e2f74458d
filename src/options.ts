// Whole numbers from the command line, with one-line errors that name the flag: the one number parser.
import { asciiTrim, quote } from './text.js';
import { InputError } from './errors.js';

/** Why `text` is not a whole number from min to max (naming the flag), or undefined when it is one. */
export function wholeNumberProblem(text: string, flag: string, min: number, max: number): string | undefined {
  const trimmed = asciiTrim(String(text));
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) return `${flag} must be a whole number from ${min} to ${max}, got ${quote(String(text))}`;
  return undefined;
}

export function parseWholeNumber(text: string, flag: string, min: number, max: number): number {
  const problem = wholeNumberProblem(text, flag, min, max);
  if (problem !== undefined) throw new InputError(problem);
  return Number(asciiTrim(String(text)));
}

/**
 * The run options several commands share, each declared once with its flag, placeholder and bounds, so
 * that a bound is the same in every command. A command gives its own help and default where they differ.
 */
export interface RunOption {
  readonly flag: string;
  readonly placeholder: string;
  readonly min: number;
  readonly max: number;
}

export const RUN_OPTIONS = {
  deals: { flag: '--deals', placeholder: '<n>', min: 1, max: 1e12 },
  from: { flag: '--from', placeholder: '<k>', min: 1, max: Number.MAX_SAFE_INTEGER },
  workers: { flag: '--workers', placeholder: '<w>', min: 1, max: 256 },
  chunk: { flag: '--chunk', placeholder: '<c>', min: 1, max: 100_000 },
  count: { flag: '--count', placeholder: '<k>', min: 1, max: 1_000_000 },
  to: { flag: '--to', placeholder: '<n>', min: 1, max: Number.MAX_SAFE_INTEGER },
  seed: { flag: '--seed', placeholder: '<s>', min: 0, max: 2 ** 31 - 1 },
} as const satisfies Record<string, RunOption>;

export type RunOptionName = keyof typeof RUN_OPTIONS;

/** A run option's value from its text, within its declared bounds. */
export function parseRunOption(name: RunOptionName, text: string): number {
  const { flag, min, max } = RUN_OPTIONS[name];
  return parseWholeNumber(text, flag, min, max);
}

/** `--deals <n>` and the like, for commander. */
export function runOptionFlags(name: RunOptionName): string {
  return `${RUN_OPTIONS[name].flag} ${RUN_OPTIONS[name].placeholder}`;
}
