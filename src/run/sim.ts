// A bulk run: checks the output file (new, --force, or --resume), runs the pool, appends rows as they finish, tallies.
import { quote, refuseUtf16 } from '../text.js';
import { readFileSync } from 'node:fs';
import { InputError, WriteError } from '../errors.js';
import { OutputLock, outputExists, RowAppender } from './files.js';
import { csvHeader, dealColumns, dealRowsCsv, blankTailStart, readDealRows, SummaryTable, tornLineStart, type DealRow, type SummaryRow } from './csv.js';
import { checkRecordReplaceable, checkResumeJobs, checkResumeRange, recordable, writeRecord } from './record.js';
import { plannedDeals, runPool, type PoolOptions, type PoolOutcome, type SimJob } from './pool.js';
import { DoneItems } from './scheduler.js';

export interface SimOptions extends Omit<PoolOptions, 'done' | 'onRows'> {
  out?: string;
  resume: boolean;
  force: boolean;
  /** The command's words (`sim --preset …`): given, a run record is kept beside --out (src/run/record.ts) for merge. */
  args?: string[];
}

export interface SimEvents {
  /** A torn last line was found in the file being resumed and cut off. */
  warn?: (message: string) => void;
  /** Once the work is known: deals this run will solve, deals found already done. */
  start?: (planned: number, resumed: number) => void;
  /** After each chunk: that chunk's rows, handed back in plan order. */
  progress?: (rows: DealRow[]) => void;
}

export interface SimOutcome extends PoolOutcome {
  summary: SummaryRow[];
  /** Deals already in the file when resuming. */
  resumed: number;
  /** Deals this run will solve (after shard and resume). */
  planned: number;
  /** Set when writing --out failed: the run stopped there, the rows before it are kept. */
  writeError?: WriteError;
}

/** Reads the file to resume: its rows must have been made with the same rules, player and solver options, each deal once. */
function loadResume(file: string, jobs: SimJob[], rate: boolean, events: SimEvents): { rows: DealRow[]; goodBytes: number } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new InputError(`cannot read ${quote(file)} to resume: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  refuseUtf16(bytes, `${quote(file)} (to resume)`, true);
  const { rows, rated, tornLastLine } = readDealRows(bytes.toString('utf8'), file);
  // one file, one set of columns: rows with and without the rating would not line up under its header
  if (rated !== rate) throw new InputError(rated ? `${quote(file)} has the rating columns (made with --rate): resume it with --rate` : `${quote(file)} has no rating columns (made without --rate): resume it without --rate, or write to a new file`);
  if (tornLastLine) events.warn?.(`${tornLastLine}; ignoring that line and solving its deal again`);
  const seen = new DoneItems();
  for (const row of rows) {
    const job = jobs.findIndex((candidate) => candidate.preset === row.preset);
    if (job < 0 || jobs[job].rulesText !== row.rules || jobs[job].playerLabel !== row.player) {
      throw new InputError(`${quote(file)} was made with other rules, another player or other solver limits (${row.preset}, ${row.player}: ${row.rules}); resume it with the same --preset and options, or write to a new file`);
    }
    if (seen.has(job, row.deal)) throw new InputError(`${quote(file)} holds ${row.preset} deal ${row.deal} twice, so its counts would be wrong; it cannot be resumed (merge it to find the duplicates)`);
    seen.add(job, row.deal);
  }
  // counted in the file's own bytes: decoding and re-encoding would move the cut wherever a row holds bytes that are not UTF-8
  // blank lines at the end (an editor's) are no rows: the next row goes where they were, never after them
  return { rows, goodBytes: tornLastLine ? tornLineStart(bytes) : blankTailStart(bytes) };
}

export async function runSim(options: SimOptions, events: SimEvents = {}): Promise<SimOutcome> {
  const summary = new SummaryTable();
  const done = new DoneItems();
  let resumed = 0;
  let appender: RowAppender | undefined;
  let lock: OutputLock | undefined;
  const { out } = options;
  if (out !== undefined) {
    // before the file is read or touched: a second run on it stops here
    lock = OutputLock.acquire(out);
    const recorded = options.args !== undefined && recordable(out);
    try {
      if (recorded) checkRecordReplaceable(out);
      const exists = outputExists(out);
      const { from, deals, chunk, shard, jobs } = options;
      const jobsRecord = jobs.map((job) => ({ preset: job.preset, rules: job.rulesText, player: job.playerLabel }));
      // a resume continues the run its record describes, or nothing is touched
      if (recorded && exists && options.resume) checkResumeRange(out, { from, deals, chunk, shard });
      if (exists && options.resume) {
        const { rows, goodBytes } = loadResume(out, options.jobs, Boolean(options.rate), events);
        if (recorded) checkResumeJobs(out, jobsRecord);
        for (const row of rows) {
          done.add(options.jobs.findIndex((job) => job.preset === row.preset), row.deal);
          if (row.deal >= options.from && row.deal < options.from + options.deals) {
            summary.add(row);
            resumed++;
          }
        }
        appender = RowAppender.open(out, true);
        appender.truncate(goodBytes);
        // a last row kept whole but written without its line end gets one before the next row
        if (appender.endsMidLine()) appender.write('\n');
      } else if (exists && !options.force) {
        throw new InputError(`${quote(out)} already exists: add --resume to continue it, or --force to replace it`);
      } else {
        appender = RowAppender.open(out, false);
        appender.write(csvHeader(dealColumns(Boolean(options.rate))));
      }
      // the file exists now: its other names (hard links) meet this run's lock too
      const stats = appender.fileStats();
      if (stats) lock.holdFile(stats);
      // the shape of this run, so that merge can tell whether its shards make a whole one (a resume writes its own)
      if (recorded) writeRecord(out, { from, deals, chunk, shard: { ...shard }, jobs: jobsRecord, args: options.args! });
    } catch (error) {
      appender?.close();
      lock.release();
      throw error;
    }
  }
  const planned = plannedDeals({ ...options, done });
  events.start?.(planned, resumed);
  // a write that fails stops the run as Ctrl-C does: the rows before it stay, and it can be resumed
  const stop = new AbortController();
  const forward = () => stop.abort();
  options.signal?.addEventListener('abort', forward);
  let writeError: WriteError | undefined;
  try {
    const outcome = await runPool({
      ...options,
      done,
      signal: stop.signal,
      onRows: (rows) => {
        if (writeError) return;
        try {
          // whole rows only, written as each chunk is handed back, so an interrupted run keeps them all
          appender?.write(dealRowsCsv(rows, Boolean(options.rate)));
        } catch (error) {
          if (!(error instanceof WriteError)) throw error;
          writeError = error;
          stop.abort();
          return;
        }
        for (const row of rows) summary.add(row);
        events.progress?.(rows);
      },
    });
    return { ...outcome, interrupted: outcome.interrupted && writeError === undefined, summary: summary.rows(), resumed, planned, writeError };
  } finally {
    options.signal?.removeEventListener('abort', forward);
    appender?.close();
    lock?.release();
  }
}
