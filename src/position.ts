// The packed position: its bit layout and the only readers and writers that shift or mask its words.
import { CARD_COUNT, cardRanksAbove, NO_CARD, RANK_COUNT, suitOf } from './cards.js';
import { MAX_WINGS, WING_COUNT, dealtCard, dealtWingCard, type DealLayout } from './layout.js';

/*
 * A position is POSITION_WORDS 32-bit words (an Int32Array), copied whole for undo, or
 * LINKED_POSITION_WORDS when wings are linked (below):
 *
 * | word  | bits  | field                                                                |
 * |-------|-------|----------------------------------------------------------------------|
 * | 0..7  | 0-7   | wing i: its top card (a wing is always one run, RULES §10.5): a card |
 * |       |       | number, below 52 with one deck, up to 207 with four (cards.ts)       |
 * | 0..7  | 8-15  | wing i: its height, 0 = empty (wings past the game's count: empty)   |
 * | 8     | 4s..  | foundation height of suit s (0–13), 4 bits each                      |
 * | 8     | 16+3k | several trunks only (RULES §10.15): cards left in trunk k, 3 bits    |
 * |       |       | each: deck[k·c … k·c+n-1], top deck[k·c+n-1] (c cards dealt a trunk) |
 * | 8     | 28-31 | a chosen base only (RULES §10.17): its rank + 1, 0 until chosen      |
 * | 8     | 16+4s | two foundations a suit only (RULES §10.18; one trunk, no chosen base): |
 * |       |       | the height of suit s's foundation down from the King (0–13)          |
 * | 8     | 16+r  | four of a rank only (RULES §10.18): rank r's four cards are up; the  |
 * |       |       | four heights below then count the ranks up, each suit's alike        |
 * | 9     | 0-5   | cards left in the trunk: deck[0 … n-1], top deck[n-1]; with several  |
 * |       |       | trunks, left in all of them                                           |
 * | 9     | 6-13  | stock pointer p: filled stock places with index < p are the waste    |
 * | 9     | 14-17 | redeals used                                                         |
 * | 9     | 18-31 | wing i: its dealt cards still under its run (RULES §10.14), 2 bits each |
 * |       |       | (seven wings at most)                                                 |
 * | 10,11 | 0-31  | stock places 0–31 and 32–63 still filled (in stock or waste)         |
 * | 12..24| bytes | linked wings only: byte c = the card under card c on its wing, plus  |
 * |       |       | one; 0 when c is a wing's bottom card or on no wing                  |
 * | 25..28| 2s..  | linked wings only: the suit code of the card under card c, 2 bits    |
 * |       |       | each (16 cards a word): bit 0 S or H, bit 1 D or H (C 0, S 1, D 2,   |
 * |       |       | H 3); 0 when c is a wing's bottom card or on no wing                 |
 *
 * Two to four decks (RULES §10.19; positionWords) keep their links for every card number (13 words a
 * deck from word 12, no under-suit codes: their key walks the links) and DECKS_TAIL_WORDS more at the end:
 *
 * | word   | bits  | field                                                              |
 * |--------|-------|--------------------------------------------------------------------|
 * | 8      | 0-15  | foundation 1 of each suit, 4 bits a suit (as above)                 |
 * | 8      | 16-31 | foundation 2 of each suit                                           |
 * | end-6..end-2 | 0-31 | stock places 64–95, 96–127, … 192–223 still filled         |
 * | end-1  | 0-31  | foundations 3 and 4 of each suit, as word 8's two                   |
 *
 * A game of more than eight wings (RULES §10.1; The Plot's twelve, only with several decks) keeps wings
 * 8 … 11 in EXTRA_WING_WORDS words just before that tail (end-10 … end-7), laid out as words 0..7. Only
 * the decks… wing readers look there (decksWingWord), so one deck's readers index words 0..7 as they
 * always did; the writers, once a move, find a wing's word either way.
 *
 * A suit's n foundations are kept highest first (raiseFoundationOf raises the first of a height), so
 * that which of two foundations a card went onto is never told apart: they take the same cards after.
 *
 * A stock place is a card's stock index (DealLayout.stockCards). Stock and waste always keep the
 * deal's order, so the pointer and the filled places say where every stock card is.
 *
 * Under `suit-down` or no building a wing is a run down in one suit, so its top card and height say
 * every card on it (wingCard). Under `alt-colour-down` and `any-suit-down` they do not (two or four
 * cards may lie under a card; RULES §10.5), and the position carries the links: such wings are
 * read with linkedWingCard and written with the linked writers. Eagle Wing's presets never pay for them.
 * A wing dealt several cards (RULES §10.14) is its dealt cards still in place, which never move (the
 * layout says which they are: the count says how many), under a run. The run holds the top dealt card
 * until it leaves; when the run leaves whole, the next dealt card is turned and starts it again
 * (turnDealtCard), so a wing with dealt cards under its run is never empty.
 * The suit codes say the links again, in the form a key wants (solver/family/key.ts): together with each
 * wing's top and height they name every card on the wings, whatever the wings' order, and the
 * writers keep them, so that a key copies words instead of walking the wings.
 */
