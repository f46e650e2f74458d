// DealLayout: where a deal's cards start (RULES §2), worked out once per deal for the engine, solver, players and printers.
import { CARD_COUNT, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';

/** Wings W1 … W8 are indices 0 … 7 everywhere below the CLI. */
export const WING_COUNT = 8;
/** The most wings a game may have (GAMES.md G1): wing numbers stay one digit in the notation. */
export const MAX_WINGS = 9;

/**
 * The fixed facts of a deal under a trunk size. The verifier works them out again on its own, on
 * purpose: it is the second opinion and shares nothing with the engine.
 */
export interface DealLayout {
  readonly deck: Deck;
  /** Cards dealt to the trunk: deck[0 … trunkSize-1], its top deck[trunkSize-1]. */
  readonly trunkSize: number;
  /** deck[trunkSize + i] starts wing i. */
  readonly baseCard: number;
  readonly baseRank: number;
  readonly baseSuit: number;
  /** deck[stockStart] is the stock's first card to be turned. */
  readonly stockStart: number;
  readonly stockLength: number;
  /** The stock in dealing order: stockCards[i] = deck[stockStart + i], the card at stock index i. */
  readonly stockCards: Uint8Array;
  /** Stock index of each card, or -1 for trunk, wing and base cards. */
  readonly stockIndexOfCard: Int8Array;
}

/** Where the base card is dealt: after the trunk and the wings. */
export function basePlace(trunkSize: number): number {
  return trunkSize + WING_COUNT;
}
/** Where the stock starts: right after the base card. */
export function stockStart(trunkSize: number): number {
  return trunkSize + WING_COUNT + 1;
}

export function dealLayout(deck: Deck, trunkSize: number): DealLayout {
  if (deck.length !== CARD_COUNT) throw new Error('a deck has 52 cards');
  const baseCard = deck[basePlace(trunkSize)];
  const stockCards = deck.slice(stockStart(trunkSize));
  const stockIndexOfCard = new Int8Array(CARD_COUNT).fill(-1);
  for (let i = 0; i < stockCards.length; i++) stockIndexOfCard[stockCards[i]] = i;
  return {
    deck,
    trunkSize,
    baseCard,
    baseRank: rankOf(baseCard),
    baseSuit: suitOf(baseCard),
    stockStart: stockStart(trunkSize),
    stockLength: stockCards.length,
    stockCards,
    stockIndexOfCard,
  };
}

/** The card dealt to wing `wing` (0-based). */
export function dealtWingCard(layout: DealLayout, wing: number): number {
  return layout.deck[layout.trunkSize + wing];
}
