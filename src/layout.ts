// DealLayout: where a deal's cards start (RULES §2, §10.9), worked out once per deal for the engine, solver, players and printers.
import { CARD_COUNT, cardOf, MAX_DECKS, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';

/** Wings W1 … W8 are indices 0 … 7 everywhere below the CLI: Eagle Wing's eight, and the most a position of one deck keeps. */
export const WING_COUNT = 8;
/** The most wings a game may have (RULES §10.1; The Plot's twelve): W9 … W12, indices 8 … 11, only with several decks (position.ts). */
export const MAX_WINGS = 12;
/** RULES §10.15: the most trunks a game may have, and the most cards one of several trunks may hold (three bits a trunk in the position). */
export const MAX_TRUNKS = 4;
export const MAX_TRUNK_CARDS = 7;

/**
 * The fixed facts of a deal under a trunk size. The verifier works them out again on its own, on
 * purpose: it is the second opinion and shares nothing with the engine.
 */
export interface DealLayout {
  readonly deck: Deck;
  /** RULES §10.19: decks shuffled together (deck.length / 52); card v of deck k is card v + 52k. */
  readonly decks: number;
  /** Cards dealt to the trunk: deck[0 … trunkSize-1], its top deck[trunkSize-1]. */
  readonly trunkSize: number;
  /** RULES §10.15: trunks; trunk k holds deck[k·trunkCards … (k+1)·trunkCards-1] at the deal, its top the last. */
  readonly trunks: number;
  readonly trunkCards: number;
  /** Wings in play; deck[trunkSize + i·wingCards …] start wing i, bottom first (dealtCard). */
  readonly wings: number;
  /** RULES §10.14: cards dealt to each wing (1, 2 or 4); all but the top one lie under its run. */
  readonly wingCards: number;
  /** Bit i set: a wing's i-th dealt card (0 = the bottom) is dealt face up. */
  readonly wingFacesUp: number;
  /** The base card (the first foundation card of the deal); its rank is the base rank. Base cards shuffled in (RULES §10.7): the base rank's club, standing for the rank. */
  readonly baseCard: number;
  readonly baseRank: number;
  /** RULES §10.17: the player's first card up from a trunk sets the base (baseRank, baseCard: A, standing for none yet; the position keeps the rank). */
  readonly baseChosen: boolean;
  /** Cards dealt to the foundations: 1 (the base card), 4 a deck (a fixed base) or 0 (its cards shuffled in). */
  readonly foundationCards: number;
  /** The base card's suit, or -1 when all four foundations start (a fixed base). */
  readonly baseSuit: number;
  /** deck[stockStart] is the stock's first card to be turned. */
  readonly stockStart: number;
  readonly stockLength: number;
  /** The stock in dealing order: stockCards[i] = deck[stockStart + i], the card at stock index i. */
  readonly stockCards: Uint8Array;
  /** Stock index of each card, or -1 for trunk, wing and base cards (two to four decks: 16 bits, for stock places past 127). */
  readonly stockIndexOfCard: Int8Array | Int16Array;
}

/** Where the base card (or the first fixed-base card) is dealt: after the trunk and the wings. */
export function basePlace(trunkSize: number, wings = WING_COUNT, wingCards = 1): number {
  return trunkSize + wings * wingCards;
}
/** Where the stock starts: right after the foundation cards. */
export function stockStart(trunkSize: number, wings = WING_COUNT, foundationCards = 1, wingCards = 1): number {
  return trunkSize + wings * wingCards + foundationCards;
}

/**
 * The layout of a deal: `fixedBase` is RULES §10.7's fixed base rank (its four cards dealt as
 * foundations, or with `baseShuffled` with the rest), or -1 for a dealt base card; `wingFaces` the
 * faces of each wing's dealt cards, bottom first (RULES §10.14).
 */
export function dealLayout(deck: Deck, trunkSize: number, wings = WING_COUNT, fixedBase = -1, wingFaces: readonly boolean[] = [true], baseShuffled = false, trunks = 1, baseChosen = false): DealLayout {
  const decks = deck.length / CARD_COUNT;
  if (!Number.isInteger(decks) || decks < 1 || decks > MAX_DECKS) throw new Error(`a deal has 52 cards a deck, one to ${MAX_DECKS} decks`);
  const foundationCards = fixedBase < 0 ? 1 : baseShuffled ? 0 : 4 * decks;
  const wingCards = wingFaces.length;
  const baseCard = foundationCards === 0 ? cardOf(0, fixedBase) : deck[basePlace(trunkSize, wings, wingCards)];
  const start = stockStart(trunkSize, wings, foundationCards, wingCards);
  const stockCards = deck.slice(start);
  const stockIndexOfCard = decks === 1 ? new Int8Array(CARD_COUNT).fill(-1) : new Int16Array(deck.length).fill(-1);
  for (let i = 0; i < stockCards.length; i++) stockIndexOfCard[stockCards[i]] = i;
  return {
    deck,
    decks,
    trunkSize,
    trunks,
    trunkCards: trunkSize / trunks,
    baseChosen,
    wings,
    wingCards,
    wingFacesUp: facesUpBits(wingFaces),
    baseCard,
    baseRank: fixedBase < 0 ? rankOf(baseCard) : fixedBase,
    foundationCards,
    baseSuit: fixedBase < 0 ? suitOf(baseCard) : -1,
    stockStart: start,
    stockLength: stockCards.length,
    stockCards,
    stockIndexOfCard,
  };
}

/** Bit i set where a wing's i-th dealt card is face up. */
function facesUpBits(faces: readonly boolean[]): number {
  let bits = 0;
  for (let i = 0; i < faces.length; i++) if (faces[i]) bits |= 1 << i;
  return bits;
}

/** The top card dealt to wing `wing` (0-based): the one face up at the start. */
export function dealtWingCard(layout: DealLayout, wing: number): number {
  return dealtCard(layout, wing, layout.wingCards - 1);
}
/** The `index`-th card dealt to wing `wing` (0 = the bottom; RULES §10.14). */
export function dealtCard(layout: DealLayout, wing: number, index: number): number {
  return layout.deck[layout.trunkSize + wing * layout.wingCards + index];
}
/** Whether a wing's `index`-th dealt card was dealt face up. */
export function dealtFaceUp(layout: DealLayout, index: number): boolean {
  return ((layout.wingFacesUp >> index) & 1) !== 0;
}