export const POSITION_WORDS = 12;
const LINK_WORDS = CARD_COUNT / 4;
/** Words of the cards' under-suit codes (2 bits a card). */
export const UNDER_SUIT_WORDS = Math.ceil((2 * CARD_COUNT) / 32);
export const LINKED_POSITION_WORDS = POSITION_WORDS + LINK_WORDS + UNDER_SUIT_WORDS;
/** RULES §10.19: the words past the rest of a position of two to four decks: five words of stock places past 63 (four decks' stock holds up to 206 cards, with no trunk and one wing) and one of foundations. */
const DECKS_TAIL_WORDS = 6;
/** Wings past WING_COUNT a position of several decks may keep (MAX_WINGS in all), a word each. */
const EXTRA_WING_WORDS = MAX_WINGS - WING_COUNT;
/** Wing w ≥ WING_COUNT lies in word length - EXTRA_WINGS_BACK + w: the EXTRA_WING_WORDS words before the decks tail. */
const EXTRA_WINGS_BACK = DECKS_TAIL_WORDS + EXTRA_WING_WORDS + WING_COUNT;
/** The words of a position of `decks` decks and `wings` wings, its wings linked or not (more than WING_COUNT wings only with several decks). */
export function positionWords(linked: boolean, decks = 1, wings = WING_COUNT): number {
  if (decks === 1) return linked ? LINKED_POSITION_WORDS : POSITION_WORDS;
  // the link words even where wings are not linked (American Toad): every position of several decks is then longer than any of one
  return POSITION_WORDS + LINK_WORDS * decks + (wings > WING_COUNT ? EXTRA_WING_WORDS : 0) + DECKS_TAIL_WORDS;
}
/** The word of a wing in any position: its number below WING_COUNT, past it (several decks only) one of the words before the decks tail. */
function decksWingWord(position: Position, wing: number): number {
  return wing < WING_COUNT ? wing : position.length - EXTRA_WINGS_BACK + wing;
}
/** Whether a position keeps wings past WING_COUNT: one of several decks whose words are not a whole number of decks' links past the rest. */
function hasExtraWings(position: Position): boolean {
  return hasDecksTail(position) && (position.length - POSITION_WORDS - DECKS_TAIL_WORDS) % LINK_WORDS !== 0;
}
/** Whether a position has the tail of two to four decks: one compare, as no one-deck position is as long. */
function hasDecksTail(position: Position): boolean {
  return position.length > LINKED_POSITION_WORDS;
}
/** Words of stock places in a position of several decks: 10 and 11, and the tail's five (224 places). */
const DECKS_STOCK_WORDS = 7;
/** The word of stock place `index`'s bit: words 10 and 11, or past place 63 the tail's. */
function placeWord(position: Position, index: number): number {
  return index < NEAR_PLACES ? FILLED_WORD + (index >> 5) : position.length - DECKS_TAIL_WORDS + ((index - NEAR_PLACES) >> 5);
}
/** Stock places kept in words 10 and 11: every place of a one-deck game. */
const NEAR_PLACES = 64;
/** The packed position: an Int32Array at run time, told apart from other word arrays by the compiler only. */
export type Position = Int32Array & { readonly __brand: 'Position' };

const WING_CARD_MASK = 0xff;
const WING_HEIGHT_SHIFT = 8;
const WING_HEIGHT_MASK = 0xff;
/** wingCode's fields: a card below 64 and a height below 64, as the keys pack them. */
const CODE_CARD_MASK = 0x3f;
const CODE_HEIGHT_MASK = 0xfc0;
const LINK_WORD = POSITION_WORDS;
const UNDER_SUIT_WORD = LINK_WORD + LINK_WORDS;
const CARDS_PER_SUIT_WORD = 16;
/** Every foundation at 1: the four cards of a fixed base rank (RULES §10.7). */
const ALL_FOUNDATIONS_STARTED = 0x1111;
const FOUNDATION_WORD = 8;
const FOUNDATION_BITS = 4;
const FOUNDATION_MASK = 0xf;
/** Every foundation at 13 (0xd). */
const ALL_FOUNDATIONS_COMPLETE = 0xdddd;
const TRUNK_COUNTS_SHIFT = 16;
const TRUNK_COUNT_BITS = 3;
const TRUNK_COUNT_MASK = 0x7;
const CHOSEN_BASE_SHIFT = 28;
const DOWN_SHIFT = 16;
const FOUNDATION_HEIGHTS_MASK = 0xffff;
const COUNTS_WORD = 9;
const TRUNK_MASK = 0x3f;
const POINTER_SHIFT = 6;
const POINTER_MASK = 0xff;
const REDEALS_USED_SHIFT = 14;
const REDEALS_USED_MASK = 0xf;
const DEALT_UNDER_WORD = COUNTS_WORD;
const FILLED_WORD = 10;
const DEALT_UNDER_SHIFT = 18;
const DEALT_UNDER_BITS = 2;
const DEALT_UNDER_MASK = 0x3;

/** A zeroed position: POSITION_WORDS words, or LINKED_POSITION_WORDS for linked wings. */
export function newPosition(words = POSITION_WORDS): Position {
  return new Int32Array(words) as Position;
}
/** A copy of the position's words (a new array: not for the search's inner loop). */
export function copyPosition(position: Position): Position {
  return position.slice() as Position;
}

// ---- readers ----

