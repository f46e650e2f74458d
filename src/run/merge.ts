// Combines per-deal CSVs from shards: refuses bad rows, mixed rules, duplicated deals and shards that do not make a whole run; sorts rows, recomputes the summary.
import { quote, refuseUtf16 } from '../text.js';
import { readFileSync } from 'node:fs';
import { InputError } from '../errors.js';
import { readDealRows, summarize, type DealRow, type SummaryRow } from './csv.js';
import { OutputLock } from './files.js';
import { readRecord, recordPath, type RunRecord } from './record.js';

export interface MergeOptions {
  /** Write what there is when the shards are not a whole run (or one is still being written, or ends mid-row). */
  allowPartial?: boolean;
  /** The command that continues a shard file (sim … --out FILE --resume), from its record when it has one. */
  continueCommand?: (file: string, record: RunRecord | undefined) => string;
}

export interface MergeResult {
  rows: DealRow[];
  summary: SummaryRow[];
  /** What was left out or is unfinished (with --allow-partial), one message each. */
  warnings: string[];
  /** With --allow-partial, when less than the whole run was merged: deals missing per group (`preset/player`). */
  missing?: Map<string, number>;
  /** Whether the inputs (all of them, or none) have the rating's columns of sim --rate: the output keeps them. */
  rated: boolean;
}

interface Input {
  file: string;
  rows: DealRow[];
  rated: boolean;
  record?: RunRecord;
}

const groupOf = (row: { preset: string; player: string }) => `${row.preset}/${row.player}`;
const fallbackCommand = (file: string) => `eaglewing sim … --out ${file} --resume (with the options it was made with)`;

/** "deals 1–2000" */
function rangeText(record: RunRecord): string {
  return `deals ${record.from}–${record.from + record.deals - 1}`;
}

/** The deals of a shard's part of its run, in order: chunks index-1, index-1+count, … of the range. */
function* shardDeals(record: RunRecord): Generator<number> {
  const end = record.from + record.deals;
  const chunks = Math.ceil(record.deals / record.chunk);
  for (let chunk = record.shard.index - 1; chunk < chunks; chunk += record.shard.count) {
    const first = record.from + chunk * record.chunk;
    for (let deal = first; deal < Math.min(end, first + record.chunk); deal++) yield deal;
  }
}

/** How many deals a shard's part holds, worked out without listing them. */
function shardSize(record: RunRecord): number {
  const chunks = Math.ceil(record.deals / record.chunk);
  const first = record.shard.index - 1;
  if (first >= chunks) return 0;
  const taken = Math.floor((chunks - 1 - first) / record.shard.count) + 1;
  const lastIsShort = (chunks - 1 - first) % record.shard.count === 0;
  return taken * record.chunk - (lastIsShort ? chunks * record.chunk - record.deals : 0);
}

/** Whether a deal lies in the shard's part of its run. */
function inShard(record: RunRecord, deal: number): boolean {
  const offset = deal - record.from;
  return offset >= 0 && offset < record.deals && Math.floor(offset / record.chunk) % record.shard.count === record.shard.index - 1;
}

/** The first few runs of missing deals as "1211–1220, 1251–1260, …", from the deals a file has. */
function missingRuns(deals: Iterable<number>, has: (deal: number) => boolean, most = 3): string {
  const runs: string[] = [];
  let start = -1;
  let last = -1;
  const close = () => {
    if (start >= 0) runs.push(start === last ? String(start) : `${start}–${last}`);
    start = -1;
  };
  for (const deal of deals) {
    if (has(deal)) continue;
    if (start >= 0 && deal === last + 1) {
      last = deal;
      continue;
    }
    close();
    if (runs.length === most) return runs.join(', ') + ', …';
    start = last = deal;
  }
  close();
  return runs.join(', ');
}

