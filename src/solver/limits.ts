// Solver options (limits and --no-prune) from command-line text, validated with errors that name the option.
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
    if (!/^\d+(\.\d+)?$/.test(flags.timeLimit.trim()) || !Number.isFinite(seconds)) {
      throw new InputError(`--time-limit must be a number of seconds (0 = none), got '${flags.timeLimit}'`);
    }
    limits.timeLimitMs = Math.round(seconds * 1000);
  }
  if (flags.memory !== undefined) limits.memoryMegabytes = parseRunOption('memory', flags.memory);
  if (flags.prune === false) limits.prune = false;
  return limits;
}
