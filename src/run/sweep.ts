// Sweeps: one option varied over a range, every value run through the same sim machinery, then a CSV and an SVG chart.
import { asciiLower, asciiTrim, quote } from '../text.js';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../errors.js';
import { canonicalRules, resolveRules, ruleOption, type RuleOverrides } from '../rules.js';
import { roundRate, winRate } from './stats.js';
import type { SummaryRow } from './csv.js';
import type { SimJob } from './pool.js';
import type { PlayerSpec } from '../players/index.js';
import { playerLabel } from '../players/index.js';
import type { SolverOptions } from '../solver/solver.js';
import { numberingSuffix, pysolGameFor, type Numbering } from '../numbering/pysol.js';
import { solvitaireGameFor } from '../numbering/solvitaire.js';
import { renderChart, type ChartSeries } from './chart.js';

export const SWEEPABLE = { trunk: 'trunk', redeals: 'redeals', 'max-wing': 'maxWing' } as const;
export type SweepOption = keyof typeof SWEEPABLE;

export interface SweepSpec {
  option: SweepOption;
  values: number[];
}

/** `trunk=0..20`, `redeals=0..5`, `max-wing=1..5` (or a single value `redeals=3`). */
export function parseVary(text: string): SweepSpec {
  const match = /^([a-z-]+)=(\d+)(?:\.\.(\d+))?$/.exec(asciiLower(asciiTrim(text)));
  if (!match || !(match[1] in SWEEPABLE)) {
    throw new InputError(`--vary must be trunk=A..B, redeals=A..B or max-wing=A..B, got ${quote(text)}`);
  }
  const option = match[1] as SweepOption;
  const field = SWEEPABLE[option];
  const low = Number(match[2]);
  const high = match[3] === undefined ? low : Number(match[3]);
  // the option's own bounds; a trunk past one deck's 20 is refused for a preset of one deck when its rules are made (RULES §10.19)
  const min = ruleOption(field).min;
  const max = ruleOption(field).max;
  if (low > high || low < min || high > max) throw new InputError(`--vary ${option} must stay within ${min}..${max} (low to high), got ${quote(text)}`);
  return { option, values: Array.from({ length: high - low + 1 }, (_, i) => low + i) };
}

/** One job per (preset, value); the job's rules carry the value, so rows and summaries tell them apart. */
export function sweepJobs(presets: string[], overrides: RuleOverrides, spec: SweepSpec, player: PlayerSpec, solver: SolverOptions, numbering: Numbering): SimJob[] {
  const jobs: SimJob[] = [];
  for (const preset of presets) {
    for (const value of spec.values) {
      const rules = resolveRules(preset, { ...overrides, [SWEEPABLE[spec.option]]: value });
      const pysolGame = numbering === 'pysol' ? pysolGameFor(preset, rules).id : undefined;
      if (numbering === 'solvitaire') solvitaireGameFor(preset, rules);
      jobs.push({ preset, rules, rulesText: canonicalRules(rules) + numberingSuffix(numbering), player, playerLabel: playerLabel(player, solver), pysolGame });
    }
  }
  return jobs;
}

function valueOf(row: SummaryRow, spec: SweepSpec): number {
  const match = new RegExp(`(?:^|;)${spec.option}=(\\d+)`).exec(row.rules);
  if (!match) throw new Error(`rules '${row.rules}' do not name ${spec.option}`);
  return Number(match[1]);
}

export function sweepCsv(summary: SummaryRow[], spec: SweepSpec): string {
  const header = [spec.option, 'preset', 'rules', 'player', 'deals', 'won', 'lost', 'unknown', 'win_rate', 'ci95_low', 'ci95_high'];
  const rows = summary.map((row) => {
    const rate = winRate(row);
    return [valueOf(row, spec), row.preset, row.rules, row.player, rate.deals, rate.won, rate.lost, rate.unknown, roundRate(rate.winRate), roundRate(rate.ci95?.low ?? null), roundRate(rate.ci95?.high ?? null)];
  });
  return stringify([header, ...rows]);
}

export function sweepChart(summary: SummaryRow[], spec: SweepSpec, deals: number): string {
  const series = new Map<string, ChartSeries>();
  for (const row of summary) {
    const label = `${row.preset}, ${row.player.split(':')[0]}`;
    if (!series.has(label)) series.set(label, { label, points: [] });
    series.get(label)!.points.push({ x: valueOf(row, spec), row });
  }
  const flag = ruleOption(SWEEPABLE[spec.option]).flag.replace(/^--/, '');
  return renderChart(`Eagle Wing win rate against ${flag} (${deals} deals per point)`, flag, [...series.values()]);
}
