// A bulk run: checks the output file (new, --force, or --resume), runs the pool, appends rows as they finish, tallies.
import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { InputError } from '../errors.js';
import { csvHeader, DEAL_COLUMNS, dealRowsCsv, readDealRows, SummaryTable, tornLineStart, type DealRow, type SummaryRow } from './csv.js';
import { plannedDeals, runPool, type PoolOptions, type PoolOutcome, type SimJob } from './pool.js';
import { DoneItems } from './scheduler.js';

export interface SimOptions extends Omit<PoolOptions, 'done' | 'onRows'> {
  out?: string;
  resume: boolean;
  force: boolean;
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
}

/** Reads the file to resume: its rows must have been made with the same rules for the same presets. */
function loadResume(file: string, jobs: SimJob[], events: SimEvents): { rows: DealRow[]; goodBytes: number } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new InputError(`cannot read ${file} to resume: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const { rows, tornLastLine } = readDealRows(bytes.toString('utf8'), file);
  if (tornLastLine) events.warn?.(`${tornLastLine}; ignoring that line and solving its deal again`);
  for (const row of rows) {
    const job = jobs.find((candidate) => candidate.preset === row.preset);
    if (!job || job.rulesText !== row.rules || job.playerLabel !== row.player) {
      throw new InputError(`${file} was made with other rules or another player (${row.preset}, ${row.player}: ${row.rules}); resume it with the same --preset and options, or write to a new file`);
    }
  }
  // counted in the file's own bytes: decoding and re-encoding would move the cut wherever a row holds bytes that are not UTF-8
  return { rows, goodBytes: tornLastLine ? tornLineStart(bytes) : bytes.length };
}

export async function runSim(options: SimOptions, events: SimEvents = {}): Promise<SimOutcome> {
  const summary = new SummaryTable();
  const done = new DoneItems();
  let resumed = 0;
  let descriptor: number | undefined;
  const { out } = options;
  if (out !== undefined) {
    const exists = existsSync(out);
    if (exists && options.resume) {
      const { rows, goodBytes } = loadResume(out, options.jobs, events);
      for (const row of rows) {
        const inRange = row.deal >= options.from && row.deal < options.from + options.deals;
        done.add(options.jobs.findIndex((job) => job.preset === row.preset), row.deal);
        if (inRange) {
          summary.add(row);
          resumed++;
        }
      }
      truncateSync(out, goodBytes);
      descriptor = openSync(out, 'a');
    } else if (exists && !options.force) {
      throw new InputError(`${out} already exists: add --resume to continue it, or --force to replace it`);
    } else {
      descriptor = openSync(out, 'w');
      writeSync(descriptor, csvHeader(DEAL_COLUMNS));
    }
  }
  const planned = plannedDeals({ ...options, done });
  events.start?.(planned, resumed);
  try {
    const outcome = await runPool({
      ...options,
      done,
      onRows: (rows) => {
        // whole rows only, written as each chunk is handed back, so an interrupted run keeps them all
        if (descriptor !== undefined) writeSync(descriptor, dealRowsCsv(rows));
        for (const row of rows) summary.add(row);
        events.progress?.(rows);
      },
    });
    return { ...outcome, summary: summary.rows(), resumed, planned };
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
