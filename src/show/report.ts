// What one solved deal looks like as data: the JSON report of a solve, and the table lines of solve --stats.
import type { Deck } from '../deal.js';
import { formatDeal } from '../deal.js';
import { formatMoveList, type Move } from '../notation.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import type { SolveResult } from '../solver/solver.js';
import type { Rating } from '../rating.js';

export interface SolveReport {
  deal: string;
  rules: string;
  result: SolveResult['result'];
  nodes: number;
  ms: number;
  moves: string;
  unknownReason?: string;
  /** A won solve of one deal: the solution's length as the search found it, and as shown after shortening. */
  foundLength?: number;
  length?: number;
  /** solve --after: how many moves the player gave; the moves then start at that position. */
  after?: number;
  /** solve --rate: critical positions on the solution and the greedy player's result. */
  rating?: Rating;
}

/** What a search found for one deal, from the solver itself or from a worker: the report's fields. */
export interface SearchOutcome {
  result: SolveResult['result'];
  nodes: number;
  ms: number;
  /** The solution, as moves or as RULES §5 text. */
  moves: readonly Move[] | string;
  unknownReason?: string;
}

export function solveReport(deck: Deck, rules: RuleSet, found: SearchOutcome): SolveReport {
  const report: SolveReport = {
    deal: formatDeal(deck),
    rules: canonicalRules(rules),
    result: found.result,
    nodes: found.nodes,
    ms: found.ms,
    moves: typeof found.moves === 'string' ? found.moves : formatMoveList(found.moves),
  };
  if (found.unknownReason) report.unknownReason = found.unknownReason;
  return report;
}

export function statsLines(result: SolveResult): string {
  const lookups = result.tableEntries + result.tableHits;
  return [
    `table: ${result.tableEntries.toLocaleString('en-US')} entries of ${result.tableCapacity.toLocaleString('en-US')} slots (fill ${((100 * result.tableEntries) / result.tableCapacity).toFixed(1)}%), ${result.bytesPerEntry} bytes each`,
    `hits: ${result.tableHits.toLocaleString('en-US')} of ${lookups.toLocaleString('en-US')} look-ups (${lookups === 0 ? 0 : ((100 * result.tableHits) / lookups).toFixed(1)}%)`,
  ].join('\n');
}
