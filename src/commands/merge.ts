// eaglewing merge: per-deal CSVs (e.g. from shards) combined into one, with the summary recomputed.
import type { Command } from 'commander';
import { csvHeader, DEAL_COLUMNS, dealRowsCsv, summaryCsv } from '../run/csv.js';
import { writeFileAtomic } from '../run/files.js';
import { mergeFiles } from '../run/merge.js';
import { printSummary } from './common.js';

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine per-deal CSVs (e.g. from shards) into one, and recompute the summary')
    .argument('<files...>', 'per-deal CSV files made by eaglewing sim --out')
    .option('--out <file.csv>', 'the merged per-deal rows, sorted by preset and deal')
    .option('--summary <file.csv>', 'the recomputed summary')
    .option('--json', 'print the summary as JSON')
    .addHelpText('after', '\nMixed rules for one preset, or a deal present twice, are refused (exit code 2) and nothing is written.\n\nExample:\n  eaglewing merge shard1.csv shard2.csv shard3.csv --out all.csv --summary summary.csv')
    .action((files: string[], flags: { out?: string; summary?: string; json?: boolean }) => {
      const merged = mergeFiles(files);
      for (const warning of merged.warnings) process.stderr.write(`eaglewing: warning: ${warning}\n`);
      if (flags.out) writeFileAtomic(flags.out, csvHeader(DEAL_COLUMNS) + dealRowsCsv(merged.rows));
      if (flags.summary) writeFileAtomic(flags.summary, summaryCsv(merged.summary));
      printSummary(merged.summary, flags.json);
    });
}
