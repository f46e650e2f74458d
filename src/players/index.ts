// Player names and settings as the command line gives them, and the player they make.
import { asciiLower, asciiTrim, quote } from '../text.js';
import { InputError } from '../errors.js';
import { parseRunOption } from '../options.js';
import { solverOptionsText } from '../solver/limits.js';
import { DEFAULT_SOLVER_OPTIONS, type SolverOptions } from '../solver/search.js';
import { GreedyPlayer } from './greedy.js';
import type { Player } from './observation.js';
import { DEFAULT_SAMPLING, SamplingPlayer, samplingSettingsText, type SamplingSettings } from './sampling.js';

export const PLAYER_NAMES = ['thoughtful', 'greedy', 'sampling'] as const;
export type PlayerName = (typeof PLAYER_NAMES)[number];

export interface PlayerSpec {
  name: PlayerName;
  sampling: SamplingSettings;
}

export function parsePlayerSpec(name: string, flags: { samples?: string; sampleNodes?: string; sampleSeed?: string }): PlayerSpec {
  const lower = asciiLower(asciiTrim(name));
  if (!(PLAYER_NAMES as readonly string[]).includes(lower)) throw new InputError(`--player must be one of ${PLAYER_NAMES.join(', ')}, got ${quote(name)}`);
  return {
    name: lower as PlayerName,
    sampling: {
      samples: flags.samples === undefined ? DEFAULT_SAMPLING.samples : parseRunOption('samples', flags.samples),
      nodesPerSolve: flags.sampleNodes === undefined ? DEFAULT_SAMPLING.nodesPerSolve : parseRunOption('sampleNodes', flags.sampleNodes),
      seed: flags.sampleSeed === undefined ? DEFAULT_SAMPLING.seed : parseRunOption('sampleSeed', flags.sampleSeed),
    },
  };
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
