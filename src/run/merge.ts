// Combines per-deal CSVs from shards: refuses mixed rules and duplicated deals, sorts rows, recomputes the summary.
import { quote } from '../text.js';
import { readFileSync } from 'node:fs';
import { InputError } from '../errors.js';
import { readDealRows, summarize, type DealRow, type SummaryRow } from './csv.js';

export interface MergeResult {
  rows: DealRow[];
  summary: SummaryRow[];
  /** Torn last lines that were left out, one message per file. */
  warnings: string[];
}

export function mergeFiles(files: readonly string[]): MergeResult {
  if (files.length === 0) throw new InputError('merge needs at least one CSV file');
  const rows: DealRow[] = [];
  const warnings: string[] = [];
  const rulesOf = new Map<string, { rules: string; file: string }>();
  const seen = new Map<string, string>();
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read ${quote(file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    const read = readDealRows(text, file);
    if (read.tornLastLine) warnings.push(`${read.tornLastLine}; left out of the merge`);
    for (const row of read.rows) {
      const group = `${row.preset}/${row.player}`;
      const known = rulesOf.get(group);
      if (!known) rulesOf.set(group, { rules: row.rules, file });
      else if (known.rules !== row.rules) {
        throw new InputError(`mixed rules for ${group}: ${quote(known.file)} has ${known.rules}, ${quote(file)} has ${row.rules}`);
      }
      const key = `${group} deal ${row.deal}`;
      const first = seen.get(key);
      if (first !== undefined) throw new InputError(`duplicate ${key} in ${first === file ? quote(file) : `${quote(first)} and ${quote(file)}`}`);
      seen.set(key, file);
      rows.push(row);
    }
  }
  const groupOrder = [...rulesOf.keys()];
  rows.sort((a, b) => groupOrder.indexOf(`${a.preset}/${a.player}`) - groupOrder.indexOf(`${b.preset}/${b.player}`) || a.deal - b.deal);
  return { rows, summary: summarize(rows), warnings };
}
