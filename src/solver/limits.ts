// Solver options (limits and --no-prune) from command-line text, validated with errors that name the option.
import { asciiTrim, quote } from '../text.js';
import { InputError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { DEFAULT_SOLVER_OPTIONS, type SolverOptions } from './search.js';

export interface LimitFlags {
  maxNodes?: string;
  timeLimit?: string;
  memory?: string;
  prune?: boolean;
}

/** --max-nodes N (0 = none), --time-limit SECONDS (0 = none), --memory MB, --no-prune. */
export function parseSolverOptions(flags: LimitFlags): SolverOptions {
  const limits: SolverOptions = { ...DEFAULT_SOLVER_OPTIONS };
  if (flags.maxNodes !== undefined) limits.maxNodes = parseRunOption('maxNodes', flags.maxNodes);
  if (flags.timeLimit !== undefined) {
    const seconds = Number(flags.timeLimit);
    if (!/^\d+(\.\d+)?$/.test(asciiTrim(flags.timeLimit)) || !Number.isFinite(seconds)) {
      throw new InputError(`--time-limit must be a number of seconds (0 = none), got ${quote(flags.timeLimit)}`);
    }
    // not rounded: a limit below a millisecond is still a limit, not "none"
    limits.timeLimitMs = seconds * 1000;
  }
  if (flags.memory !== undefined) limits.memoryMegabytes = parseRunOption('memory', flags.memory);
  if (flags.prune === false) limits.prune = false;
  return limits;
}

/**
 * The solver options that differ from the defaults, as the player column shows them after
 * `thoughtful:` ('' when there are none), so that rows made under other limits are never counted
 * or resumed together with these.
 */
export function solverOptionsText(options: SolverOptions): string {
  const parts: string[] = [];
  if (options.maxNodes !== DEFAULT_SOLVER_OPTIONS.maxNodes) parts.push(`max-nodes=${options.maxNodes}`);
  if (options.timeLimitMs !== DEFAULT_SOLVER_OPTIONS.timeLimitMs) parts.push(`time-limit=${options.timeLimitMs / 1000}s`);
  if (options.memoryMegabytes !== DEFAULT_SOLVER_OPTIONS.memoryMegabytes) parts.push(`memory=${options.memoryMegabytes}MB`);
  if (!options.prune) parts.push('no-prune');
  return parts.join(';');
}