function readInput(file: string, options: MergeOptions, warnings: string[]): Input {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new InputError(`cannot read ${quote(file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  // a UTF-16 file (a spreadsheet's "Unicode text") is named as such, not read as a header of junk
  refuseUtf16(bytes, quote(file), true);
  const text = bytes.toString('utf8');
  const record = readRecord(file);
  const command = (options.continueCommand ?? fallbackCommand)(file, record);
  // a file still being written is half a run, whatever its rows say
  const writer = OutputLock.liveWriter(file);
  if (writer !== undefined) {
    const problem = `${quote(file)} is still being written by a running eaglewing (process ${writer})`;
    if (!options.allowPartial) throw new InputError(`${problem}: merge it when that run has finished, or add --allow-partial to merge what it holds now`);
    warnings.push(`${problem}; merged as it is now`);
  }
  const read = readDealRows(text, file);
  if (read.tornLastLine) {
    if (!options.allowPartial) throw new InputError(`${quote(file)} ends mid-row, so the run that wrote it was stopped (${read.tornLastLine}); continue it with the command below`, { commands: [command] });
    warnings.push(`${read.tornLastLine}; left out of the merge`);
  }
  return { file, rows: read.rows, rated: read.rated, record };
}

/** Deals missing per group, and in words, when the files' records show less than whole runs; refuses records that are not shards of one run. */
function checkWhole(inputs: Input[], options: MergeOptions): { missing: Map<string, number>; problems: string[]; commands: string[]; duplicate?: InputError } {
  let duplicate: InputError | undefined;
  const missing = new Map<string, number>();
  const problems: string[] = [];
  const commands: string[] = [];
  const count = (group: string, deals: number) => missing.set(group, (missing.get(group) ?? 0) + deals);
  const recorded = inputs.filter((input) => input.record);
  if (recorded.length > 0 && recorded.length < inputs.length) {
    const bare = inputs.find((input) => !input.record)!;
    throw new InputError(`${quote(bare.file)} has no run record (${quote(recordPath(bare.file))}) while ${quote(recorded[0].file)} has one, so whether they make a whole run cannot be told: merge files from runs of this version alike`);
  }
  if (recorded.length === 0) {
    // files from before run records: only gaps inside each group's deals can be seen
    const dealsOf = new Map<string, Set<number>>();
    for (const input of inputs) for (const row of input.rows) (dealsOf.get(groupOf(row)) ?? dealsOf.set(groupOf(row), new Set()).get(groupOf(row))!).add(row.deal);
    for (const [group, deals] of dealsOf) {
      const sorted = [...deals].sort((a, b) => a - b);
      const gaps = sorted[sorted.length - 1] - sorted[0] + 1 - sorted.length;
      if (gaps === 0) continue;
      count(group, gaps);
      const span = function* () {
        for (let deal = sorted[0]; deal <= sorted[sorted.length - 1]; deal++) yield deal;
      };
      problems.push(`${group} lacks ${gaps} deals between ${sorted[0]} and ${sorted[sorted.length - 1]} (${missingRuns(span(), (deal) => deals.has(deal))})`);
    }
    return { missing, problems, commands };
  }
  // each group (preset/player) is checked on its own: the files that hold it must be the shards of one run
  const groups = new Map<string, { rules: string; inputs: Input[] }>();
  for (const input of recorded) {
    for (const job of input.record!.jobs) {
      const group = groupOf(job);
      const known = groups.get(group);
      if (!known) groups.set(group, { rules: job.rules, inputs: [input] });
      else if (known.rules !== job.rules) throw new InputError(`mixed rules for ${group}: ${quote(known.inputs[0].file)} has ${known.rules}, ${quote(input.file)} has ${job.rules}`);
      else known.inputs.push(input);
    }
  }
  for (const input of recorded) {
    for (const row of input.rows) {
      const record = input.record!;
      if (!groups.get(groupOf(row))?.inputs.includes(input)) throw new InputError(`${quote(input.file)} holds ${groupOf(row)} rows, but its run record names only ${record.jobs.map(groupOf).join(', ')}`);
      if (!inShard(record, row.deal)) throw new InputError(`${quote(input.file)} holds ${groupOf(row)} deal ${row.deal}, which is not in its shard ${record.shard.index}/${record.shard.count} of ${rangeText(record)} in chunks of ${record.chunk}`);
    }
  }
  for (const [group, { inputs: members }] of groups) {
    const first = members[0];
    const a = first.record!;
    for (const other of members.slice(1)) {
      const b = other.record!;
      const pair = (what: string, x: string, y: string) => new InputError(`different ${what} for ${group}: ${quote(first.file)} has ${x}, ${quote(other.file)} has ${y}; shards of one run must share them`);
      if (a.from !== b.from || a.deals !== b.deals) throw pair('deal ranges', rangeText(a), rangeText(b));
      if (a.chunk !== b.chunk) throw pair('chunk sizes', `chunks of ${a.chunk}`, `chunks of ${b.chunk}`);
      if (a.shard.count !== b.shard.count) throw pair('shard counts', `shard ${a.shard.index}/${a.shard.count}`, `shard ${b.shard.index}/${b.shard.count}`);
    }
    const byShard = new Map<number, Input>();
    for (const member of members) {
      const twice = byShard.get(member.record!.shard.index);
      // thrown after the rows are read, which name a deal present twice more exactly
      if (twice) duplicate ??= new InputError(`${quote(twice.file)} and ${quote(member.file)} are both shard ${member.record!.shard.index}/${a.shard.count} of ${group}`);
      byShard.set(member.record!.shard.index, member);
    }
    const absent: string[] = [];
    for (let index = 1; index <= a.shard.count; index++) {
      const shard = { ...a, shard: { index, count: a.shard.count } };
      const member = byShard.get(index);
      if (!member) {
        const size = shardSize(shard);
        if (size === 0) continue;
        count(group, size);
        absent.push(`${index}/${a.shard.count}`);
        continue;
      }
      const deals = new Set(member.rows.filter((row) => groupOf(row) === group).map((row) => row.deal));
      const lacking = shardSize(shard) - deals.size;
      if (lacking === 0) continue;
      count(group, lacking);
      problems.push(`${quote(member.file)} (shard ${index}/${a.shard.count}) lacks ${lacking} ${group} deals (${missingRuns(shardDeals(shard), (deal) => deals.has(deal))})`);
      const command = (options.continueCommand ?? fallbackCommand)(member.file, member.record);
      if (!commands.includes(command)) commands.push(command);
    }
    if (absent.length > 0) problems.push(`${group} (${rangeText(a)} in ${a.shard.count} shards) has no file for shard${absent.length > 1 ? 's' : ''} ${absent.join(', ')}`);
  }
  return { missing, problems, commands, duplicate };
}

export function mergeFiles(files: readonly string[], options: MergeOptions = {}): MergeResult {
  if (files.length === 0) throw new InputError('merge needs at least one CSV file');
  const rows: DealRow[] = [];
  const warnings: string[] = [];
  const rulesOf = new Map<string, { rules: string; file: string }>();
  const seen = new Map<string, string>();
  const inputs = files.map((file) => readInput(file, options, warnings));
  const rated = inputs[0].rated;
  const other = inputs.find((input) => input.rated !== rated);
  if (other) {
    const [withRating, without] = rated ? [inputs[0], other] : [other, inputs[0]];
    throw new InputError(`${quote(withRating.file)} has the rating columns of sim --rate and ${quote(without.file)} has not: merge files made alike`);
  }
  // shards of different runs first: their rows would otherwise be named as duplicates, a symptom
  const whole = checkWhole(inputs, options);
  for (const input of inputs) {
    const file = input.file;
    for (const row of input.rows) {
      const group = groupOf(row);
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
  if (whole.duplicate) throw whole.duplicate;
  if (whole.problems.length > 0) {
    // each command whole on a line of its own, to be pasted: two of them on one line were cut
    const them = whole.commands.length > 1 ? 'them' : 'it';
    if (!options.allowPartial) {
      const next = whole.commands.length > 0 ? `; continue ${them} with the command${whole.commands.length > 1 ? 's' : ''} below` : '';
      throw new InputError(`not a whole run: ${whole.problems.join('; ')} (or add --allow-partial to merge what there is)${next}`, { commands: whole.commands });
    }
    const next = whole.commands.length > 0 ? `; continue ${them} with:${whole.commands.map((command) => `\n  ${command}`).join('')}` : '';
    warnings.push(`partial: ${whole.problems.join('; ')}${next}`);
  }
  const groupOrder = [...rulesOf.keys()];
  rows.sort((a, b) => groupOrder.indexOf(groupOf(a)) - groupOrder.indexOf(groupOf(b)) || a.deal - b.deal);
  const partial = whole.missing.size > 0 || warnings.length > 0;
  return { rows, summary: summarize(rows), warnings, missing: partial ? whole.missing : undefined, rated };
}
