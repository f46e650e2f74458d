// Per-deal and summary CSV rows (csv-stringify), reading them back for --resume and merge, with corruption reported.
import { asciiLower, quote } from '../text.js';
import { stringify } from 'csv-stringify/sync';
import { InputError } from '../errors.js';
import { canonicalRules, optionName, PRESET_NAMES, resolveRules, RULE_OPTIONS, type RuleOverrides, type RuleSet } from '../rules.js';
import { NUMBERINGS, type Numbering } from '../numbering/pysol.js';
import type { DealOutcome, DealRating } from './protocol.js';
import { roundRate, winRate, type Tally } from './stats.js';

export const DEAL_COLUMNS = ['deal', 'preset', 'rules', 'player', 'result', 'nodes', 'ms', 'solution_length', 'solution', 'reason'] as const;
/** The per-deal columns of sim --rate: the rating (RULES §9) after the usual ones. */
export const RATED_DEAL_COLUMNS = [...DEAL_COLUMNS, 'critical', 'rated_positions', 'greedy'] as const;
export const SUMMARY_COLUMNS = [
  'preset',
  'rules',
  'player',
  'deals',
  'won',
  'lost',
  'unknown',
  'win_rate',
  'ci95_low',
  'ci95_high',
  'win_rate_unknown_as_lost',
  'win_rate_unknown_as_won',
] as const;

/** One per-deal row: which deal, under what, and its outcome. */
export interface DealRow extends DealOutcome {
  deal: number;
  preset: string;
  rules: string;
  player: string;
}

export function csvHeader(columns: readonly string[]): string {
  return stringify([columns as string[]]);
}

/** The per-deal header, rated (sim --rate) or not. */
export function dealColumns(rated: boolean): readonly string[] {
  return rated ? RATED_DEAL_COLUMNS : DEAL_COLUMNS;
}

/** Rows as CSV; `rated` adds the rating's cells (empty where a deal has none: counts unless won, all three for a failed worker). */
export function dealRowsCsv(rows: readonly DealRow[], rated = false): string {
  return stringify(
    rows.map((row) => {
      const cells: (string | number)[] = [row.deal, row.preset, row.rules, row.player, row.result, row.nodes, row.ms, row.solutionLength, row.solution, row.reason];
      if (rated) cells.push(row.rating?.critical ?? '', row.rating?.positions ?? '', row.rating?.greedy ?? '');
      return cells;
    }),
  );
}

/** Rows per piece of dealCsvFilePieces: a few MB of text each. */
const ROWS_PER_PIECE = 10_000;

/**
 * A whole per-deal CSV file: the header, then dealRowsCsv's text in pieces of ROWS_PER_PIECE rows: a million coops rows with their solutions
 * is more than one JavaScript string may hold (merge of a million-deal run; results/README.md).
 */
export function* dealCsvFilePieces(rows: readonly DealRow[], rated = false): Generator<string> {
  yield csvHeader(dealColumns(rated));
  for (let start = 0; start < rows.length; start += ROWS_PER_PIECE) yield dealRowsCsv(rows.slice(start, start + ROWS_PER_PIECE), rated);
}

/** Splits CSV text into records; fields may be quoted with "" escapes (as csv-stringify writes them). */
function parseRecords(text: string): { records: string[][]; lineOfRecord: number[]; incompleteTail: boolean; openQuote: boolean } {
  const records: string[][] = [];
  const lineOfRecord: number[] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
      i++;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      lineOfRecord.push(recordLine);
      record = [];
      field = '';
      line++;
      recordLine = line;
    } else field += char;
    i++;
  }
  // text after the last line end: a last row written without its line end, or one cut short
  const incompleteTail = field !== '' || record.length > 0 || quoted;
  if (incompleteTail && !quoted) {
    record.push(field);
    records.push(record);
    lineOfRecord.push(recordLine);
  }
  return { records, lineOfRecord, incompleteTail, openQuote: quoted };
}

export interface ReadDealRows {
  rows: DealRow[];
  /** Whether the file has the rating's columns (RATED_DEAL_COLUMNS, from sim --rate). */
  rated: boolean;
  /** What was wrong with the last line, when it was torn (it is ignored; tornLineStart() says where it starts). */
  tornLastLine?: string;
}

/** Rules texts already read back: rows share a handful, so each is read once. */
const rulesCells = new Map<string, RulesCell>();

