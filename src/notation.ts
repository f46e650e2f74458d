// Move tokens of RULES §5 (`T`, `R`, `W3F(6D)`, `2W1W4` …) to Move values and back.
import { BLANKS, notUtf8Hint, quote, trimBlanks } from './text.js';
import { formatCard, NO_CARD, parseCardToken } from './cards.js';
import { InputError, type Validation } from './errors.js';

/** Where a move takes its card from: T = turn, R = redeal, X = waste, K = trunk, S = stock, W = a wing, F = a foundation's top card (RULES §10.16). */
export type MoveSource = 'T' | 'R' | 'X' | 'K' | 'S' | 'W' | 'F';
/** Where it goes: F = its foundation (under RULES §10.18 the one up from the Ace), D = its foundation down from the King (§10.18), W = a wing; none for T and R. */
export type MoveTarget = 'F' | 'D' | 'W' | 'none';

export interface Move {
  source: MoveSource;
  /** 1-based wing number when source is W, else 0. Any number parses; the rules decide whether the wing exists. */
  fromWing: number;
  /** 1-based trunk number of `K1` … `K4` in a game of several trunks (RULES §10.15), else 0 (`K`, the one trunk). */
  fromTrunk: number;
  target: MoveTarget;
  /** 1-based wing number when target is W, else 0. */
  toWing: number;
  /** Cards moved: 1, or the group size of a `2W1W4` move. */
  count: number;
  /** The card named in brackets (for a group, the deepest card), or NO_CARD. */
  card: number;
}

const TOKEN_PATTERN = /^(?:(\d+)(?=W))?(T|R|X|K(\d+)?|S|F(?=[WFD])|W(\d+))(F|D|W(\d+))?(?:\(([^()]*)\))?$/i;

/** Checks one token; on failure says what is wrong with it. */
export function validateMove(token: string): Validation {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, error: `${quote(token)} is not a move (see RULES §5: T, R, W3F, XF, KF, XW2, KW6, SW5, W1W4, 2W1W4; §10.15-10.16: K2W3, FW1; §10.18: W3D, FD)` };
  const [, countText, sourceText, trunkText, fromText, targetText, toText, cardText] = match;
  const source = sourceText[0].toUpperCase();
  const hasTarget = targetText !== undefined;
  if ((source === 'T' || source === 'R') && hasTarget) return { ok: false, error: `${quote(token)}: ${source} takes no destination` };
  if (source !== 'T' && source !== 'R' && !hasTarget) return { ok: false, error: `${quote(token)} has no destination (F or a wing)` };
  if (source === 'S' && !targetText.toUpperCase().startsWith('W')) return { ok: false, error: `${quote(token)}: the stock card goes only into an empty wing (SW)` };
  // a number past 2^53 would be rounded by Number(): such a wing or count is refused here, quoted as typed
  for (const [text, what] of [[fromText, 'wing'], [toText, 'wing'], [trunkText, 'trunk'], [countText, 'count']] as const) {
    if (text !== undefined && !Number.isSafeInteger(Number(text))) return { ok: false, error: `${quote(token)}: ${what === 'count' ? `a count of ${text} cards is more than a deck holds` : `there is no ${what} ${text}`}` };
  }
  if (trunkText !== undefined && Number(trunkText) < 1) return { ok: false, error: `${quote(token)}: trunks are numbered from 1` };
  if (countText !== undefined) {
    const count = Number(countText);
    // RULES §10.18: four of a rank go up together from a wing, `4W3F`
    if (source !== 'W' || targetText.toUpperCase() === 'D') return { ok: false, error: `${quote(token)}: a count goes only on a move from a wing onto a wing or a foundation` };
    if (count < 2) return { ok: false, error: `${quote(token)}: a count prefix is 2 or more` };
  }
  if (source === 'F' && cardText === undefined) return { ok: false, error: `${quote(token)}: name the card that comes back from its foundation, as in FW3(5H)` };
  if (cardText !== undefined) {
    if (source === 'R') return { ok: false, error: `${quote(token)}: R names no card` };
    if (parseCardToken(cardText) === NO_CARD) return { ok: false, error: `${quote(token)}: ${quote(cardText)} is not a card` };
  }
  return { ok: true };
}

