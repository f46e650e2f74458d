// Player names and settings as the command line gives them, and the player they make.
import { InputError } from '../errors.js';
import { parseWholeNumber } from '../options.js';
import { GreedyPlayer } from './greedy.js';
import type { Player } from './observation.js';
import { DEFAULT_SAMPLING, SamplingPlayer, type SamplingSettings } from './sampling.js';

export const PLAYER_NAMES = ['thoughtful', 'greedy', 'sampling'] as const;
export type PlayerName = (typeof PLAYER_NAMES)[number];

export interface PlayerSpec {
  name: PlayerName;
  sampling: SamplingSettings;
}

export function parsePlayerSpec(name: string, flags: { samples?: string; sampleNodes?: string; sampleSeed?: string }): PlayerSpec {
  const lower = name.trim().toLowerCase();
  if (!(PLAYER_NAMES as readonly string[]).includes(lower)) throw new InputError(`--player must be one of ${PLAYER_NAMES.join(', ')}, got '${name}'`);
  const whole = (text: string | undefined, flag: string, min: number, max: number, fallback: number) =>
    text === undefined ? fallback : parseWholeNumber(text, flag, min, max);
  return {
    name: lower as PlayerName,
    sampling: {
      samples: whole(flags.samples, '--samples', 1, 1000, DEFAULT_SAMPLING.samples),
      nodesPerSolve: whole(flags.sampleNodes, '--sample-nodes', 1, 100_000_000, DEFAULT_SAMPLING.nodesPerSolve),
      seed: whole(flags.sampleSeed, '--sample-seed', 0, 2 ** 31 - 1, DEFAULT_SAMPLING.seed),
    },
  };
}

/** The no-peek player for a spec (thoughtful is the solver, not a Player). */
export function makePlayer(spec: PlayerSpec): Player {
  if (spec.name === 'greedy') return new GreedyPlayer();
  if (spec.name === 'sampling') return new SamplingPlayer(spec.sampling);
  throw new Error(`${spec.name} is not a no-peek player`);
}

/** The `player` column: the name, then the settings that shape its play. */
export function playerLabel(spec: PlayerSpec): string {
  if (spec.name === 'sampling') return `sampling:${makePlayer(spec).settings}`;
  return spec.name;
}
