// Deal numbers the solver proved winnable (or lost), found in a fixed order: upward from a number, or shuffled by a seed.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { numberedDeck } from '../numbering/numbered.js';
import type { Numbering } from '../numbering/pysol.js';
import type { RuleSet } from '../rules.js';
import { Solver, type SolverOptions } from '../solver/solver.js';

export interface PickSpec {
  rules: RuleSet;
  solver: SolverOptions;
  numbering: Numbering;
  /** With numbering pysol: the PySolFC game whose deals the numbers are (pysolGameFor). */
  pysolGame?: number;
  /** How many numbers to find. */
  count: number;
  /** Find proved-lost deals instead of proved-won ones. */
  lost: boolean;
  /** The range the candidates come from, both ends included. */
  from: number;
  to: number;
  /** Without a seed, candidates go upward from `from`; with one, in a shuffled order of the range that the seed fixes. */
  seed?: number;
  /** Stop after this many candidates in a row were unknown (the limits decide nothing): DEFAULT_UNKNOWN_RUN unless given. */
  unknownRun?: number;
}

/**
 * How many candidates in a row may be unknown before pick stops: past it, the limits (--max-nodes 1, say)
 * decide no deal, and the scan would go on towards 2^53 picking nothing.
 */
export const DEFAULT_UNKNOWN_RUN = 1000;

/** How a pick goes, after each candidate: for a progress line. */
export interface PickProgress {
  scanned: number;
  found: number;
  unknown: number;
  /** The candidate just solved. */
  number: number;
}

export interface Pick {
  /** The numbers found, in the order they were met. */
  numbers: number[];
  /** Candidates solved to find them (unknown ones are passed over, never counted). */
  scanned: number;
  unknown: number;
  /** Set when the scan stopped because `unknownRun` candidates in a row were unknown: why (the solver's reason for the last) and where. */
  stoppedByUnknowns?: { run: number; reason?: string; last: number };
}

/**
 * The candidates in order. A seeded order is a Fisher-Yates shuffle of the range drawn one place at a
 * time (only the places touched are stored), so that no number comes twice and a huge range costs nothing.
 */
export function* candidates(from: number, to: number, seed: number | undefined): Generator<number> {
  if (seed === undefined) {
    for (let number = from; number <= to; number++) yield number;
    return;
  }
  const rng = xoroshiro128plusFromState([seed, ~seed, 0x2545f491, seed ^ 0x9e3779b9]);
  const moved = new Map<number, number>();
  const size = to - from + 1;
  for (let i = 0; i < size; i++) {
    const j = i + uniformInt(rng, 0, size - 1 - i);
    const atJ = moved.get(j) ?? j;
    moved.set(j, moved.get(i) ?? i);
    moved.delete(i);
    yield from + atJ;
  }
}

/** Solves candidates one at a time and stops as soon as `count` are found: no more is solved than needed. */
export function pickDeals(spec: PickSpec, onFound?: (number: number) => void, onProgress?: (progress: PickProgress) => void): Pick {
  const solver = new Solver(spec.solver);
  const wanted = spec.lost ? 'lost' : 'won';
  const pick: Pick = { numbers: [], scanned: 0, unknown: 0 };
  const unknownRun = spec.unknownRun ?? DEFAULT_UNKNOWN_RUN;
  let unknownsInARow = 0;
  for (const number of candidates(spec.from, spec.to, spec.seed)) {
    const result = solver.solve(numberedDeck(spec.numbering, number, spec.rules, spec.pysolGame), spec.rules);
    pick.scanned++;
    unknownsInARow = result.result === 'unknown' ? unknownsInARow + 1 : 0;
    if (result.result === 'unknown') pick.unknown++;
    onProgress?.({ scanned: pick.scanned, found: pick.numbers.length + (result.result === wanted ? 1 : 0), unknown: pick.unknown, number });
    if (unknownsInARow >= unknownRun) {
      pick.stoppedByUnknowns = { run: unknownsInARow, reason: result.unknownReason, last: number };
      break;
    }
    if (result.result === wanted) {
      pick.numbers.push(number);
      onFound?.(number);
      if (pick.numbers.length === spec.count) break;
    }
  }
  return pick;
}
