// The fixed benchmark: solve a set deal range per preset on one thread; report speed and a node-count signature.
import { cpus } from 'node:os';
import { dealFromNumber } from '../deal.js';
import { EAGLE_WING_PRESETS, resolveRules } from '../rules.js';
import { BYTES_PER_ENTRY } from '../solver/table.js';
import { Solver } from '../solver/search.js';

export type BenchSize = 'full' | 'quick';

/** Deals 1…N per preset. Changing these changes the signature: do it only in a commit that says so. */
export const BENCH_DEALS: Record<BenchSize, Record<string, number>> = {
  full: { strict: 5000, coops: 60, easy: 60, goodsol: 60, pysol: 60 },
  quick: { strict: 300, coops: 10, easy: 10, goodsol: 10, pysol: 10 },
};

export interface BenchRow {
  preset: string;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  nodes: number;
  medianNodes: number;
  meanNodes: number;
  maxNodes: number;
  ms: number;
  dealsPerSecond: number;
  nodesPerSecond: number;
}

export interface BenchResult {
  size: BenchSize;
  machine: string;
  node: string;
  bytesPerEntry: number;
  rows: BenchRow[];
  /** Total nodes over every deal: the same on every run of the same search. */
  signature: number;
}

export function runBench(size: BenchSize, progress: (line: string) => void = () => {}): BenchResult {
  const rows: BenchRow[] = [];
  // Eagle Wing's presets: the signature line is theirs (the Canfield family gets its own section when the solver plays it)
  for (const preset of EAGLE_WING_PRESETS) {
    const rules = resolveRules(preset);
    const solver = new Solver();
    const count = BENCH_DEALS[size][preset];
    const nodes: number[] = [];
    let won = 0;
    let lost = 0;
    let unknown = 0;
    const started = performance.now();
    for (let number = 1; number <= count; number++) {
      const result = solver.solve(dealFromNumber(number), rules);
      nodes.push(result.nodes);
      if (result.result === 'won') won++;
      else if (result.result === 'lost') lost++;
      else unknown++;
    }
    const ms = Math.max(1, performance.now() - started);
    const total = nodes.reduce((sum, value) => sum + value, 0);
    const sorted = [...nodes].sort((a, b) => a - b);
    const row: BenchRow = {
      preset,
      deals: count,
      won,
      lost,
      unknown,
      nodes: total,
      medianNodes: sorted[sorted.length >> 1],
      meanNodes: Math.round(total / count),
      maxNodes: sorted[sorted.length - 1],
      ms: Math.round(ms),
      dealsPerSecond: Math.round((count / ms) * 1000 * 10) / 10,
      nodesPerSecond: Math.round((total / ms) * 1000),
    };
    rows.push(row);
    progress(`${preset}: ${row.deals} deals, ${row.dealsPerSecond} deals/s, ${row.nodesPerSecond} nodes/s`);
  }
  const cpu = cpus();
  return {
    size,
    machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown cpu'}`,
    node: process.version,
    bytesPerEntry: BYTES_PER_ENTRY,
    rows,
    signature: rows.reduce((sum, row) => sum + row.nodes, 0),
  };
}

export function formatBench(result: BenchResult): string {
  const header = ['preset', 'deals', 'won', 'lost', 'unknown', 'median', 'mean', 'max nodes', 'deals/s', 'nodes/s'];
  const body = result.rows.map((row) => [
    row.preset,
    String(row.deals),
    String(row.won),
    String(row.lost),
    String(row.unknown),
    String(row.medianNodes),
    String(row.meanNodes),
    String(row.maxNodes),
    String(row.dealsPerSecond),
    String(row.nodesPerSecond),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [
    `machine: ${result.machine}, node ${result.node}, one thread, ${result.bytesPerEntry} bytes per table entry`,
    line(header),
    ...body.map(line),
    `Bench (${result.size}): ${result.signature}`,
  ].join('\n');
}
