// DealLayout: where a deal's cards start (RULES §2, §10.9), worked out once per deal for the engine, solver, players and printers.
import { CARD_COUNT, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';

/** Wings W1 … W8 are indices 0 … 7 everywhere below the CLI. */
export const WING_COUNT = 8;
/** The most wings a game may have (RULES §10): wing numbers stay one digit in the notation. */
export const MAX_WINGS = 9;

/**
 * The fixed facts of a deal under a trunk size. The verifier works them out again on its own, on
 * purpose: it is the second opinion and shares nothing with the engine.
 */
export interface DealLayout {
  readonly deck: Deck;
  /** Cards dealt to the trunk: deck[0 … trunkSize-1], its top deck[trunkSize-1]. */
  readonly trunkSize: number;
  /** Wings in play; deck[trunkSize + i] starts wing i. */
  readonly wings: number;
  /** The base card (the first foundation card of the deal); its rank is the base rank. */
  readonly baseCard: number;
  readonly baseRank: number;
  /** The base card's suit, or -1 when all four foundations start (a fixed base). */
  readonly baseSuit: number;
  /** deck[stockStart] is the stock's first card to be turned. */
  readonly stockStart: number;
  readonly stockLength: number;
  /** The stock in dealing order: stockCards[i] = deck[stockStart + i], the card at stock index i. */
  readonly stockCards: Uint8Array;
  /** Stock index of each card, or -1 for trunk, wing and base cards. */
  readonly stockIndexOfCard: Int8Array;
}

/** Where the base card (or the first fixed-base card) is dealt: after the trunk and the wings. */
export function basePlace(trunkSize: number, wings = WING_COUNT): number {
  return trunkSize + wings;
}
/** Where the stock starts: right after the foundation cards. */
export function stockStart(trunkSize: number, wings = WING_COUNT, foundationCards = 1): number {
  return trunkSize + wings + foundationCards;
}

/** The layout of a deal: `fixedBase` is RULES §10.7's fixed base rank (its four cards dealt as foundations), or -1 for a dealt base card. */
export function dealLayout(deck: Deck, trunkSize: number, wings = WING_COUNT, fixedBase = -1): DealLayout {
  if (deck.length !== CARD_COUNT) throw new Error('a deck has 52 cards');
  const foundationCards = fixedBase < 0 ? 1 : 4;
  const baseCard = deck[basePlace(trunkSize, wings)];
  const start = stockStart(trunkSize, wings, foundationCards);
  const stockCards = deck.slice(start);
  const stockIndexOfCard = new Int8Array(CARD_COUNT).fill(-1);
  for (let i = 0; i < stockCards.length; i++) stockIndexOfCard[stockCards[i]] = i;
  return {
    deck,
    trunkSize,
    wings,
    baseCard,
    baseRank: fixedBase < 0 ? rankOf(baseCard) : fixedBase,
    baseSuit: fixedBase < 0 ? suitOf(baseCard) : -1,
    stockStart: start,
    stockLength: stockCards.length,
    stockCards,
    stockIndexOfCard,
  };
}

/** The card dealt to wing `wing` (0-based). */
export function dealtWingCard(layout: DealLayout, wing: number): number {
  return layout.deck[layout.trunkSize + wing];
}