export function wingHeight(position: Position, wing: number): number {
  return (position[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
}
/** The wing's top card, or NO_CARD when it is empty. */
export function wingTop(position: Position, wing: number): number {
  const word = position[wing];
  return ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0 ? NO_CARD : word & WING_CARD_MASK;
}
/**
 * A wing's top card (below 64) and height (below 64) as one number, the card in bits 0-5 and the height in 6-11
 * (below 1024 for heights up to 15), 0 when empty: equal codes, equal piles (for keys, unlinked wings).
 */
export function wingCode(position: Position, wing: number): number {
  const word = position[wing];
  return word >>> WING_HEIGHT_SHIFT === 0 ? 0 : (word & CODE_CARD_MASK) | ((word >>> 2) & CODE_HEIGHT_MASK);
}
/** The card `depth` places below a wing's top (0 = the top): one rank higher per place. */
export function wingCard(position: Position, wing: number, depth: number): number {
  const top = position[wing] & WING_CARD_MASK;
  return depth === 0 ? top : cardRanksAbove(top, depth);
}
/**
 * The card under `card` on its wing when wings are linked, or NO_CARD when it is the wing's bottom card, or off the
 * wings: a position starts with no links, and a card taken off a wing (takeFromLinkedWing) keeps none.
 */
export function cardUnder(position: Position, card: number): number {
  return ((position[LINK_WORD + (card >> 2)] >>> ((card & 3) << 3)) & 0xff) - 1;
}
/**
 * Word `index` (0 … UNDER_SUIT_WORDS-1) of the under-suit codes: cards 16·index … 16·index+15, two bits
 * each from bit 0, the code of the suit of the card under each (bit 0 S or H, bit 1 D or H; 0 also
 * where no card is under it).
 */
export function underSuitCodes(position: Position, index: number): number {
  return position[UNDER_SUIT_WORD + index];
}
/**
 * Bit 0 of each under-suit code in word `index`, the 16 of them packed into bits 0-15 (card 16·index +
 * i at bit i). Under alternate colours that bit is all a link says: which suit of the other colour
 * lies under the card (S or H 1).
 */
export function underSuitChoices(position: Position, index: number): number {
  let bits = position[UNDER_SUIT_WORD + index] & 0x55555555;
  bits = (bits | (bits >>> 1)) & 0x33333333;
  bits = (bits | (bits >>> 2)) & 0x0f0f0f0f;
  bits = (bits | (bits >>> 4)) & 0x00ff00ff;
  return (bits | (bits >>> 8)) & 0xffff;
}
/** The card `depth` places below a linked wing's top (0 = the top). */
export function linkedWingCard(position: Position, wing: number, depth: number): number {
  let card = position[wing] & WING_CARD_MASK;
  for (let i = 0; i < depth; i++) card = cardUnder(position, card);
  return card;
}
/** RULES §10.1, §10.19: wingHeight of a position of several decks, whose wings past WING_COUNT lie before its tail. */
export function decksWingHeight(position: Position, wing: number): number {
  return (position[decksWingWord(position, wing)] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
}
/** RULES §10.1, §10.19: wingTop of a position of several decks. */
export function decksWingTop(position: Position, wing: number): number {
  const word = position[decksWingWord(position, wing)];
  return ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0 ? NO_CARD : word & WING_CARD_MASK;
}
/** RULES §10.1, §10.19: wingCard of a position of several decks (unlinked wings: a run down in suit). */
export function decksWingCard(position: Position, wing: number, depth: number): number {
  const top = position[decksWingWord(position, wing)] & WING_CARD_MASK;
  return depth === 0 ? top : cardRanksAbove(top, depth);
}
/** RULES §10.1, §10.19: linkedWingCard of a position of several decks. */
export function decksLinkedWingCard(position: Position, wing: number, depth: number): number {
  let card = position[decksWingWord(position, wing)] & WING_CARD_MASK;
  for (let i = 0; i < depth; i++) card = cardUnder(position, card);
  return card;
}
export function foundationHeight(position: Position, suit: number): number {
  return (position[FOUNDATION_WORD] >> (suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
}
/** All four foundations' heights in one number, 4 bits a suit (clubs lowest): for keys that pack them whole. */
export function foundationHeights(position: Position): number {
  return position[FOUNDATION_WORD] & 0xffff;
}
/** The cards on the foundations, from their heights packed as foundationHeights packs them. */
export function heightsTotal(heights: number): number {
  let total = 0;
  for (let suit = 0; suit < 4; suit++) total += (heights >> (suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
  return total;
}
export function foundationTotal(position: Position): number {
  return heightsTotal(foundationHeights(position));
}
/** RULES §3.9: all 52 cards are on the foundations (the word's high half: trunk counts, all 0 then, and a chosen base). */
export function isWon(position: Position): boolean {
  return (position[FOUNDATION_WORD] & FOUNDATION_HEIGHTS_MASK) === ALL_FOUNDATIONS_COMPLETE;
}
/** RULES §10.19: the height of foundation `copy` (0 … decks-1, highest first) of this suit. */
export function foundationHeightOf(position: Position, suit: number, copy: number): number {
  const word = copy < 2 ? position[FOUNDATION_WORD] : position[position.length - 1];
  return (word >>> ((copy & 1) * 16 + suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
}
/** RULES §10.19: one more card on foundation `copy` of this suit (the caller keeps a suit's foundations highest first). */
export function raiseFoundationOf(position: Position, suit: number, copy: number): void {
  position[copy < 2 ? FOUNDATION_WORD : position.length - 1] += 1 << ((copy & 1) * 16 + suit * FOUNDATION_BITS);
}
/**
 * RULES §10.20: the height of foundation `foundation` (0 … 4·decks-1) of foundations by rank in any suit, 0 the
 * first: the fields of §10.19's foundations, foundation f in suit f mod 4's field of copy ⌊f/4⌋ (their suits mean nothing there).
 */
export function rankFoundationHeight(position: Position, foundation: number): number {
  return foundationHeightOf(position, foundation & 3, foundation >> 2);
}
/** RULES §10.20: one more card on foundation `foundation` by rank (the caller keeps foundations 1 … highest first). */
export function raiseRankFoundation(position: Position, foundation: number): void {
  raiseFoundationOf(position, foundation & 3, foundation >> 2);
}
/** RULES §10.20: the deal's base card on the first foundation by rank, whatever its suit (dealPosition put it on its suit's). */
export function startFirstRankFoundation(position: Position): void {
  position[FOUNDATION_WORD] = (position[FOUNDATION_WORD] & ~FOUNDATION_HEIGHTS_MASK) | 1;
}
/** RULES §10.19: stock places 32·index … 32·index+31 still filled, one bit each (index 0-6: words 10 and 11, then the tail's five). */
export function stockPlaceBits(position: Position, index: number): number {
  return position[index < 2 ? FILLED_WORD + index : position.length - DECKS_TAIL_WORDS + index - 2];
}
/** RULES §10.19: the foundations' heights of two decks in one word: `index` 0, foundations 1 and 2 of each suit (word 8); 1, foundations 3 and 4 (the tail's). */
export function decksFoundationWord(position: Position, index: number): number {
  return index === 0 ? position[FOUNDATION_WORD] : position[position.length - 1];
}
/** RULES §10.19: the cards on all the foundations of a game of `decks` decks. */
export function decksFoundationTotal(position: Position, decks: number): number {
  const word = position[FOUNDATION_WORD];
  let total = heightsTotal(word & 0xffff) + heightsTotal(word >>> 16);
  if (decks > 2) total += heightsTotal(position[position.length - 1] & 0xffff);
  if (decks > 3) total += heightsTotal(position[position.length - 1] >>> 16);
  return total;
}
/** RULES §10.19: won when all 52·decks cards are up. */
export function isWonDecks(position: Position, decks: number): boolean {
  return decksFoundationTotal(position, decks) === CARD_COUNT * decks;
}
/** RULES §10.18: the height of this suit's foundation down from the King. */
export function downHeight(position: Position, suit: number): number {
  return (position[FOUNDATION_WORD] >>> (DOWN_SHIFT + suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
}
/** RULES §10.18: the cards on the foundations down from the Kings. */
export function downTotal(position: Position): number {
  return heightsTotal(position[FOUNDATION_WORD] >>> DOWN_SHIFT);
}
/** RULES §10.18: won when each suit's two foundations hold its 13 cards between them. */
export function isWonUpDown(position: Position): boolean {
  const word = position[FOUNDATION_WORD];
  for (let shift = 0; shift < DOWN_SHIFT; shift += FOUNDATION_BITS) {
    if (((word >>> shift) & FOUNDATION_MASK) + ((word >>> (shift + DOWN_SHIFT)) & FOUNDATION_MASK) !== RANK_COUNT) return false;
  }
  return true;
}
/** RULES §10.18 `four-of-a-rank`: the ranks whose four cards are up, bit r for rank r (A = 0). */
export function ranksUp(position: Position): number {
  return (position[FOUNDATION_WORD] >>> DOWN_SHIFT) & 0x1fff;
}
/** RULES §10.18 `four-of-a-rank`: the four cards of `rank` go up together (one more card on each suit's count). */
export function raiseFourOfARank(position: Position, rank: number): void {
  position[FOUNDATION_WORD] += ALL_FOUNDATIONS_STARTED | (1 << (DOWN_SHIFT + rank));
}
/** RULES §10.18: one more card on this suit's foundation down from the King. */
export function raiseDown(position: Position, suit: number): void {
  position[FOUNDATION_WORD] += 1 << (DOWN_SHIFT + suit * FOUNDATION_BITS);
}
/** RULES §10.16, §10.18: the top card of this suit's foundation down from the King comes back. */
export function lowerDown(position: Position, suit: number): void {
  position[FOUNDATION_WORD] -= 1 << (DOWN_SHIFT + suit * FOUNDATION_BITS);
}
/** RULES §10.17: the base rank the player chose (A = 0), or -1 before the first card goes up. */
export function chosenBase(position: Position): number {
  return (position[FOUNDATION_WORD] >>> CHOSEN_BASE_SHIFT) - 1;
}
/** RULES §10.17: the first card up sets the base rank. */
export function chooseBase(position: Position, rank: number): void {
  position[FOUNDATION_WORD] = (position[FOUNDATION_WORD] & ~(0xf << CHOSEN_BASE_SHIFT)) | ((rank + 1) << CHOSEN_BASE_SHIFT);
}
/** RULES §10.14: the wing's dealt cards still under its run (0 for every wing dealt one card). */
export function dealtUnder(position: Position, wing: number): number {
  // two shifts, so that W8 (whose count would lie past bit 31, where one shift of 32 wraps to bit 0) reads 0
  return ((position[DEALT_UNDER_WORD] >>> DEALT_UNDER_SHIFT) >>> (DEALT_UNDER_BITS * wing)) & DEALT_UNDER_MASK;
}
/** Every wing's dealtUnder count in one number, 2 bits a wing from wing 0 (0: no dealt card under any run). */
export function dealtUnderCounts(position: Position): number {
  return position[DEALT_UNDER_WORD] >>> DEALT_UNDER_SHIFT;
}
/** Cards left in the trunk, or with several trunks (RULES §10.15) in all of them. */
export function trunkCount(position: Position): number {
  return position[COUNTS_WORD] & TRUNK_MASK;
}
/** RULES §10.15: cards left in trunk `trunk` (0-based) of several (at most 7: 3 bits); 0 for the one trunk of every other game. */
export function trunkCountOf(position: Position, trunk: number): number {
  return (position[FOUNDATION_WORD] >>> (TRUNK_COUNTS_SHIFT + TRUNK_COUNT_BITS * trunk)) & TRUNK_COUNT_MASK;
}
/** Every trunk's count, 3 bits a trunk from trunk 0, and a chosen base's field above them, or (RULES §10.18) the four down foundations' heights, in one 16-bit number (0 in other games): for keys. */
export function trunksAndBase(position: Position): number {
  return position[FOUNDATION_WORD] >>> TRUNK_COUNTS_SHIFT;
}
/** The top card of trunk `trunk` of several, or NO_CARD when it is empty. */
export function trunkTopOf(position: Position, layout: DealLayout, trunk: number): number {
  const count = trunkCountOf(position, trunk);
  return count === 0 ? NO_CARD : layout.deck[trunk * layout.trunkCards + count - 1];
}
/** Filled stock places below the pointer are the waste; the others are the stock. */
export function stockPointer(position: Position): number {
  return (position[COUNTS_WORD] >> POINTER_SHIFT) & POINTER_MASK;
}
export function redealsUsed(position: Position): number {
  return (position[COUNTS_WORD] >> REDEALS_USED_SHIFT) & REDEALS_USED_MASK;
}
/** Whether the card of stock place `index` is still in the stock or the waste. */
export function stockPlaceFilled(position: Position, index: number): boolean {
  return ((position[FILLED_WORD + (index >> 5)] >>> (index & 31)) & 1) === 1;
}
/** Stock index of the waste's top card, or -1 when the waste is empty. */
export function wasteTopIndex(position: Position): number {
  const pointer = stockPointer(position);
  if (pointer > 32) {
    const high = position[FILLED_WORD + 1] & (pointer - 32 === 32 ? -1 : (1 << (pointer - 32)) - 1);
    if (high !== 0) return 32 + highestBit(high);
  }
  const low = position[FILLED_WORD] & (pointer >= 32 ? -1 : (1 << pointer) - 1);
  return low !== 0 ? highestBit(low) : -1;
}
/** Cards in the waste: filled stock places below the pointer. */
export function wasteCardCount(position: Position): number {
  const pointer = stockPointer(position);
  const low = position[FILLED_WORD] & (pointer >= 32 ? -1 : (1 << pointer) - 1);
  const high = pointer <= 32 ? 0 : position[FILLED_WORD + 1] & (pointer - 32 === 32 ? -1 : (1 << (pointer - 32)) - 1);
  return bitCount(low) + bitCount(high);
}
/** The first filled stock place ≥ from, or -1. From the pointer on, that is the stock's top. */
export function nextFilledFrom(position: Position, from: number): number {
  if (from < 32) {
    const low = position[FILLED_WORD] & ~((1 << from) - 1);
    if (low !== 0) return lowestBit(low);
    from = 32;
  }
  if (from >= 64) return -1;
  const high = position[FILLED_WORD + 1] & ~((1 << (from - 32)) - 1);
  return high !== 0 ? 32 + lowestBit(high) : -1;
}
/** Stock index of the stock's top card (the next to be turned), or -1 when the stock is empty. */
export function stockTopIndex(position: Position): number {
  return nextFilledFrom(position, stockPointer(position));
}

/*
 * RULES §10.19: the same readers for a position of two to four decks, whose stock places run past 63 into
 * the tail (placeWord). The engine asks these where its deal has several decks, so that the readers above
 * stay as one deck's search has always had them.
 */
/** decks: stockPlaceFilled (it reads one deck's positions too: their places are all below 64). */
export function decksStockPlaceFilled(position: Position, index: number): boolean {
  return ((position[placeWord(position, index)] >>> (index & 31)) & 1) === 1;
}
/** decks: the filled places below `pointer` of stock word `index` (stockPlaceBits), as one word. */
function placesBelow(position: Position, index: number, pointer: number): number {
  const bits = stockPlaceBits(position, index);
  const below = pointer - 32 * index;
  return below >= 32 ? bits : below <= 0 ? 0 : bits & ((1 << below) - 1);
}
/** decks: wasteTopIndex. */
export function decksWasteTopIndex(position: Position): number {
  const pointer = stockPointer(position);
  for (let index = (pointer - 1) >> 5; index >= 0; index--) {
    const bits = placesBelow(position, index, pointer);
    if (bits !== 0) return 32 * index + highestBit(bits);
  }
  return -1;
}
/** decks: wasteCardCount. */
export function decksWasteCardCount(position: Position): number {
  const pointer = stockPointer(position);
  let count = 0;
  for (let index = 0; 32 * index < pointer; index++) count += bitCount(placesBelow(position, index, pointer));
  return count;
}
/** decks: nextFilledFrom. */
export function decksNextFilledFrom(position: Position, from: number): number {
  for (let index = from >> 5; index < DECKS_STOCK_WORDS; index++) {
    const bits = stockPlaceBits(position, index) & (index === from >> 5 ? ~((1 << (from & 31)) - 1) : -1);
    if (bits !== 0) return 32 * index + lowestBit(bits);
  }
  return -1;
}
/** decks: stockTopIndex. */
export function decksStockTopIndex(position: Position): number {
  return decksNextFilledFrom(position, stockPointer(position));
}
/** decks: removeStockPlace. */
export function decksRemoveStockPlace(position: Position, index: number): void {
  position[placeWord(position, index)] &= ~(1 << (index & 31));
}

/** Cards the position accounts for: on foundations, on wings, in the trunk, in stock and waste (52 in every real position). */
export function cardsAccountedFor(position: Position): number {
  let cards = foundationTotal(position) + trunkCount(position);
  for (let wing = 0; wing < WING_COUNT; wing++) cards += wingHeight(position, wing) + dealtUnder(position, wing);
  if (hasExtraWings(position)) for (let wing = WING_COUNT; wing < MAX_WINGS; wing++) cards += decksWingHeight(position, wing);
  for (let word = FILLED_WORD; word < FILLED_WORD + 2; word++) cards += bitCount(position[word]);
  if (hasDecksTail(position)) {
    const tail = position.length - DECKS_TAIL_WORDS;
    for (let word = tail; word < position.length - 1; word++) cards += bitCount(position[word]);
    // foundations 2-4 (foundationTotal counted the first)
    cards += heightsTotal(position[FOUNDATION_WORD] >>> 16) + heightsTotal(position[position.length - 1] & 0xffff) + heightsTotal(position[position.length - 1] >>> 16);
  }
  return cards;
}

const wingWords = new Int32Array(WING_COUNT);

/** FNV-1a over the position's words with the wings in sorted order (moving a pile into a space only renames its wing). */
export function hashPositionAnyWingOrder(position: Position): number {
  wingWords.set(position.subarray(0, WING_COUNT));
  wingWords.sort();
  let hash = 0x811c9dc5;
  for (const word of wingWords) hash = Math.imul(hash ^ word, 0x01000193);
  for (let i = WING_COUNT; i < position.length; i++) hash = Math.imul(hash ^ position[i], 0x01000193);
  return hash | 0;
}

// ---- writers ----

/**
 * The position as dealt (RULES §2, §10.9, §10.14): each wing's top dealt card as its run, the cards under
 * it counted, the base card(s) on the foundations, the stock full. (Every deal of §10.14 lays a face-down
 * card under the top one, so the run starts with one card.)
 */
export function dealPosition(position: Position, layout: DealLayout): void {
  position.fill(0);
  for (let wing = 0; wing < layout.wings; wing++) position[decksWingWord(position, wing)] = dealtWingCard(layout, wing) | (1 << WING_HEIGHT_SHIFT);
  position[FOUNDATION_WORD] = layout.foundationCards === 0 ? 0 : layout.baseSuit < 0 ? ALL_FOUNDATIONS_STARTED : 1 << (layout.baseSuit * FOUNDATION_BITS);
  // RULES §10.19: a fixed base starts every foundation of every suit; a dealt base card the first of its suit (above)
  if (layout.decks > 1 && layout.baseSuit < 0) for (let copy = 1; copy < layout.decks; copy++) for (let suit = 0; suit < 4; suit++) raiseFoundationOf(position, suit, copy);
  position[COUNTS_WORD] = layout.trunkSize;
  if (layout.trunks > 1) for (let trunk = 0; trunk < layout.trunks; trunk++) position[FOUNDATION_WORD] |= layout.trunkCards << (TRUNK_COUNTS_SHIFT + TRUNK_COUNT_BITS * trunk);
  if (layout.wingCards > 1) for (let wing = 0; wing < layout.wings; wing++) position[DEALT_UNDER_WORD] |= (layout.wingCards - 1) << (DEALT_UNDER_SHIFT + DEALT_UNDER_BITS * wing);
  for (let i = 0; i < layout.stockLength; i++) position[placeWord(position, i)] |= 1 << (i & 31);
}
/** Takes the top `count` cards off a wing. */
export function takeFromWing(position: Position, wing: number, count: number): void {
  const word = position[wing];
  const height = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) - count;
  position[wing] = height === 0 ? 0 : cardRanksAbove(word & WING_CARD_MASK, count) | (height << WING_HEIGHT_SHIFT);
}
/**
 * Puts a run of `count` cards whose deepest card is `deepest` on a wing (empty, or a build onto it). RULES §10.19:
 * a run of several decks may pass a suit's ranks more than once (American Toad's round the corner): its top is
 * then `count - 1` ranks down from the deepest all the same, counted mod 13.
 */
export function placeOnWing(position: Position, wing: number, deepest: number, count: number): void {
  const top = count === 1 ? deepest : cardRanksAbove(deepest, count <= RANK_COUNT ? RANK_COUNT - count + 1 : (RANK_COUNT - ((count - 1) % RANK_COUNT)) % RANK_COUNT);
  const height = ((position[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) + count;
  position[wing] = top | (height << WING_HEIGHT_SHIFT);
}
function setCardUnder(position: Position, card: number, under: number): void {
  const word = LINK_WORD + (card >> 2);
  const shift = (card & 3) << 3;
  position[word] = (position[word] & ~(0xff << shift)) | ((under + 1) << shift);
  // RULES §10.19: a position of several decks keeps no under-suit codes (its key walks the links)
  if (position.length !== LINKED_POSITION_WORDS) return;
  const suitWord = UNDER_SUIT_WORD + ((card / CARDS_PER_SUIT_WORD) | 0);
  const suitShift = (card % CARDS_PER_SUIT_WORD) << 1;
  position[suitWord] = (position[suitWord] & ~(3 << suitShift)) | (under === NO_CARD ? 0 : underSuitCode(under) << suitShift);
}
/** The 2-bit code of `card`'s suit (C 0, S 1, D 2, H 3): bit 0 S or H, bit 1 D or H. */
function underSuitCode(card: number): number {
  const suit = suitOf(card);
  return (suit >> 1) | (((suit ^ (suit >> 1)) & 1) << 1);
}
/** Takes the top `count` cards off a linked wing; the deepest of them no longer lies on anything. */
export function takeFromLinkedWing(position: Position, wing: number, count: number): void {
  const word = position[wing];
  const height = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) - count;
  let deepest = word & WING_CARD_MASK;
  for (let i = 1; i < count; i++) deepest = cardUnder(position, deepest);
  const under = cardUnder(position, deepest);
  setCardUnder(position, deepest, NO_CARD);
  position[wing] = height === 0 ? 0 : under | (height << WING_HEIGHT_SHIFT);
}
/** Puts a run of `count` cards, `deepest` … `top` (linked among themselves already), on a linked wing (empty, or a build onto it). */
export function placeOnLinkedWing(position: Position, wing: number, deepest: number, top: number, count: number): void {
  const word = position[wing];
  const height = (word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
  setCardUnder(position, deepest, height === 0 ? NO_CARD : word & WING_CARD_MASK);
  position[wing] = top | ((height + count) << WING_HEIGHT_SHIFT);
}
/**
 * RULES §10.14: a wing's run has just left it whole, and dealt cards lie under it: the top one (turned
 * face up if it lay face down) starts the run again, and with it the face-up dealt card under it when
 * it goes on that one (`joins`: the engine's reading of the rules), which then heads the run. `linked`:
 * the wing keeps links (as placeOnLinkedWing).
 */
export function turnDealtCard(position: Position, layout: DealLayout, wing: number, joins: boolean, linked: boolean): void {
  const under = dealtUnder(position, wing);
  const card = dealtCard(layout, wing, under - 1);
  const left = joins ? under - 2 : under - 1;
  position[wing] = card | ((under - left) << WING_HEIGHT_SHIFT);
  if (joins && linked) setCardUnder(position, card, dealtCard(layout, wing, left));
  const shift = DEALT_UNDER_SHIFT + DEALT_UNDER_BITS * wing;
  position[DEALT_UNDER_WORD] = (position[DEALT_UNDER_WORD] & ~(DEALT_UNDER_MASK << shift)) | (left << shift);
}
/** One more card on this suit's foundation. */
export function raiseFoundation(position: Position, suit: number): void {
  position[FOUNDATION_WORD] += 1 << (suit * FOUNDATION_BITS);
}
/** RULES §10.16: this suit's foundation's top card comes back. */
export function lowerFoundation(position: Position, suit: number): void {
  position[FOUNDATION_WORD] -= 1 << (suit * FOUNDATION_BITS);
}
/** The card of stock place `index` leaves the stock or waste. */
export function removeStockPlace(position: Position, index: number): void {
  position[FILLED_WORD + (index >> 5)] &= ~(1 << (index & 31));
}
/** Turns the stock up to `pointer`: every filled place below it is then in the waste. */
export function turnTo(position: Position, pointer: number): void {
  position[COUNTS_WORD] = (position[COUNTS_WORD] & ~(POINTER_MASK << POINTER_SHIFT)) | (pointer << POINTER_SHIFT);
}
/** RULES §3.6: the waste becomes the stock again, one redeal more used. */
export function redeal(position: Position): void {
  position[COUNTS_WORD] = (position[COUNTS_WORD] & ~(POINTER_MASK << POINTER_SHIFT)) + (1 << REDEALS_USED_SHIFT);
}
/**
 * A redeal under `redeals unlimited`: the count stops at `cap` (the passes that still change the turn,
 * RULES §10.8), so that positions repeat and a search can close the cycle.
 */
export function redealUnlimited(position: Position, cap: number): void {
  const used = Math.min(cap, ((position[COUNTS_WORD] >> REDEALS_USED_SHIFT) & REDEALS_USED_MASK) + 1);
  position[COUNTS_WORD] = (position[COUNTS_WORD] & ~(POINTER_MASK << POINTER_SHIFT) & ~(REDEALS_USED_MASK << REDEALS_USED_SHIFT)) | (used << REDEALS_USED_SHIFT);
}
/** The trunk card in play leaves the trunk (a foundation play or a build). */
export function takeTrunkCard(position: Position): void {
  position[COUNTS_WORD]--;
}
/** RULES §10.15: the top card of trunk `trunk` of several leaves it. */
export function takeTrunkCardFrom(position: Position, trunk: number): void {
  position[COUNTS_WORD]--;
  position[FOUNDATION_WORD] -= 1 << (TRUNK_COUNTS_SHIFT + TRUNK_COUNT_BITS * trunk);
}
/** RULES §10.15: the trunk that fills a space of a game with several: the one with the most cards, the first of them on a tie (-1 when all are empty). */
function fullestTrunk(position: Position, trunks: number): number {
  let best = -1;
  let most = 0;
  for (let trunk = 0; trunk < trunks; trunk++) {
    const count = trunkCountOf(position, trunk);
    if (count > most) {
      most = count;
      best = trunk;
    }
  }
  return best;
}
/**
 * RULES §10.3 `auto-waste`: the waste's top goes into empty wing `wing`, or the stock's top where the
 * waste is empty (the card PySolFC, which turns whenever its waste is empty, has on its waste); false
 * when both are empty.
 */
export function fillFromWaste(position: Position, layout: DealLayout, wing: number): boolean {
  const decks = layout.decks > 1;
  let index = decks ? decksWasteTopIndex(position) : wasteTopIndex(position);
  if (index < 0) index = decks ? decksStockTopIndex(position) : stockTopIndex(position);
  if (index < 0) return false;
  if (decks) decksRemoveStockPlace(position, index);
  else removeStockPlace(position, index);
  position[decksWingWord(position, wing)] = layout.stockCards[index] | (1 << WING_HEIGHT_SHIFT);
  return true;
}
/**
 * One trunk fill (RULES §3.3): the first empty wing from `fromWing` on takes the trunk's top card.
 * Returns that wing, or -1 when no wing there is empty or the trunk is.
 */
export function fillOneFromTrunk(position: Position, layout: DealLayout, fromWing: number): number {
  const trunk = position[COUNTS_WORD] & TRUNK_MASK;
  if (trunk === 0) return -1;
  for (let wing = fromWing; wing < layout.wings; wing++) {
    if (((position[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0) {
      if (layout.trunks > 1) {
        const from = fullestTrunk(position, layout.trunks);
        position[wing] = trunkTopOf(position, layout, from) | (1 << WING_HEIGHT_SHIFT);
        takeTrunkCardFrom(position, from);
        return wing;
      }
      position[wing] = layout.deck[trunk - 1] | (1 << WING_HEIGHT_SHIFT);
      position[COUNTS_WORD]--;
      return wing;
    }
  }
  return -1;
}
/** RULES §3.3: every empty wing, in wing order, takes the trunk's top card while the trunk has cards (one pass). */
export function fillFromTrunk(position: Position, layout: DealLayout): void {
  for (let wing = fillOneFromTrunk(position, layout, 0); wing >= 0; wing = fillOneFromTrunk(position, layout, wing + 1));
}

// ---- writers of a position of several decks (RULES §10.1, §10.19) ----
// One deck's writers above index a wing's word by its number; these find a wing past WING_COUNT before the decks
// tail (decksWingWord). They are the writers above but for that, kept apart so that one deck's pay nothing for it
// (one shared body cost Eagle Wing's and the one-deck family's searches 0.5% more instructions: docs/measurements.md).

/** takeFromWing in a position of several decks. */
export function decksTakeFromWing(position: Position, wing: number, count: number): void {
  const at = decksWingWord(position, wing);
  const word = position[at];
  const height = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) - count;
  position[at] = height === 0 ? 0 : cardRanksAbove(word & WING_CARD_MASK, count) | (height << WING_HEIGHT_SHIFT);
}
/** placeOnWing in a position of several decks. */
export function decksPlaceOnWing(position: Position, wing: number, deepest: number, count: number): void {
  const top = count === 1 ? deepest : cardRanksAbove(deepest, count <= RANK_COUNT ? RANK_COUNT - count + 1 : (RANK_COUNT - ((count - 1) % RANK_COUNT)) % RANK_COUNT);
  const at = decksWingWord(position, wing);
  const height = ((position[at] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) + count;
  position[at] = top | (height << WING_HEIGHT_SHIFT);
}
/** takeFromLinkedWing in a position of several decks. */
export function decksTakeFromLinkedWing(position: Position, wing: number, count: number): void {
  const at = decksWingWord(position, wing);
  const word = position[at];
  const height = ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) - count;
  let deepest = word & WING_CARD_MASK;
  for (let i = 1; i < count; i++) deepest = cardUnder(position, deepest);
  const under = cardUnder(position, deepest);
  setCardUnder(position, deepest, NO_CARD);
  position[at] = height === 0 ? 0 : under | (height << WING_HEIGHT_SHIFT);
}
/** placeOnLinkedWing in a position of several decks. */
export function decksPlaceOnLinkedWing(position: Position, wing: number, deepest: number, top: number, count: number): void {
  const at = decksWingWord(position, wing);
  const word = position[at];
  const height = (word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
  setCardUnder(position, deepest, height === 0 ? NO_CARD : word & WING_CARD_MASK);
  position[at] = top | ((height + count) << WING_HEIGHT_SHIFT);
}
/** fillOneFromTrunk in a position of several decks (one trunk: §10.19 takes no more). */
export function decksFillOneFromTrunk(position: Position, layout: DealLayout, fromWing: number): number {
  const trunk = position[COUNTS_WORD] & TRUNK_MASK;
  if (trunk === 0) return -1;
  for (let wing = fromWing; wing < layout.wings; wing++) {
    const at = decksWingWord(position, wing);
    if (((position[at] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0) {
      position[at] = layout.deck[trunk - 1] | (1 << WING_HEIGHT_SHIFT);
      position[COUNTS_WORD]--;
      return wing;
    }
  }
  return -1;
}
/** fillFromTrunk in a position of several decks. */
export function decksFillFromTrunk(position: Position, layout: DealLayout): void {
  for (let wing = decksFillOneFromTrunk(position, layout, 0); wing >= 0; wing = decksFillOneFromTrunk(position, layout, wing + 1));
}

function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
function lowestBit(word: number): number {
  return word === 0 ? 32 : 31 - Math.clz32(word & -word);
}
function highestBit(word: number): number {
  return 31 - Math.clz32(word);
}
