// Which deal a one-deal command plays: a deal number, a --deal string, a --pysol number or a --solvitaire seed; and --deals-file.
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { dealFromNumberFor, parseDealFor, parseDealNumber, validateDealShape, type Deck } from '../deal.js';
import { InputError, UsageError } from '../errors.js';
import { familyDealFromPysolNumber, parsePysolNumber, pysolGameFor, type PysolNumber } from '../numbering/pysol.js';
import { dealShape, type RuleSet } from '../rules.js';
import { canfieldDealFromSolvitaireSeed, parseSolvitaireSeed, solvitaireGameFor } from '../numbering/solvitaire.js';
import type { ChosenRules } from './flags.js';
import { quote, refuseUtf16, SAVE_AS_UTF8, trimBlanks } from '../text.js';

/** Where a one-deal command's deal came from, and the name its heading gives it. */
export interface ChosenDeal {
  deck: Deck;
  /** eaglewing's deal number, when given one. */
  number?: number;
  /** PySolFC's game number, when given one (--pysol). */
  pysol?: PysolNumber;
  /** Solvitaire's seed, when given one (--solvitaire). */
  solvitaire?: number;
  /** "Deal 7", "PySolFC game 12345", "Solvitaire seed 0", or "Deal" for a deal string. */
  label: string;
}

/** The --pysol and --solvitaire options of deal, verify, solve and hint. */
export function addPysolOption(command: Command): Command {
  return command
    .option('--pysol <number>', 'a PySolFC game number (12345, #12345, ms123, #ms123; docs/usage.md "Stuck on PySolFC game 12345?"): the deal of the preset\'s PySolFC game; without --preset, means --preset pysol')
    .option('--solvitaire <seed>', "a Solvitaire seed, 0 to 2147483647: the deal Solvitaire plays for --random SEED (sv-* presets only); without --preset, means --preset sv-canfield");
}

/**
 * A deal from a number argument, a --deal string or a --pysol number: exactly one of them, laid out for
 * the rules (RULES §10.9: a fixed base's cards in the foundation slots; --pysol: the preset's PySolFC
 * game). `orDealsFile`: the command also takes --deals-file (solve), so a missing deal names it too.
 */
export function deckFrom(numberArgument: string | undefined, sources: { deal?: string; pysol?: string; solvitaire?: string }, { preset, rules }: ChosenRules, { orDealsFile = false } = {}): ChosenDeal {
  const count = [numberArgument, sources.deal, sources.pysol, sources.solvitaire].filter((source) => source !== undefined).length;
  if (count > 1) throw new UsageError('give one deal: a deal number, --deal, --pysol or --solvitaire');
  const shape = dealShape(rules);
  if (sources.deal !== undefined) return { deck: parseDealFor(sources.deal, shape), label: 'Deal' };
  if (sources.pysol !== undefined) {
    const pysol = parsePysolNumber(sources.pysol);
    const deck = familyDealFromPysolNumber(pysolGameFor(preset, rules).id, pysol);
    // pysolGameFor has checked the base; this only repeats it, so no deck that does not lay out goes further
    const validation = validateDealShape(deck, shape);
    if (!validation.ok) throw new InputError(validation.error);
    return { deck, pysol, label: `PySolFC game ${pysol.text}` };
  }
  if (sources.solvitaire !== undefined) {
    const seed = parseSolvitaireSeed(sources.solvitaire);
    solvitaireGameFor(preset, rules);
    return { deck: canfieldDealFromSolvitaireSeed(seed), solvitaire: seed, label: `Solvitaire seed ${seed}` };
  }
  if (numberArgument === undefined) throw new UsageError(`give a deal number, --deal "<52 cards>", --pysol <number>${orDealsFile ? ', --solvitaire <seed> or --deals-file <file>' : ' or --solvitaire <seed>'}`);
  const number = parseDealNumber(numberArgument);
  return { deck: dealFromNumberFor(number, shape), number, label: `Deal ${number}` };
}

/**
 * A file's bytes as UTF-8 text; a UTF-16 file (Windows' "Unicode", PowerShell's `>`) is named as such
 * rather than read as a line of junk, and so is any other text that is not UTF-8.
 */
export function utf8Text(bytes: Uint8Array, what: string): string {
  refuseUtf16(bytes, what);
  if (bytes.includes(0)) throw new InputError(`${what} holds NUL bytes: UTF-16 text without a byte order mark? ${SAVE_AS_UTF8}`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(`${what} is not UTF-8 text: save it as UTF-8`);
  }
}

/** One line of --deals-file: a deal, and the moves played so far when the line gives them after a `|`. */
export interface DealLine {
  deck: Deck;
  /** The moves after `|` (solve from there), or undefined. */
  after?: string;
  /** The line's number in the file, for messages. */
  line: number;
}

/**
 * Deal strings, one per line (blank lines skipped), each laid out for the rules (RULES §10.9) and optionally followed by `| <moves>`; every
 * bad deal is reported before anything is solved.
 */
export function readDealsFile(file: string, rules: RuleSet): DealLine[] {
  const shape = dealShape(rules);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (error) {
    throw new InputError(`cannot read --deals-file ${quote(file)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const text = utf8Text(bytes, `--deals-file ${quote(file)}`);
  const deals: DealLine[] = [];
  const lines = (text.startsWith('\uFEFF') ? text.slice(1) : text).split(/\r?\n/);
  lines.forEach((line, index) => {
    if (trimBlanks(line) === '') return;
    const bar = line.indexOf('|');
    try {
      const deck = parseDealFor(bar < 0 ? line : line.slice(0, bar), shape);
      deals.push(bar < 0 ? { deck, line: index + 1 } : { deck, after: line.slice(bar + 1), line: index + 1 });
    } catch (error) {
      if (error instanceof InputError) throw new InputError(`${quote(file)} line ${index + 1}: ${error.message}`);
      throw error;
    }
  });
  if (deals.length === 0) throw new InputError(`no deals in --deals-file ${quote(file)}`);
  return deals;
}