/** A rules cell read back: the rules it names and the numbering of its deal numbers. */
export interface RulesCell {
  rules: RuleSet;
  numbering: Numbering;
}

/**
 * A rules cell as eaglewing writes it (canonicalRules(), with a `;numbering=…` suffix or none) read back, or
 * undefined when it is not one: every option once, in the canonical spelling and order, so that the rules read
 * back write the same text again (a canonical string names every option that leaves its default).
 */
export function readRulesCell(text: string): RulesCell | undefined {
  const seen = rulesCells.get(text);
  if (seen !== undefined) return seen;
  const parts = text.split(';');
  let suffix = '';
  let numbering: Numbering = 'eaglewing';
  const last = parts[parts.length - 1];
  if (last.startsWith('numbering=')) {
    const kind = NUMBERINGS.find((candidate) => candidate !== 'eaglewing' && last === `numbering=${candidate}`);
    if (kind === undefined) return undefined;
    numbering = kind;
    parts.pop();
    suffix = `;${last}`;
  }
  const overrides: RuleOverrides = {};
  for (const part of parts) {
    const [name, value, ...rest] = part.split('=');
    const option = RULE_OPTIONS.find((candidate) => optionName(candidate) === name);
    if (option === undefined || value === undefined || rest.length > 0 || overrides[option.field] !== undefined) return undefined;
    overrides[option.field] = value;
  }
  let rules: RuleSet;
  try {
    rules = resolveRules(PRESET_NAMES[0], overrides);
  } catch {
    return undefined;
  }
  // written again, it must come out the same: no other spelling, case, order or missing option
  if (canonicalRules(rules) + suffix !== text) return undefined;
  const cell = { rules, numbering };
  rulesCells.set(text, cell);
  return cell;
}

/** The player column as playerLabel() writes it: the solver with the limits that differ, greedy, or sampling with its settings. */
const LIMIT_TEXT = String.raw`(max-nodes=\d+|time-limit=[0-9.e+-]+s|memory=\d+MB|no-prune)`;
const PLAYER_TEXT = new RegExp(String.raw`^(thoughtful(:${LIMIT_TEXT}(;${LIMIT_TEXT})*)?|greedy|sampling:samples=\d+;nodes=\d+;seed=\d+)$`);
/** RULES §5 tokens as eaglewing writes them (a count, source, target, and the card in brackets), separated by spaces. */
const SOLUTION_TEXT = /^([0-9A-Z]+(\([0-9AJQKT]+[CDHS]\))?( (?=.)|$))*$/;
/** Reasons a complete row can end with (RULES §6 unknowns). Older versions wrote a failed worker's deals unknown with WORKER_FAILED's reason: their files still read. */
const LIMIT_REASONS = new Set(['', 'max-nodes', 'time-limit', 'memory', 'depth']);
const WORKER_FAILED = 'worker failed: ';

function parseDealRecord(record: string[], where: string, rated: boolean): DealRow {
  const columns = dealColumns(rated).length;
  if (record.length !== columns) throw new InputError(`${where}: expected ${columns} fields, got ${record.length}`);
  const [deal, presetCell, rules, player, result, nodes, ms, solutionLength, solution, reason, critical, ratedPositions, greedy] = record;
  // presets are case-insensitive (a spreadsheet may have written `Coops`): read in eaglewing's own spelling
  const preset = asciiLower(presetCell);
  const number = Number(deal);
  if (!/^\d+$/.test(deal) || !Number.isSafeInteger(number) || number < 1) throw new InputError(`${where}: bad deal number ${quote(deal)}`);
  if (result !== 'won' && result !== 'lost' && result !== 'unknown') throw new InputError(`${where}: bad result ${quote(result)}`);
  for (const [name, value] of [['nodes', nodes], ['ms', ms], ['solution_length', solutionLength]] as const) {
    if (!/^\d+$/.test(value)) throw new InputError(`${where}: bad ${name} ${quote(value)}`);
  }
  if (preset === '' || rules === '' || player === '') throw new InputError(`${where}: empty preset, rules or player`);
  // cells eaglewing never writes (a spreadsheet's =HYPERLINK(…), a hand edit) are refused, not counted
  if (!PRESET_NAMES.includes(preset)) throw new InputError(`${where}: ${quote(presetCell)} is not a preset eaglewing writes (${PRESET_NAMES.join(', ')})`);
  if (readRulesCell(rules) === undefined) throw new InputError(`${where}: ${quote(rules)} is not a rules string eaglewing writes (every option once, as \`eaglewing rules\` lists them)`);
  if (!PLAYER_TEXT.test(player)) throw new InputError(`${where}: ${quote(player)} is not a player eaglewing writes (thoughtful, greedy or sampling, with their settings)`);
  if (!LIMIT_REASONS.has(reason) && !reason.startsWith(WORKER_FAILED)) throw new InputError(`${where}: ${quote(reason)} is not a reason eaglewing writes (max-nodes, time-limit, memory, depth or worker failed: …)`);
  if (!SOLUTION_TEXT.test(solution)) throw new InputError(`${where}: ${quote(solution)} is not a solution eaglewing writes (RULES §5 tokens)`);
  const row: DealRow = { deal: number, preset, rules, player, result, nodes: Number(nodes), ms: Number(ms), solutionLength: Number(solutionLength), solution, reason };
  if (rated) {
    const rating = parseRating(critical, ratedPositions, greedy, row, where);
    if (rating) row.rating = rating;
  }
  return row;
}

