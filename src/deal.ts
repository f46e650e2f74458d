// Deal numbers -> shuffled decks (pure-rand), deal strings and their validation, RULES §2.
import { BLANKS, notUtf8Hint, quote, trimBlanks } from './text.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { CARD_COUNT, cardOf, formatCard, MAX_DECKS, parseCardToken, NO_CARD, RANKS, rankOf } from './cards.js';
import { InputError, type Validation } from './errors.js';

/** A deal: the 52 cards d[0] … d[51] in dealing order (RULES §2); of n decks, 52·n cards, twins numbered by numberTwins. */
export type Deck = Uint8Array;

/**
 * Card values (0 … 51, each n times) in dealing order -> the deal's cards: the k-th of a value met is its copy k
 * (cards.ts: value + 52·k). So the deal's text says which twin is which, and reading it back gives the same cards.
 */
export function numberTwins(values: ArrayLike<number>): Deck {
  const met = new Uint8Array(CARD_COUNT);
  const deck = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] % CARD_COUNT;
    deck[i] = value + CARD_COUNT * met[value]++;
  }
  return deck;
}
function deckText(decks: number): string {
  return decks === 1 ? `a deal has ${CARD_COUNT} cards` : `a deal of ${decks} decks has ${CARD_COUNT * decks} cards`;
}

export const MAX_DEAL_NUMBER = Number.MAX_SAFE_INTEGER;
const TWO_TO_32 = 0x1_0000_0000;
/** Outputs thrown away after seeding, so that nearby deal numbers do not start from similar states. */
const WARM_UP_OUTPUTS = 16;

export function validateDealNumber(value: string | number): Validation {
  const text = trimBlanks(String(value));
  if (!/^\d+$/.test(text)) return { ok: false, error: `deal number must be a whole number from 1 to ${MAX_DEAL_NUMBER}, got ${quote(String(value))}` };
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < 1) {
    return { ok: false, error: `deal number must be a whole number from 1 to ${MAX_DEAL_NUMBER}, got ${quote(String(value))}` };
  }
  return { ok: true };
}

export function parseDealNumber(value: string | number): number {
  const validation = validateDealNumber(value);
  if (!validation.ok) throw new InputError(validation.error);
  return Number(trimBlanks(String(value)));
}

/**
 * Deal N: xoroshiro128+ (pure-rand) seeded from N's high and low 32 bits as the state
 * [~hi, ~lo, lo, hi] (for N < 2^32 exactly pure-rand's xoroshiro128plus(N)), 16 outputs discarded,
 * then a Fisher–Yates shuffle of the ordered deck (AC … KC, AD … KD, AH … KH, AS … KS):
 * for i = 51 down to 1, swap d[i] with d[uniformInt(rng, 0, i)]. Of n decks: the n decks in a row,
 * i from 52·n − 1 down, then the twins numbered as the deal meets them (numberTwins).
 */
export function dealFromNumber(dealNumber: number, decks = 1): Deck {
  if (!Number.isSafeInteger(dealNumber) || dealNumber < 1) throw new InputError(`deal number out of range: ${dealNumber}`);
  const high = Math.floor(dealNumber / TWO_TO_32) | 0;
  const low = dealNumber % TWO_TO_32 | 0;
  const rng = xoroshiro128plusFromState([~high, ~low, low, high]);
  for (let i = 0; i < WARM_UP_OUTPUTS; i++) rng.next();
  const size = CARD_COUNT * decks;
  const deck = new Uint8Array(size);
  for (let i = 0; i < size; i++) deck[i] = i;
  for (let i = size - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const card = deck[i];
    deck[i] = deck[j];
    deck[j] = card;
  }
  return decks === 1 ? deck : numberTwins(deck);
}

/**
 * What a deal's layout depends on (RULES §10.9, §10.14): trunk size k, wings n, cards dealt a wing c, and
 * the fixed base rank (A = 0) whose four cards are dealt as foundations (or, `baseShuffled`, dealt
 * with the rest), or -1 when one base card is dealt.
 */
export interface DealShape {
  readonly trunk: number;
  readonly wings: number;
  readonly wingCards: number;
  readonly fixedBase: number;
  readonly baseShuffled: boolean;
  /** RULES §10.19: decks shuffled together (1 in every game of one deck). */
  readonly decks: number;
}

/** Foundation cards in the deal: f = 1 for a dealt base card, 4 for a fixed base (4·n of n decks), 0 when its cards are shuffled in (RULES §10.9). */
export function foundationCount(shape: DealShape): number {
  return shape.fixedBase < 0 ? 1 : shape.baseShuffled ? 0 : 4 * shape.decks;
}
/** Cards dealt to the trunk and the wings: d[0] … d[slot-1] (RULES §10.9). */
function tableauCards(shape: DealShape): number {
  return shape.trunk + shape.wings * shape.wingCards;
}

/**
 * Deal N under a shape. A dealt base takes deal N as it is (every deal made before fixed bases stays
 * the same). A fixed base (RULES §10.9): the four base-rank cards (4·n of n decks) go to d[k+n] … in suit
 * order C D H S, and the other cards keep deal N's order around them, as PySolFC's
 * _shuffleHookMoveToTop keeps the rest of its talon.
 */
