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
}

export interface Pick {
  /** The numbers found, in the order they were met. */
  numbers: number[];
  /** Candidates solved to find them (unknown ones are passed over, never counted). */
  scanned: number;
  unknown: number;
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
export function pickDeals(spec: PickSpec, onFound?: (number: number) => void): Pick {
  const solver = new Solver(spec.solver);
  const wanted = spec.lost ? 'lost' : 'won';
  const pick: Pick = { numbers: [], scanned: 0, unknown: 0 };
  for (const number of candidates(spec.from, spec.to, spec.seed)) {
    const result = solver.solve(numberedDeck(spec.numbering, number, spec.rules, spec.pysolGame), spec.rules);
    pick.scanned++;
    if (result.result === 'unknown') pick.unknown++;
    if (result.result === wanted) {
      pick.numbers.push(number);
      onFound?.(number);
      if (pick.numbers.length === spec.count) break;
    }
  }
  return pick;
}