export function parseMove(token: string): Move {
  const validation = validateMove(token);
  if (!validation.ok) throw new InputError(validation.error);
  const [, countText, sourceText, trunkText, fromText, targetText, toText, cardText] = TOKEN_PATTERN.exec(token)!;
  const source = sourceText[0].toUpperCase() as MoveSource;
  const target: MoveTarget = targetText === undefined ? 'none' : (targetText[0].toUpperCase() as MoveTarget);
  return {
    source,
    fromWing: fromText === undefined ? 0 : Number(fromText),
    fromTrunk: trunkText === undefined ? 0 : Number(trunkText),
    target,
    toWing: toText === undefined ? 0 : Number(toText),
    count: countText === undefined ? 1 : Number(countText),
    card: cardText === undefined ? NO_CARD : parseCardToken(cardText),
  };
}

/** The tokens of a move list: words between blanks (any Unicode space: text.ts, BLANKS) or commas. */
export function splitMoveList(text: string): string[] {
  return trimBlanks(text)
    .split(BLANKS)
    .flatMap((word) => word.split(','))
    .filter((token) => token !== '');
}

/**
 * `1. QD wing 3 → foundation …`, pasted from solve's text: those lines are for reading, and verify wants
 * the tokens, which solve prints with --json.
 */
function numberedTextHint(text: string): string {
  if (!/(?:^|\s)\d+\.(?:\s|$)|→|\b(?:foundation|turn|trunk|wing)\b/i.test(text)) return '';
  return '; that is solve\'s text, for reading: verify takes the move tokens (W3F T XW2 …), which `solve … --json` prints in its field "moves"';
}

/** Every malformed token in a move list, with its 0-based index. */
export function validateMoveList(text: string): Validation {
  // the first bad token is shown; a long list of junk gives a count, not every token
  const problems = splitMoveList(text)
    .map((token, index) => ({ index, validation: validateMove(token) }))
    .filter(({ validation }) => !validation.ok);
  if (problems.length === 0) return { ok: true };
  const { index, validation } = problems[0];
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more bad ${problems.length === 2 ? 'move' : 'moves'})` : '';
  return { ok: false, error: `bad move list: move ${index + 1}: ${validation.error}${more}${numberedTextHint(text)}${notUtf8Hint(text)}` };
}

export function parseMoveList(text: string): Move[] {
  const validation = validateMoveList(text);
  if (!validation.ok) throw new InputError(validation.error);
  return splitMoveList(text).map(parseMove);
}

export function formatMove(move: Move, withCard = true): string {
  let text = '';
  if (move.count > 1) text += String(move.count);
  text += move.source === 'W' ? `W${move.fromWing}` : move.source === 'K' && move.fromTrunk > 0 ? `K${move.fromTrunk}` : move.source;
  if (move.target === 'F' || move.target === 'D') text += move.target;
  else if (move.target === 'W') text += `W${move.toWing}`;
  if (withCard && move.card !== NO_CARD && move.source !== 'R') text += `(${formatCard(move.card)})`;
  return text;
}

export function formatMoveList(moves: readonly Move[], withCard = true): string {
  return moves.map((move) => formatMove(move, withCard)).join(' ');
}

const SOURCE_WORDS: Record<MoveSource, string> = { T: 'turn', R: 'redeal', X: 'waste', K: 'trunk', S: 'stock', W: 'wing', F: 'foundation' };

/**
 * "6D wing 3 → foundation", for people reading a solution. `turned` lists the cards a turn turns up,
 * in turning order, when the rules turn several at once (RULES §10.8): the token names only the last.
 */
export function describeMove(move: Move, turned: readonly number[] = []): string {
  if (move.source === 'T' && turned.length > 1) return `turn ${turned.length} cards: ${turned.map(formatCard).join(' ')}, ${formatCard(turned[turned.length - 1])} on top`;
  if (move.source === 'T') return move.card === NO_CARD ? 'turn a stock card' : `turn ${formatCard(move.card)}`;
  if (move.source === 'R') return 'redeal: the waste becomes the stock';
  const cards = move.card === NO_CARD ? '' : move.count > 1 ? `${move.count} cards from ${formatCard(move.card)} ` : `${formatCard(move.card)} `;
  const from = move.source === 'W' ? `wing ${move.fromWing}` : move.source === 'K' && move.fromTrunk > 0 ? `trunk ${move.fromTrunk}` : SOURCE_WORDS[move.source];
  const to = move.target === 'F' ? 'foundation' : move.target === 'D' ? 'foundation down' : `wing ${move.toWing}`;
  return `${cards}${from} → ${to}`;
}
