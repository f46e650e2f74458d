// What one solved deal looks like to a user: the JSON object and the numbered human-readable solution.
import type { Deck } from '../deal.js';
import { formatDeal } from '../deal.js';
import { formatMoveList } from '../notation.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import type { SolveResult } from '../solver/search.js';
import { inPysolOrder, stepsJson, type Step } from './narrate.js';

export interface SolveReport {
  deal: string;
  rules: string;
  result: SolveResult['result'];
  nodes: number;
  ms: number;
  moves: string;
  unknownReason?: string;
}

export function solveReport(deck: Deck, rules: RuleSet, result: SolveResult): SolveReport {
  const report: SolveReport = {
    deal: formatDeal(deck),
    rules: canonicalRules(rules),
    result: result.result,
    nodes: result.nodes,
    ms: result.ms,
    moves: formatMoveList(result.moves),
  };
  if (result.unknownReason) report.unknownReason = result.unknownReason;
  return report;
}

/**
 * The JSON of one solved deal: for a won one, `moves` and `steps` list the same tokens in the same
 * order, the order the player makes them (for a game PySolFC plays, its own turns where it makes them).
 * `steps` is narrate()'s output for the solver's moves.
 */
export function solveJson(deck: Deck, rules: RuleSet, result: SolveResult, steps: readonly Step[], pysolDeal: boolean) {
  const report = solveReport(deck, rules, result);
  if (result.result !== 'won') return report;
  const shown = pysolDeal ? inPysolOrder(steps) : steps;
  return { ...report, moves: formatMoveList(shown.map((step) => step.move)), steps: stepsJson(shown, pysolDeal) };
}

export function statsLines(result: SolveResult): string {
  const lookups = result.tableEntries + result.tableHits;
  return [
    `table: ${result.tableEntries.toLocaleString('en-US')} entries of ${result.tableCapacity.toLocaleString('en-US')} slots (fill ${((100 * result.tableEntries) / result.tableCapacity).toFixed(1)}%), ${result.bytesPerEntry} bytes each`,
    `hits: ${result.tableHits.toLocaleString('en-US')} of ${lookups.toLocaleString('en-US')} look-ups (${lookups === 0 ? 0 : ((100 * result.tableHits) / lookups).toFixed(1)}%)`,
  ].join('\n');
}
