// The run record beside a per-deal CSV (`F.csv.run.json`): the shape of the sim run that wrote F, so merge can tell a whole run from parts of one.
import { readFileSync, statSync } from 'node:fs';
import { InputError } from '../errors.js';
import { quote } from '../text.js';
import { STDOUT, writeWholeFile } from './files.js';

/** What marks a JSON file as one of these records (a file by that name without it is the user's, never replaced). */
const KIND = 'eaglewing sim run';
export const RECORD_SUFFIX = '.run.json';

/** One preset's rows: the three columns that make a group in the summary. */
export interface RecordJob {
  preset: string;
  rules: string;
  player: string;
}

/**
 * The shape of a run: the range, its chunks and which shard of them this file holds, the groups it
 * writes, and the arguments it was started with (for the command that continues it).
 */
export interface RunRecord {
  kind: typeof KIND;
  version: 1;
  from: number;
  deals: number;
  chunk: number;
  shard: { index: number; count: number };
  jobs: RecordJob[];
  /** The sim command's words after the program (`sim --preset coops …`). */
  args: string[];
}

export function recordPath(csv: string): string {
  return csv + RECORD_SUFFIX;
}

/** Whether a per-deal output gets a record: a regular file (or one to be made), not standard output, a device or a pipe. */
export function recordable(csv: string): boolean {
  if (csv === STDOUT) return false;
  const stats = statSync(csv, { throwIfNoEntry: false });
  return stats === undefined || stats.isFile();
}

function parseRecord(text: string): RunRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = value as Partial<RunRecord> | null;
  if (record === null || typeof record !== 'object' || record.kind !== KIND || record.version !== 1) return undefined;
  const whole = (n: unknown, min: number) => Number.isSafeInteger(n) && (n as number) >= min;
  const shard = record.shard;
  const good =
    whole(record.from, 1) &&
    whole(record.deals, 1) &&
    whole(record.chunk, 1) &&
    shard !== undefined &&
    whole(shard.count, 1) &&
    whole(shard.index, 1) &&
    shard.index <= shard.count &&
    Array.isArray(record.jobs) &&
    record.jobs.every((job) => typeof job?.preset === 'string' && typeof job.rules === 'string' && typeof job.player === 'string') &&
    Array.isArray(record.args) &&
    record.args.every((word) => typeof word === 'string');
  return good ? (record as RunRecord) : undefined;
}

/** The record beside a per-deal CSV, or undefined when there is none (a file from before records, or from `--out -`). */
export function readRecord(csv: string): RunRecord | undefined {
  const file = recordPath(csv);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`cannot read ${quote(file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const record = parseRecord(text);
  if (!record) throw new InputError(`${quote(file)} is not an eaglewing run record (it should describe the run that wrote ${quote(csv)})`);
  return record;
}

/** Refuses, before any work, to replace a file by the record's name that is not a record (it is the user's). */
export function checkRecordReplaceable(csv: string): void {
  const file = recordPath(csv);
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined) return;
  let text = '';
  try {
    text = stats.isFile() ? readFileSync(file, 'utf8') : '';
  } catch {
    // unreadable: not ours to replace
  }
  if (!parseRecord(text)) throw new InputError(`${quote(file)} exists and is not an eaglewing run record: move it away, since sim keeps the run's shape there`);
}

export function writeRecord(csv: string, record: Omit<RunRecord, 'kind' | 'version'>): void {
  // checkRecordReplaceable() has made sure, before the run, that a file by this name is a record (or absent)
  writeWholeFile(recordPath(csv), JSON.stringify({ kind: KIND, version: 1, ...record }, null, 2) + '\n', { replace: true });
}

/** "deals 1–3000 in chunks of 100, shard 2/4" */
function shapeText(record: Pick<RunRecord, 'from' | 'deals' | 'chunk' | 'shard'>): string {
  return `deals ${record.from}–${record.from + record.deals - 1} in chunks of ${record.chunk}, shard ${record.shard.index}/${record.shard.count}`;
}

/**
 * Refuses, before anything is touched, to resume a file as another run than the one its record describes:
 * another start, chunk size or shard, or fewer deals (the record would be rewritten for rows it does not
 * describe, and merge would refuse the file for ever after). A run in one piece (shard 1/1) may be extended:
 * more deals from the same start keep every row it has in the run.
 */
export function checkResumeRange(csv: string, run: Pick<RunRecord, 'from' | 'deals' | 'chunk' | 'shard'>): void {
  const record = readRecord(csv);
  if (record === undefined) return;
  const same = record.from === run.from && record.chunk === run.chunk && record.shard.index === run.shard.index && record.shard.count === run.shard.count;
  const whole = record.shard.count === 1;
  if (same && (record.deals === run.deals || (whole && run.deals > record.deals))) return;
  const extend = whole ? ' (more deals from the same start may extend it)' : '';
  throw new InputError(`${quote(csv)} holds a run of ${shapeText(record)}; this resume asks for ${shapeText(run)}: resume it with the run's own --from, --deals, --chunk and --shard${extend}, or write to a new file`);
}

/**
 * Refuses to resume a file for other presets than its run's (checked after its rows, which name other rules
 * or solver limits more exactly): the record would name groups the file's rows do not match.
 */
export function checkResumeJobs(csv: string, jobs: readonly RecordJob[]): void {
  const record = readRecord(csv);
  if (record === undefined) return;
  const groups = (list: readonly RecordJob[]) => list.map((job) => `${job.preset} (${job.player})`).sort().join(', ');
  const key = (list: readonly RecordJob[]) => list.map((job) => `${job.preset}\u0000${job.player}\u0000${job.rules}`).sort().join('\n');
  if (key(record.jobs) !== key(jobs)) throw new InputError(`${quote(csv)} holds a run of ${groups(record.jobs)}; this resume asks for ${groups(jobs)}: resume it with the run's own --preset and options, or write to a new file`);
}
