// eaglewing merge: per-deal CSVs (e.g. from shards) combined into one, with the summary recomputed.
import type { Command } from 'commander';
import { csvHeader, DEAL_COLUMNS, dealRowsCsv, summaryCsv } from '../run/csv.js';
import { InputError } from '../errors.js';
import { checkOutputs, outputExists, refuseSameFile, writeWholeFile } from '../run/files.js';
import { quote } from '../text.js';
import { mergeFiles } from '../run/merge.js';
import { printSummary } from './output.js';

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine per-deal CSVs (e.g. from shards) into one, and recompute the summary')
    .argument('<files...>', 'per-deal CSV files made by eaglewing sim --out')
    .option('--out <file.csv>', 'the merged per-deal rows, sorted by preset and deal')
    .option('--summary <file.csv>', 'the recomputed summary')
    .option('--json', 'print the summary as JSON')
    .option('--force', 'replace existing --out and --summary files')
    .addHelpText('after', '\nMixed rules for one preset, or a deal present twice, are refused (exit code 2) and nothing is written.\n\nExample:\n  eaglewing merge shard1.csv shard2.csv shard3.csv --out all.csv --summary summary.csv')
    .action((files: string[], flags: { out?: string; summary?: string; json?: boolean; force?: boolean }) => {
      const outputs = checkOutputs({ '--out': flags.out, '--summary': flags.summary });
      for (const output of outputs) {
        if (!flags.force && outputExists(output.path)) throw new InputError(`${output.role} ${quote(output.path)} already exists: add --force to replace it`);
      }
      // an input given as an output would be replaced by the merge of itself; inputs may repeat (merge then names the duplicates)
      for (const output of outputs) for (const file of files) refuseSameFile([{ role: `the input ${quote(file)}`, path: file }, output]);
      const merged = mergeFiles(files);
      for (const warning of merged.warnings) process.stderr.write(`eaglewing: warning: ${warning}\n`);
      if (flags.out) writeWholeFile(flags.out, csvHeader(DEAL_COLUMNS) + dealRowsCsv(merged.rows));
      if (flags.summary) writeWholeFile(flags.summary, summaryCsv(merged.summary));
      printSummary(merged.summary, flags.json);
    });
}