/**
 * The rating's cells of a row, as sim --rate writes them: for a won deal the two counts (critical at
 * most the positions, which are the solution's moves), empty otherwise; the greedy player's won or
 * lost for every deal, empty (with the counts) only where the worker failed.
 */
function parseRating(critical: string, positions: string, greedy: string, row: DealRow, where: string): DealRating | undefined {
  if (!row.player.startsWith('thoughtful')) throw new InputError(`${where}: a rating for ${quote(row.player)}, where sim --rate rates only the solver's (thoughtful) solutions`);
  if (row.reason.startsWith(WORKER_FAILED) && critical === '' && positions === '' && greedy === '') return undefined;
  if (greedy !== 'won' && greedy !== 'lost') throw new InputError(`${where}: bad greedy ${quote(greedy)} (won or lost)`);
  if (row.result !== 'won') {
    if (critical !== '' || positions !== '') throw new InputError(`${where}: critical and rated_positions must be empty for a deal that is not won`);
    return { greedy };
  }
  for (const [name, value] of [['critical', critical], ['rated_positions', positions]] as const) {
    if (!/^\d+$/.test(value)) throw new InputError(`${where}: bad ${name} ${quote(value)}`);
  }
  if (Number(positions) !== row.solutionLength) throw new InputError(`${where}: rated_positions ${positions} is not the solution's length, ${row.solutionLength}`);
  if (Number(critical) > Number(positions)) throw new InputError(`${where}: critical ${critical} is more than rated_positions ${positions}`);
  return { critical: Number(critical), positions: Number(positions), greedy };
}

/**
 * Whether a last row written without its line end is whole: cut short at a comma it would still
 * parse, so it must also end in a reason a row ends with, and a won row's solution must hold as many
 * moves as its length says.
 */
function wholeWithoutLineEnd(row: DealRow, rated: boolean): boolean {
  if (!LIMIT_REASONS.has(row.reason)) return false;
  // rated, the greedy cell ends the row: cut short it is empty (won and lost have no shorter spelling that parses)
  if (rated && row.rating === undefined) return false;
  return row.result !== 'won' || row.solution.split(' ').filter(Boolean).length === row.solutionLength;
}

/**
 * Reads a per-deal CSV. A byte order mark, CRLF line ends and quoted fields are accepted. A last line
 * cut short (no line end: a run stopped mid-write) is reported in `tornLastLine` and left out (a last
 * row that is whole but has no line end is kept); any other bad line, the last one with its line end
 * included, is an InputError naming the file and line.
 */
