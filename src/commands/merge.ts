// eaglewing merge: per-deal CSVs (e.g. from shards) combined into one, checked to make a whole run, with the summary recomputed.
import type { Command } from 'commander';
import { dealCsvFilePieces, summaryCsv, type SummaryRow } from '../run/csv.js';
import { carriesStandardOutput, checkOutputs, refuseSameFile, writeWholeFiles } from '../run/files.js';
import { quote } from '../text.js';
import { mergeFiles } from '../run/merge.js';
import type { RunRecord } from '../run/record.js';
import { print, selfCommand, shellWord, summaryJson, summaryTable } from './output.js';

/** The command that continues a shard file: its run's own arguments, writing to the file as merge was given it, with --resume. */
function continueCommand(file: string, record: RunRecord | undefined): string {
  if (!record) return `${selfCommand()} sim … --out ${shellWord(file)} --resume (with the options it was made with)`;
  const args: string[] = [];
  for (let i = 0; i < record.args.length; i++) {
    const word = record.args[i];
    if (word === '--resume' || word === '--force' || word.startsWith('--out=')) continue;
    if (word === '--out') {
      i++;
      continue;
    }
    args.push(word);
  }
  return [selfCommand(), ...[...args, '--out', file, '--resume'].map(shellWord)].join(' ');
}

export function register(program: Command): void {
  program
    .command('merge')
    .description('combine per-deal CSVs (e.g. from shards) into one, check that they make a whole run, and recompute the summary')
    .argument('<files...>', 'per-deal CSV files made by eaglewing sim --out')
    .option('--out <file.csv>', 'the merged per-deal rows, sorted by preset and deal')
    .option('--summary <file.csv>', 'the recomputed summary')
    .option('--json', 'print the summary as JSON')
    .option('--force', 'replace existing --out and --summary files')
    .option('--allow-partial', 'write what there is when the shards are not a whole run (the summary then says how many deals are missing)')
    .addHelpText(
      'after',
      `
Refused (exit code 2, nothing written): a bad row (the last one too), a cell eaglewing never writes,
mixed rules for one preset, files with and without sim --rate's columns, a deal present twice, a file still being written by a running sim, a
file that ends mid-row (a stopped run: the command that continues it is printed), and shards that do
not make a whole run (different deal ranges, chunk sizes or shard counts; a missing shard or missing
deals). Each sim --out F keeps the shape of its run in F.run.json; merge reads it there.

Example:
  eaglewing merge shard1.csv shard2.csv shard3.csv --out all.csv --summary summary.csv`,
    )
    .action((files: string[], flags: { out?: string; summary?: string; json?: boolean; force?: boolean; allowPartial?: boolean }) => {
      // an existing file needs --force; one a live run holds is refused even with it
      const replace = { replace: Boolean(flags.force) };
      const outputs = checkOutputs({ '--out': flags.out, '--summary': flags.summary }, replace);
      // an input given as an output would be replaced by the merge of itself; inputs may repeat (merge then names the duplicates)
      for (const output of outputs) for (const file of files) refuseSameFile([{ role: `the input ${quote(file)}`, path: file }, output]);
      const merged = mergeFiles(files, { allowPartial: Boolean(flags.allowPartial), continueCommand });
      for (const warning of merged.warnings) process.stderr.write(`eaglewing: warning: ${warning}\n`);
      const missing = merged.missing;
      const missingOf = missing ? (group: SummaryRow) => missing.get(`${group.preset}/${group.player}`) ?? 0 : undefined;
      // the result first, then the files (on standard error when standard output carries a file)
      const stream = carriesStandardOutput([flags.out, flags.summary]) ? 'stderr' : 'stdout';
      if (flags.json) print(JSON.stringify(summaryJson(merged.summary).map((row, i) => (missingOf ? { ...row, partial: true, missingDeals: missingOf(merged.summary[i]) } : row))), stream);
      else print(summaryTable(merged.summary, missingOf ? (group) => `partial (${missingOf(group)} deals missing): ` : undefined), stream);
      writeWholeFiles([
        ...(flags.out === undefined ? [] : [{ path: flags.out, text: () => dealCsvFilePieces(merged.rows, merged.rated), rules: replace }]),
        ...(flags.summary === undefined ? [] : [{ path: flags.summary, text: () => summaryCsv(merged.summary, missingOf), rules: replace }]),
      ]);
    });
}
