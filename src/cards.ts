// Cards as small integers (suit * 13 + rank) and their text forms, RULES §1.
import { asciiTrim, asciiUpper } from './text.js';

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const SUIT_SYMBOLS = '♣♦♥♠';
export const CARD_COUNT = 52;
export const RANK_COUNT = 13;
export const NO_CARD = -1;

export function cardOf(suit: number, rank: number): number {
  return suit * RANK_COUNT + rank;
}
export function suitOf(card: number): number {
  return (card / RANK_COUNT) | 0;
}
export function rankOf(card: number): number {
  return card % RANK_COUNT;
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

export function formatCard(card: number): string {
  return RANKS[rankOf(card)] + SUITS[suitOf(card)];
}

export function formatCardSymbol(card: number): string {
  return RANKS[rankOf(card)] + SUIT_SYMBOLS[suitOf(card)];
}

/** Parses `5D`, `10h`, `Q♥`; returns NO_CARD for anything else. */
export function parseCardToken(token: string): number {
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