export function readDealRows(text: string, file: string): ReadDealRows {
  const { records, lineOfRecord, incompleteTail, openQuote } = parseRecords(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (records.length === 0) throw new InputError(`${quote(file)}: empty, or no header line`);
  const header = records[0].join(',');
  const rated = header === RATED_DEAL_COLUMNS.join(',');
  if (!rated && header !== DEAL_COLUMNS.join(',')) {
    throw new InputError(`${quote(file)}: not a per-deal CSV: its first line is ${quote(header)}, where eaglewing sim --out writes ${DEAL_COLUMNS.join(',')} (and sim --rate adds ${RATED_DEAL_COLUMNS.slice(DEAL_COLUMNS.length).join(',')})`);
  }
  const rows: DealRow[] = [];
  let tornLastLine: string | undefined;
  // blank lines at the very end, as editors leave them, are no rows (a blank line between rows is refused)
  let end = records.length;
  if (!incompleteTail) while (end > 1 && records[end - 1].length === 1 && records[end - 1][0] === '') end--;
  for (let i = 1; i < end; i++) {
    const where = `${quote(file)} line ${lineOfRecord[i]}`;
    const isLast = i === end - 1;
    try {
      const row = parseDealRecord(records[i], where, rated);
      if (isLast && incompleteTail && !wholeWithoutLineEnd(row, rated)) throw new InputError(`${where}: cut short (no line end)`);
      rows.push(row);
    } catch (error) {
      // only a line without its line end can be a write cut short; a bad row that ends is a bad row
      if (isLast && incompleteTail && error instanceof InputError) {
        tornLastLine = error.message;
        break;
      }
      throw error;
    }
  }
  // a last line cut inside a quoted field is not a record at all
  if (openQuote) tornLastLine = `${quote(file)}: the last line is cut short (inside a quoted field)`;
  return { rows, rated, tornLastLine };
}

const NEWLINE = 0x0a;
const RETURN = 0x0d;

/** The byte offset where the file's last line starts (a final line end aside): where a torn last line is cut. */
export function tornLineStart(bytes: Uint8Array): number {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === NEWLINE ? bytes.length - 1 : bytes.length;
  return bytes.lastIndexOf(NEWLINE, end - 1) + 1;
}

/**
 * The byte offset just past the line end of the file's last line that is not blank: where blank lines at the
 * end (an editor's) start. A file without them, or whose last line has no line end, is its own length.
 */
export function blankTailStart(bytes: Uint8Array): number {
  let end = bytes.length;
  while (end > 0 && (bytes[end - 1] === NEWLINE || bytes[end - 1] === RETURN)) end--;
  if (end === bytes.length) return end;
  // keep that line's own line end: CRLF, LF or a lone CR
  return bytes[end] === RETURN && bytes[end + 1] === NEWLINE ? end + 2 : end + 1;
}

export interface SummaryRow extends Tally {
  preset: string;
  rules: string;
  player: string;
}

/** Running tallies per (preset, rules, player), in first-seen order. */
export class SummaryTable {
  private readonly groups = new Map<string, SummaryRow>();
  /** Rows come in runs of one group: the last group is found without building its key. */
  private last?: SummaryRow;

  add(row: Pick<DealRow, 'preset' | 'rules' | 'player' | 'result'>): void {
    let group = this.last;
    if (!group || group.preset !== row.preset || group.rules !== row.rules || group.player !== row.player) {
      const key = `${row.preset}\u0000${row.rules}\u0000${row.player}`;
      group = this.groups.get(key);
      if (!group) {
        group = { preset: row.preset, rules: row.rules, player: row.player, won: 0, lost: 0, unknown: 0 };
        this.groups.set(key, group);
      }
      this.last = group;
    }
    group[row.result]++;
  }

  rows(): SummaryRow[] {
    return [...this.groups.values()].map((group) => ({ ...group }));
  }
}

export function summarize(rows: readonly DealRow[]): SummaryRow[] {
  const table = new SummaryTable();
  for (const row of rows) table.add(row);
  return table.rows();
}

/**
 * The summary as CSV. `missing` (merge --allow-partial of less than a whole run) adds a last column,
 * `missing_deals`: how many deals of the run each row lacks, so a partial summary never passes for a whole one.
 */
export function summaryCsv(summary: readonly SummaryRow[], missing?: (group: SummaryRow) => number): string {
  return (
    csvHeader(missing ? [...SUMMARY_COLUMNS, 'missing_deals'] : SUMMARY_COLUMNS) +
    stringify(
      summary.map((group) => {
        const rate = winRate(group);
        const row = [
          group.preset,
          group.rules,
          group.player,
          rate.deals,
          rate.won,
          rate.lost,
          rate.unknown,
          roundRate(rate.winRate),
          roundRate(rate.ci95?.low ?? null),
          roundRate(rate.ci95?.high ?? null),
          roundRate(rate.unknownAsLost),
          roundRate(rate.unknownAsWon),
        ];
        return missing ? [...row, missing(group)] : row;
      }),
    )
  );
}
