// eaglewing merge: per-deal CSVs (e.g. from shards) combined into one, with the summary recomputed.
import type { Command } from 'commander';
import { csvHeader, DEAL_COLUMNS, dealRowsCsv, summaryCsv } from '../run/csv.js';
import { carriesStandardOutput, checkOutputs, refuseSameFile, writeWholeFiles } from '../run/files.js';
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
      // an existing file needs --force; one a live run holds is refused even with it
      const replace = { replace: Boolean(flags.force) };
      const outputs = checkOutputs({ '--out': flags.out, '--summary': flags.summary }, replace);
      // an input given as an output would be replaced by the merge of itself; inputs may repeat (merge then names the duplicates)
      for (const output of outputs) for (const file of files) refuseSameFile([{ role: `the input ${quote(file)}`, path: file }, output]);
      const merged = mergeFiles(files);
      for (const warning of merged.warnings) process.stderr.write(`eaglewing: warning: ${warning}\n`);
      // the result first, then the files (on standard error when standard output carries a file)
      printSummary(merged.summary, flags.json, undefined, carriesStandardOutput([flags.out, flags.summary]) ? 'stderr' : 'stdout');
      writeWholeFiles([
        ...(flags.out === undefined ? [] : [{ path: flags.out, text: () => csvHeader(DEAL_COLUMNS) + dealRowsCsv(merged.rows), rules: replace }]),
        ...(flags.summary === undefined ? [] : [{ path: flags.summary, text: () => summaryCsv(merged.summary), rules: replace }]),
      ]);
    });
}