export function dealFromNumberFor(dealNumber: number, shape: DealShape): Deck {
  const deck = dealFromNumber(dealNumber, shape.decks);
  const slot = tableauCards(shape);
  const f = foundationCount(shape);
  if (slot + f > deck.length) throw new InputError(shapeProblem(shape));
  if (f < 4) return deck;
  const rest = deck.filter((card) => rankOf(card) !== shape.fixedBase);
  const out = new Uint8Array(deck.length);
  out.set(rest.subarray(0, slot), 0);
  for (let suit = 0; suit < 4; suit++) for (let copy = 0; copy < shape.decks; copy++) out[slot + suit * shape.decks + copy] = cardOf(suit, shape.fixedBase) + CARD_COUNT * copy;
  out.set(rest.subarray(slot), slot + f);
  return shape.decks === 1 ? out : numberTwins(out);
}

function shapeProblem(shape: DealShape): string {
  const f = foundationCount(shape);
  const wings = shape.wingCards === 1 ? `${shape.wings} wings` : `${shape.wings} wings of ${shape.wingCards} cards`;
  return `a deal of ${shape.trunk} trunk cards, ${wings} and ${f} foundation ${f === 1 ? 'card' : 'cards'} needs ${tableauCards(shape) + f} cards, more than ${CARD_COUNT * shape.decks}`;
}

/**
 * Whether a deck lays out under a shape (RULES §10.9): k + n + f ≤ 52·decks, and a fixed base's
 * foundation slots hold exactly its cards (in any order); the message names the slots.
 */
export function validateDealShape(deck: ArrayLike<number>, shape: DealShape): Validation {
  const f = foundationCount(shape);
  const slot = tableauCards(shape);
  if (slot + f > CARD_COUNT * shape.decks) return { ok: false, error: shapeProblem(shape) };
  if (f < 4) return { ok: true };
  const rank = RANKS[shape.fixedBase];
  for (let i = slot; i < slot + f; i++) {
    if (rankOf(deck[i]) !== shape.fixedBase) {
      return { ok: false, error: `with base ${rank}, cards ${slot + 1}-${slot + f} of the deal (the foundations) must be the ${f === 4 ? 'four' : f} ${rank}s, but card ${i + 1} is ${formatCard(deck[i])}` };
    }
  }
  return { ok: true };
}

/** A deal string under a shape: 52 distinct cards (RULES §2; each card n times of n decks) that lay out (validateDealShape). */
export function parseDealFor(text: string, shape: DealShape): Deck {
  const deck = parseDeal(text, shape.decks);
  const validation = validateDealShape(deck, shape);
  if (!validation.ok) throw new InputError(validation.error);
  return deck;
}

export function formatDeal(deck: ArrayLike<number>): string {
  return Array.from(deck, formatCard).join(' ');
}

/** Every problem with a deal string of `decks` decks: bad tokens (with their 1-based position), cards too often or missing, wrong count. */
export function validateDeal(text: string, decks = 1): Validation {
  if (!Number.isInteger(decks) || decks < 1 || decks > MAX_DECKS) return { ok: false, error: `a deal holds 1 to ${MAX_DECKS} decks, not ${decks}` };
  const tokens = trimBlanks(text).split(BLANKS).filter((token) => token !== '');
  const problems: string[] = [];
  const seen = new Uint8Array(CARD_COUNT);
  const duplicated: string[] = [];
  let badTokens = 0;
  tokens.forEach((token, index) => {
    const card = parseCardToken(token);
    if (card === NO_CARD) {
      // the first bad token is shown; a long line of junk gives a count, not a list
      if (badTokens++ === 0) problems.push(`bad card ${quote(token)} at position ${index + 1}`);
    } else {
      if (seen[card] === decks) duplicated.push(formatCard(card));
      else seen[card]++;
    }
  });
  if (badTokens > 1) problems.push(`${badTokens - 1} more bad ${badTokens === 2 ? 'card' : 'cards'}`);
  if (duplicated.length > 0) problems.push(`${decks === 1 ? 'duplicated' : `more than ${decks} of`} ${duplicated.join(' ')}`);
  const missing: string[] = [];
  for (let card = 0; card < CARD_COUNT; card++) for (let copy = seen[card]; copy < decks; copy++) missing.push(formatCard(card));
  if (tokens.length !== CARD_COUNT * decks) problems.push(`${deckText(decks)}, got ${tokens.length}`);
  if (missing.length > 0) problems.push(`missing ${missing.join(' ')}`);
  return problems.length === 0 ? { ok: true } : { ok: false, error: `bad deal string: ${problems.join('; ')}${notUtf8Hint(text)}` };
}

/** A deal string of `decks` decks (RULES §2: each card once; of n decks, each n times, twins numbered by numberTwins). */
export function parseDeal(text: string, decks = 1): Deck {
  // one pass for a good deal string (52 cards, each once); validateDeal names what is wrong with any other
  const tokens = trimBlanks(text).split(BLANKS);
  if (decks === 1 && tokens.length === CARD_COUNT) {
    const deck = new Uint8Array(CARD_COUNT);
    const seen = new Uint8Array(CARD_COUNT);
    let at = 0;
    for (; at < CARD_COUNT; at++) {
      const card = parseCardToken(tokens[at]);
      if (card === NO_CARD || seen[card] === 1) break;
      seen[card] = 1;
      deck[at] = card;
    }
    if (at === CARD_COUNT) return deck;
  }
  const validation = validateDeal(text, decks);
  if (!validation.ok) throw new InputError(validation.error);
  return numberTwins(trimBlanks(text).split(BLANKS).map(parseCardToken));
}
