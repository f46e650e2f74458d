// Solver limits from command-line text, validated with errors that name the option.
import { InputError } from '../errors.js';
import { parseWholeNumber } from '../options.js';
import { DEFAULT_LIMITS, type SolveLimits } from './search.js';

export interface LimitFlags {
  maxNodes?: string;
  timeLimit?: string;
  memory?: string;
  prune?: boolean;
}

export const MEMORY_RANGE = { min: 1, max: 65536 } as const;

/** --max-nodes N (0 = none), --time-limit SECONDS (0 = none), --memory MB, --no-prune. */
export function parseLimits(flags: LimitFlags): SolveLimits {
  const limits: SolveLimits = { ...DEFAULT_LIMITS };
  if (flags.maxNodes !== undefined) limits.maxNodes = parseWholeNumber(flags.maxNodes, '--max-nodes', 0, Number.MAX_SAFE_INTEGER);
  if (flags.timeLimit !== undefined) {
    const seconds = Number(flags.timeLimit);
    if (!/^\d+(\.\d+)?$/.test(flags.timeLimit.trim()) || !Number.isFinite(seconds)) {
      throw new InputError(`--time-limit must be a number of seconds (0 = none), got '${flags.timeLimit}'`);
    }
    limits.timeLimitMs = Math.round(seconds * 1000);
  }
  if (flags.memory !== undefined) limits.memoryMegabytes = parseWholeNumber(flags.memory, '--memory', MEMORY_RANGE.min, MEMORY_RANGE.max);
  if (flags.prune === false) limits.prune = false;
  return limits;
}
