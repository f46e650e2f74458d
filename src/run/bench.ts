// The fixed benchmark: solve a set deal range per preset on one thread; report speed and a node-count signature.
import { cpus } from 'node:os';
import { dealFromNumber } from '../deal.js';
import type { Deck } from '../deal.js';
import { familyDealFromPysolNumber, plainPysolNumber } from '../numbering/pysol.js';
import { EAGLE_WING_PRESETS, PRESETS, resolveRules } from '../rules.js';
import { BYTES_PER_ENTRY } from '../solver/eagle/table.js';
import { Solver } from '../solver/solver.js';

export type BenchSize = 'full' | 'quick';

/** Deals 1…N per preset. Changing these changes the signature: do it only in a commit that says so. */
export const BENCH_DEALS: Record<BenchSize, Record<string, number>> = {
  full: { strict: 5000, coops: 60, easy: 60, goodsol: 60, pysol: 60 },
  quick: { strict: 300, coops: 10, easy: 10, goodsol: 10, pysol: 10 },
};

/**
 * The Canfield family's section: PySolFC's games 1…N of each preset (the sv-* presets deal as its
 * Canfield), each solve stopped at FAMILY_BENCH_NODES so that the bench's time stays bounded; an
 * unknown counts its nodes like any deal. Its own signature line, so that Eagle Wing's stays as it was.
 */
export const FAMILY_BENCH_DEALS: Record<BenchSize, number> = { full: 20, quick: 4 };
export const FAMILY_BENCH_NODES = 100_000;
/**
 * Presets whose solves stop sooner: The Plot's deals (RULES §10.20) are nearly all unknown at any limit the
 * bench can afford, and 20 of them at 100,000 positions took 32 s, as long as the rest of the bench's
 * family sections together; at 20,000 its section costs a few seconds.
 */
export const FAMILY_BENCH_NODES_OF: Readonly<Record<string, number>> = { 'the-plot': 20_000 };

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
  /** The Canfield family's rows and their own signature. */
  family: BenchRow[];
  familySignature: number;
  /** The rest of PySolFC's Canfield type (preset group 'Canfield type') of one deck, as the family's, with a signature of their own. */
  type: BenchRow[];
  typeSignature: number;
  /** Its games of two to four decks (RULES §10.19), as the family's, with a signature of their own. */
  decks: BenchRow[];
  decksSignature: number;
}

export function runBench(size: BenchSize, progress: (line: string) => void = () => {}): BenchResult {
  const rows: BenchRow[] = [];
  // Eagle Wing's presets: the `Bench (size)` signature line is theirs
  for (const preset of EAGLE_WING_PRESETS) {
    const count = BENCH_DEALS[size][preset];
    rows.push(benchRow(preset, count, new Solver(), (number) => dealFromNumber(number), progress));
  }
  const familyRows = (presets: string[]): BenchRow[] =>
    presets.map((preset) => {
      const dealtAs = preset.startsWith('sv-') ? 'canfield' : preset;
      const solver = new Solver({ maxNodes: FAMILY_BENCH_NODES_OF[preset] ?? FAMILY_BENCH_NODES });
      return benchRow(preset, FAMILY_BENCH_DEALS[size], solver, (number) => familyDealFromPysolNumber(dealtAs, plainPysolNumber(number)), progress);
    });
  const family = familyRows(PRESETS.filter((entry) => entry.group === 'Canfield family' || entry.group === "Solvitaire's readings").map((entry) => entry.name));
  const typePresets = PRESETS.filter((entry) => entry.group === 'Canfield type').map((entry) => entry.name);
  const type = familyRows(typePresets.filter((preset) => resolveRules(preset).decks === 1));
  const decks = familyRows(typePresets.filter((preset) => resolveRules(preset).decks > 1));
  const cpu = cpus();
  return {
    size,
    machine: `${cpu.length} × ${cpu[0]?.model ?? 'unknown cpu'}`,
    node: process.version,
    bytesPerEntry: BYTES_PER_ENTRY,
    rows,
    signature: rows.reduce((sum, row) => sum + row.nodes, 0),
    family,
    familySignature: family.reduce((sum, row) => sum + row.nodes, 0),
    type,
    typeSignature: type.reduce((sum, row) => sum + row.nodes, 0),
    decks,
    decksSignature: decks.reduce((sum, row) => sum + row.nodes, 0),
  };
}

/** One preset's row: deals 1 … count, one after the other on one solver. */
function benchRow(preset: string, count: number, solver: Solver, deal: (number: number) => Deck, progress: (line: string) => void): BenchRow {
  const rules = resolveRules(preset);
  const nodes: number[] = [];
  let won = 0;
  let lost = 0;
  let unknown = 0;
  const started = performance.now();
  for (let number = 1; number <= count; number++) {
    const result = solver.solve(deal(number), rules);
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
  progress(`${preset}: ${row.deals} deals, ${row.dealsPerSecond} deals/s, ${row.nodesPerSecond} nodes/s`);
  return row;
}

export function formatBench(result: BenchResult): string {
  const header = ['preset', 'deals', 'won', 'lost', 'unknown', 'median', 'mean', 'max nodes', 'deals/s', 'nodes/s'];
  const cells = (row: BenchRow): string[] => [
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
  ];
  const body = result.rows.map(cells);
  const familyBody = result.family.map(cells);
  const typeBody = result.type.map(cells);
  const decksBody = result.decks.map(cells);
  const widths = header.map((title, column) => Math.max(title.length, ...[...body, ...familyBody, ...typeBody, ...decksBody].map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [
    `machine: ${result.machine}, node ${result.node}, one thread, ${result.bytesPerEntry} bytes per table entry`,
    line(header),
    ...body.map(line),
    `Bench (${result.size}): ${result.signature}`,
    '',
    `Canfield family: PySolFC games 1-${FAMILY_BENCH_DEALS[result.size]}, each solve stopped at ${FAMILY_BENCH_NODES} nodes (then unknown)`,
    line(header),
    ...familyBody.map(line),
    `Bench family (${result.size}): ${result.familySignature}`,
    '',
    `The rest of PySolFC's Canfield type: the same deals and limit`,
    line(header),
    ...typeBody.map(line),
    `Bench type (${result.size}): ${result.typeSignature}`,
    '',
    `Its games of two to four decks: the same deals and limit (${Object.entries(FAMILY_BENCH_NODES_OF).map(([preset, nodes]) => `${preset} ${nodes} nodes`).join(', ')})`,
    line(header),
    ...decksBody.map(line),
    `Bench decks (${result.size}): ${result.decksSignature}`,
  ].join('\n');
}
