// Player names and settings as the command line gives them, and the player they make.
import { asciiLower, asciiTrim, quote } from '../text.js';
import { InputError } from '../errors.js';
import { parseSamplingSettings, solverOptionsText, type SamplingFlags, type SamplingSettings } from '../limits.js';
import { DEFAULT_SOLVER_OPTIONS, type SolverOptions } from '../solver/solver.js';
import { GreedyPlayer } from './greedy.js';
import type { Player } from './observation.js';
import { SamplingPlayer, samplingSettingsText } from './sampling.js';

export const PLAYER_NAMES = ['thoughtful', 'greedy', 'sampling'] as const;
export type PlayerName = (typeof PLAYER_NAMES)[number];

export interface PlayerSpec {
  name: PlayerName;
  sampling: SamplingSettings;
}

export function parsePlayerSpec(name: string, flags: SamplingFlags): PlayerSpec {
  const lower = asciiLower(asciiTrim(name));
  if (!(PLAYER_NAMES as readonly string[]).includes(lower)) throw new InputError(`--player must be one of ${PLAYER_NAMES.join(', ')}, got ${quote(name)}`);
  return { name: lower as PlayerName, sampling: parseSamplingSettings(flags) };
}

/** The no-peek player for a spec (thoughtful is the solver, not a Player). */
export function makePlayer(spec: PlayerSpec): Player {
  if (spec.name === 'greedy') return new GreedyPlayer();
  if (spec.name === 'sampling') return new SamplingPlayer(spec.sampling);
  throw new Error(`${spec.name} is not a no-peek player`);
}

/** The `player` column: the name, then the settings that shape its play (for the solver, limits other than the defaults). */
export function playerLabel(spec: PlayerSpec, solver: SolverOptions = DEFAULT_SOLVER_OPTIONS): string {
  if (spec.name === 'sampling') return `sampling:${samplingSettingsText(spec.sampling)}`;
  const options = spec.name === 'thoughtful' ? solverOptionsText(solver) : '';
  return options === '' ? spec.name : `${spec.name}:${options}`;
}
