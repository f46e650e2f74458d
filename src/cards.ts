// Cards as small integers (suit * 13 + rank) and their text forms, RULES §1.
import { asciiTrim, asciiUpper } from './text.js';

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const SUIT_SYMBOLS = '♣♦♥♠';
export const CARD_COUNT = 52;
export const RANK_COUNT = 13;
export const NO_CARD = -1;

/** The most decks a game may hold (docs/canfield-type.md, shape 9: Quadruple Canfield's four). */
export const MAX_DECKS = 4;

/*
 * Two to four decks: the copy k (0-based) of a card of value v (0 … 51, suit * 13 + rank) is card v + 52·k.
 * Twins are numbered in the order the deal meets them (deal.ts numberTwins), so that a deal's text says
 * which is which. rankOf and suitOf hold for every copy, and cardBelow and cardRanksAbove keep the copy.
 */
/** A card's value, 0 … 51, whichever deck it comes from. */
export function cardValue(card: number): number {
  return card % CARD_COUNT;
}

export function cardOf(suit: number, rank: number): number {
  return suit * RANK_COUNT + rank;
}
/** A card's suit (C D H S: 0 1 2 3), whichever deck it comes from: copy k's numbers run 4k suits on, so the low two bits. */
export function suitOf(card: number): number {
  return ((card / RANK_COUNT) | 0) & 3;
}
export function rankOf(card: number): number {
  return card % RANK_COUNT;
}
/** A card's rank counted from the foundations' base rank (0: the base, 12: the last to go up), whichever deck it comes from. */
export function rankFromBase(card: number, baseRank: number): number {
  return (rankOf(card) - baseRank + RANK_COUNT) % RANK_COUNT;
}
/** The card one rank lower in the same suit, round the corner (A's predecessor is K). */
export function cardBelow(card: number): number {
  const rank = rankOf(card);
  return card - rank + ((rank + RANK_COUNT - 1) % RANK_COUNT);
}
/** The card `steps` ranks higher in the same suit, round the corner (0 ≤ steps < 13). */
export function cardRanksAbove(card: number, steps: number): number {
  const rank = rankOf(card);
  return card - rank + ((rank + steps) % RANK_COUNT);
}

/** A card's text, `5D`; twins (card ≥ 52) are written as their value. */
export function formatCard(card: number): string {
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

export function formatCardSymbol(card: number): string {
  return RANKS[rankOf(card)] + SUIT_SYMBOLS[suitOf(card)];
}

/** A two-letter token's rank and suit by character code (ASCII letters in either case, digits), -1 for none: parseCardToken's quick way. */
const RANK_BY_CODE = new Int8Array(128).fill(-1);
const SUIT_BY_CODE = new Int8Array(128).fill(-1);
for (let rank = 0; rank < RANK_COUNT; rank++) {
  RANK_BY_CODE[RANKS[rank].charCodeAt(0)] = rank;
  RANK_BY_CODE[RANKS[rank].toLowerCase().charCodeAt(0)] = rank;
}
for (let suit = 0; suit < 4; suit++) {
  SUIT_BY_CODE[SUITS[suit].charCodeAt(0)] = suit;
  SUIT_BY_CODE[SUITS[suit].toLowerCase().charCodeAt(0)] = suit;
}

/** Parses `5D`, `10h`, `Q♥`; returns NO_CARD for anything else. */
export function parseCardToken(token: string): number {
  // the common case, a rank and a suit letter, read by table (a deals file holds 52 a line); the rest as below
  if (token.length === 2) {
    const first = token.charCodeAt(0);
    const second = token.charCodeAt(1);
    if (first < 128 && second < 128 && RANK_BY_CODE[first] >= 0 && SUIT_BY_CODE[second] >= 0) return cardOf(SUIT_BY_CODE[second], RANK_BY_CODE[first]);
  }
  // ASCII letters only: `ſ` upper-cases to S and the Kelvin sign lower-cases to k, and neither is a card
  const text = asciiUpper(asciiTrim(token));
  let rankText: string;
  let suitText: string;
  if (text.startsWith('10')) {
    rankText = 'T';
    suitText = text.slice(2);
  } else {
    rankText = text.slice(0, 1);
    suitText = text.slice(1);
  }
  if (suitText.length !== 1) return NO_CARD;
  const rank = RANKS.indexOf(rankText);
  let suit = SUITS.indexOf(suitText);
  if (suit < 0) suit = SUIT_SYMBOLS.indexOf(suitText);
  if (rank < 0 || suit < 0 || rankText === '') return NO_CARD;
  return cardOf(suit, rank);
}
