// Win rates with Wilson 95% intervals, and the bounds that count unknowns as lost and as won (RULES §6).
import { plural } from '../text.js';

export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for `successes` out of `trials` at 95%; [0, 1] when there are no trials. */
export function wilson(successes: number, trials: number, z = Z95): Interval {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { low: Math.max(0, centre - margin), high: Math.min(1, centre + margin) };
}

export interface Tally {
  won: number;
  lost: number;
  unknown: number;
}

export interface WinRate {
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  /** won / (won + lost): unknowns count neither way; null when no deal was decided (0 of 0 is no rate). */
  winRate: number | null;
  /** null when no deal was decided. */
  ci95: Interval | null;
  /** won / deals: every unknown taken as lost (null with no deals). */
  unknownAsLost: number | null;
  /** (won + unknown) / deals: every unknown taken as won (null with no deals). */
  unknownAsWon: number | null;
}

export function winRate(tally: Tally): WinRate {
  const decided = tally.won + tally.lost;
  const deals = decided + tally.unknown;
  return {
    deals,
    won: tally.won,
    lost: tally.lost,
    unknown: tally.unknown,
    winRate: decided === 0 ? null : tally.won / decided,
    ci95: decided === 0 ? null : wilson(tally.won, decided),
    unknownAsLost: deals === 0 ? null : tally.won / deals,
    unknownAsWon: deals === 0 ? null : (tally.won + tally.unknown) / deals,
  };
}

/** A rate as the CSVs write it: six decimals, or an empty cell when there is none. */
export function roundRate(value: number | null): number | '' {
  return value === null ? '' : Number(value.toFixed(6));
}

/** "72.3% (95% CI 69.1–75.2%, 1000 deals)"; "no deal decided" when every deal is unknown. */
export function formatRate(rate: WinRate): string {
  const percent = (value: number | null) => (value === null ? '-' : `${(100 * value).toFixed(1)}%`);
  let text =
    rate.winRate === null || rate.ci95 === null
      ? `no deal decided (${plural(rate.deals, 'deal')})`
      : `${percent(rate.winRate)} (95% CI ${percent(rate.ci95.low)}–${percent(rate.ci95.high)}, ${plural(rate.deals, 'deal')})`;
  if (rate.unknown > 0) text += `, ${rate.unknown} unknown: between ${percent(rate.unknownAsLost)} and ${percent(rate.unknownAsWon)}`;
  return text;
}
