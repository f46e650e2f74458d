// The canonical packed key of a position: four 32-bit words, wings sorted so that their order does not matter.
import { CARD_COUNT } from '../cards.js';
import * as P from '../position.js';
import { BUILD_ALT_COLOUR_DOWN, BUILD_ANY_SUIT_DOWN } from '../rules.js';

/*
 * A key is KEY_WORDS 32-bit words (a Uint32Array). What is left out is implied: a stock card is
 * still in stock or waste exactly when it is on no foundation and in no wing, and stock and waste
 * keep the deal's order, so the waste's top card (plus the redeals used) places every one of them.
 *
 * | word | bits  | field                                                               |
 * |------|-------|---------------------------------------------------------------------|
 * | 0    | 0-29  | wing codes 0, 1, 2 (10 bits each: position.ts wingCode; 0 = empty)  |
 * | 1    | 0-29  | wing codes 3, 4, 5                                                  |
 * | 2    | 0-19  | wing codes 6, 7                                                     |
 * | 2    | 20-31 | foundation heights, low 12 bits (clubs, diamonds, hearts)           |
 * | 3    | 0-3   | foundation heights, high 4 bits (spades)                            |
 * | 3    | 4-8   | cards left in the trunk                                             |
 * | 3    | 9-14  | waste top's stock index + 1 (0 = empty waste)                       |
 * | 3    | 15-18 | redeals used                                                        |
 * | 3    | 19-31 | not the key's: its holder keeps its own fields there (table.ts)     |
 *
 * Wing codes are sorted ascending, so wings that hold the same piles in another order share a key.
 * Only this file shifts or masks a key's bits; the table asks through the functions below.
 *
 * Resources: the waste top (bits 9-14) and the redeals used (bits 15-18), read together as one
 * number, order the positions that share everything else; lower is at least as good. With the same
 * redeals used, an earlier waste top can make every compound move of the later one (solver/search.ts)
 * with the same result, since turning the stock is folded into the moves. Fewer redeals used is
 * better only through a redeal, one move more: a position could then be cut off by its own ancestor,
 * whose one way on is that redeal, so the table lets fewer redeals cover more only for a finished
 * search (table.ts, RESOURCES). So the table matches a key on its layout (every field but the waste
 * top, keyLayout) and compares the waste top as a number (keyWaste).
 */
export const KEY_WORDS = 4;
/** How many low bits of word 3 are the key's; the bits above are its holder's. */
export const KEY_WORD3_BITS = 19;
const WING_CODE_BITS = 10;
const FOUNDATION_LOW_SHIFT = 20;
const FOUNDATION_LOW_MASK = 0xfff;
const FOUNDATION_HIGH_SHIFT = 12;
const TRUNK_SHIFT = 4;
const WASTE_SHIFT = 9;
const WASTE_MASK = 0x3f << WASTE_SHIFT;
const REDEALS_USED_SHIFT = 15;
const REDEALS_USED_MASK = 0xf << REDEALS_USED_SHIFT;
const WORD3_MASK = (1 << KEY_WORD3_BITS) - 1;
const LAYOUT_MASK = WORD3_MASK & ~WASTE_MASK;

/** A key's word 3 alone, from a word that may hold its holder's fields above it. */
export function keyWord3(word: number): number {
  return word & WORD3_MASK;
}
/** The part of word 3 (also from a word with its holder's fields) that names the layout: every field but the waste top. */
export function keyLayout(word: number): number {
  return word & LAYOUT_MASK;
}
/** The waste-top field of word 3 (also from a word with its holder's fields), as a number in place: lower is at least as good. */
export function keyWaste(word: number): number {
  return word & WASTE_MASK;
}

/** Redeals used, read from a key's word 3. */
export function keyRedealsUsed(word3: number): number {
  return (word3 & REDEALS_USED_MASK) >>> REDEALS_USED_SHIFT;
}
/** A key's word 3 with another count of redeals used. */
export function withRedealsUsed(word3: number, redealsUsed: number): number {
  return (word3 & ~REDEALS_USED_MASK) | (redealsUsed << REDEALS_USED_SHIFT);
}

/** A key's word 3 with another waste-top field (the waste top's stock index + 1; 0 = empty waste). */
export function withWasteField(word3: number, wasteField: number): number {
  return (word3 & ~WASTE_MASK) | (wasteField << WASTE_SHIFT);
}

/** Writes the canonical key of `position` into key[0..3]. */
export function packKey(position: P.Position, key: Uint32Array): void {
  let a = P.wingCode(position, 0);
  let b = P.wingCode(position, 1);
  let c = P.wingCode(position, 2);
  let d = P.wingCode(position, 3);
  let e = P.wingCode(position, 4);
  let f = P.wingCode(position, 5);
  let g = P.wingCode(position, 6);
  let h = P.wingCode(position, 7);
  let t: number;
  // Batcher's odd-even merge network for eight values (19 compare-exchanges, no loops or arrays)
  if (a > b) { t = a; a = b; b = t; } if (c > d) { t = c; c = d; d = t; } if (e > f) { t = e; e = f; f = t; } if (g > h) { t = g; g = h; h = t; }
  if (a > c) { t = a; a = c; c = t; } if (b > d) { t = b; b = d; d = t; } if (e > g) { t = e; e = g; g = t; } if (f > h) { t = f; f = h; h = t; }
  if (b > c) { t = b; b = c; c = t; } if (f > g) { t = f; f = g; g = t; }
  if (a > e) { t = a; a = e; e = t; } if (b > f) { t = b; b = f; f = t; } if (c > g) { t = c; c = g; g = t; } if (d > h) { t = d; d = h; h = t; }
  if (c > e) { t = c; c = e; e = t; } if (d > f) { t = d; d = f; f = t; }
  if (b > c) { t = b; b = c; c = t; } if (d > e) { t = d; d = e; e = t; } if (f > g) { t = f; f = g; g = t; }
  const foundations = P.foundationHeights(position);
  key[0] = a | (b << WING_CODE_BITS) | (c << (2 * WING_CODE_BITS));
  key[1] = d | (e << WING_CODE_BITS) | (f << (2 * WING_CODE_BITS));
  key[2] = g | (h << WING_CODE_BITS) | ((foundations & FOUNDATION_LOW_MASK) << FOUNDATION_LOW_SHIFT);
  key[3] =
    ((foundations >>> FOUNDATION_HIGH_SHIFT) & 0xf) |
    (P.trunkCount(position) << TRUNK_SHIFT) |
    ((P.wasteTopIndex(position) + 1) << WASTE_SHIFT) |
    (P.redealsUsed(position) << REDEALS_USED_SHIFT);
}

/*
 * The Canfield family's key (solver/family.ts): every position the family search meets is kept whole,
 * so a key names one position exactly, in familyKeyWords(wings, codeBits, linkBits) 32-bit words:
 *
 * | word   | bits  | field                                                                 |
 * |--------|-------|-----------------------------------------------------------------------|
 * | 0      | 0-15  | foundation heights                                                    |
 * | 0      | 16-20 | cards left in the trunk                                               |
 * | 0      | 21-26 | waste top's stock index + 1 (0 = empty waste)                         |
 * | 0      | 27-30 | redeals used                                                          |
 * | 0      | 21-31 | under passes as cycles, the pass state instead of both (below)        |
 * | 1 …    | bits  | from bit 0 of word 1 on, one stream of bits: the n wings' codes       |
 * |        |       | (position.ts wingCode: top card and height), sorted ascending,        |
 * |        |       | `codeBits` each; then, for linked wings only, for each card c by      |
 * |        |       | number, which suit lies under it (0 where none does), `linkBits` each |
 *
 * A wing code takes 12 bits (a card, 6, and a height, 6), or 10 where the rules keep every wing to
 * at most 15 cards (familyWingCodeBits). Under `wrap base` a wing is one run (RULES §10.5) that
 * never passes over a base-rank card, so it holds at most 13 cards: Solvitaire's Canfield then takes
 * four words a position instead of five, and the family table a quarter more positions.
 *
 * A linked wing (alt-colour-down, any-suit-down) is one run (RULES §10.5): the card under c has
 * c's rank + 1 (round the corner), so only its suit is open: under alt-colour-down one bit (which
 * suit of the other colour: S or H 1), under any-suit-down two (position.ts's suit code). With each
 * wing's top and height they say every wing card, and they belong to the cards, not to the wings,
 * so they need no sorting: the position keeps them (position.ts underSuitCodes), and the key copies
 * them, 52·linkBits bits.
 *
 * Under passes as cycles (unlimited redeals, a fixed turn size) the redeal count never limits a
 * line (position.ts redealUnlimited keeps it at 0), and the table keeps one key a layout: bits 21-31
 * hold the layout's pass state instead of the waste top and the redeals (familyKeyPassState):
 *
 * | bits  | field                                                                            |
 * |-------|----------------------------------------------------------------------------------|
 * | 21    | at a pass boundary (engine.ts passPhase 0)                                       |
 * | 22-26 | in phase 1: the waste's whole turns + 1 (0 = none)                               |
 * | 27-31 | in phase 2: the same                                                             |
 *
 * A key packed for one position sets one of these fields; the key the table keeps gathers the
 * layout's, and says which positions of the layout it covers (familyPassStateCovers).
 *
 * Sorting the wings is exact, not a pruning: the rules never tell wings apart (a trunk fill goes to the
 * first empty wing, and the piles that result are the same whichever it is); two wings share a code
 * only when both are empty. The stock places still filled are implied, as in the Eagle Wing key (a
 * stock card has left exactly when it is on a foundation or a wing); so is the stock pointer beyond
 * the waste's top, since the places between are empty.
 */
const FAMILY_FOUNDATIONS_MASK = 0xffff;
const FAMILY_TRUNK_SHIFT = 16;
const FAMILY_TRUNK_MASK = 0x1f;
const FAMILY_WASTE_SHIFT = 21;
const FAMILY_REDEALS_SHIFT = 27;
/** A wing code's bits: a card (6) and a height (6), or a height below 16 (4). */
const WIDE_WING_CODE_BITS = 12;
const NARROW_WING_CODE_BITS = 10;
const NARROW_WING_MOST_CARDS = 15;
/** The family key's word (familyWasteWord) and bits holding the waste top: as a number in place, lower is an earlier waste top. */
export const FAMILY_WASTE_MASK = 0x3f << FAMILY_WASTE_SHIFT;
export function familyWasteWord(): number {
  return 0;
}
/** The waste-top field of a family key for stock place `wasteTopIndex` (-1: empty waste), in place. */
export function familyWasteField(wasteTopIndex: number): number {
  return (wasteTopIndex + 1) << FAMILY_WASTE_SHIFT;
}

/** The family key's bits (of familyWasteWord's word) holding the pass state under passes as cycles: the waste top's and the redeals' bits, and bit 31. */
export const FAMILY_PASS_STATE_MASK = 0x7ff << FAMILY_WASTE_SHIFT;
const PASS_BOUNDARY_BIT = 1 << FAMILY_WASTE_SHIFT;
const PHASE_FIELD_SHIFT = FAMILY_WASTE_SHIFT + 1;
/** Phases 1 and 2 have a field each: a turn is three cards at most (RULES §10.8). */
const PHASE_FIELD_BITS = 5;
const PHASE_FIELD_MASK = (1 << PHASE_FIELD_BITS) - 1;

/** A family key's foundations, from its word 0, packed as position.ts foundationHeights packs them. */
export function familyKeyFoundationHeights(word0: number): number {
  return word0 & FAMILY_FOUNDATIONS_MASK;
}
/** A family key's trunk count, from its word 0. */
export function familyKeyTrunkCount(word0: number): number {
  return (word0 >>> FAMILY_TRUNK_SHIFT) & FAMILY_TRUNK_MASK;
}
/**
 * Which pass states a stored family key's layout holds, from its word 0 under passes as cycles: bit 0 the
 * boundary, bit 1 phase 1, bit 2 phase 2 (so 0-7).
 */
export function familyKeyPassPhases(word0: number): number {
  return (
    ((word0 & PASS_BOUNDARY_BIT) !== 0 ? 1 : 0) |
    (((word0 >>> PHASE_FIELD_SHIFT) & PHASE_FIELD_MASK) !== 0 ? 2 : 0) |
    (((word0 >>> (PHASE_FIELD_SHIFT + PHASE_FIELD_BITS)) & PHASE_FIELD_MASK) !== 0 ? 4 : 0)
  );
}

/**
 * A family key under passes as cycles, in place: its pass state says the position's pass phase
 * (engine.ts passPhase) and, in mid-pass, the waste's whole turns (its cards div the turn size, at
 * most 25 for turns of two cards and more).
 */
export function familyKeyPassState(key: Int32Array, phase: number, wasteTurns: number): void {
  const state = phase === 0 ? PASS_BOUNDARY_BIT : (wasteTurns + 1) << (PHASE_FIELD_SHIFT + PHASE_FIELD_BITS * (phase - 1));
  key[0] = (key[0] & ~FAMILY_PASS_STATE_MASK) | state;
}

/**
 * Whether a layout's stored pass state `stored` covers the position whose key has the pass state
 * `packed` (both as their words, other bits ignored): docs/solver.md "Rule F7", argued in family.ts. A
 * boundary position is covered by any position of its layout: the layout is stored only with a
 * boundary or a mid-pass position, and a mid-pass one reaches the pass start through the redeal. A
 * mid-pass position is covered by one of its phase with no more whole turns in the waste (the stock as
 * a resource within a phase).
 */
export function familyPassStateCovers(stored: number, packed: number): boolean {
  if ((packed & PASS_BOUNDARY_BIT) !== 0) return true;
  const shift = phaseFieldShift(packed);
  const had = (stored >>> shift) & PHASE_FIELD_MASK;
  return had !== 0 && had <= ((packed >>> shift) & PHASE_FIELD_MASK);
}

/** The pass state `stored` (its word) once the position with `packed`'s pass state, which it does not cover, is stored too. */
export function familyPassStateMerged(stored: number, packed: number): number {
  if ((packed & PASS_BOUNDARY_BIT) !== 0) return stored | PASS_BOUNDARY_BIT;
  const shift = phaseFieldShift(packed);
  return (stored & ~(PHASE_FIELD_MASK << shift)) | (packed & (PHASE_FIELD_MASK << shift));
}

/** Where the one mid-pass field of a packed pass state starts. */
function phaseFieldShift(packed: number): number {
  return ((packed >>> PHASE_FIELD_SHIFT) & PHASE_FIELD_MASK) !== 0 ? PHASE_FIELD_SHIFT : PHASE_FIELD_SHIFT + PHASE_FIELD_BITS;
}

/** Bits per card under a wing's top in the key: 0 where a wing's top and height say every card on it. */
export function familyLinkBits(build: number): number {
  return build === BUILD_ALT_COLOUR_DOWN ? 1 : build === BUILD_ANY_SUIT_DOWN ? 2 : 0;
}

/** Bits per wing code in the key: 10 where no wing ever holds more than 15 cards (a run under `wrap base` holds at most 13), else 12. */
export function familyWingCodeBits(rules: { readonly wrapBase: boolean; readonly maxWing: number }): number {
  return rules.wrapBase || rules.maxWing <= NARROW_WING_MOST_CARDS ? NARROW_WING_CODE_BITS : WIDE_WING_CODE_BITS;
}

export function familyKeyWords(wings: number, codeBits: number, linkBits: number): number {
  return 1 + Math.ceil((wings * codeBits + CARD_COUNT * linkBits) / 32);
}

/** Scratch: the wings' codes, sorted. */
const sortedWings = new Int32Array(16);

/** Writes the family key of `position` (with `wings` wings in play) into key[0 … familyKeyWords-1]. */
export function packFamilyKey(position: P.Position, wings: number, codeBits: number, linkBits: number, key: Int32Array): void {
  for (let wing = 0; wing < wings; wing++) {
    const code = P.wingCode(position, wing);
    let at = wing;
    while (at > 0 && sortedWings[at - 1] > code) {
      sortedWings[at] = sortedWings[at - 1];
      at--;
    }
    sortedWings[at] = code;
  }
  key[0] =
    P.foundationHeights(position) |
    (P.trunkCount(position) << FAMILY_TRUNK_SHIFT) |
    familyWasteField(P.wasteTopIndex(position)) |
    (P.redealsUsed(position) << FAMILY_REDEALS_SHIFT);
  const words = familyKeyWords(wings, codeBits, linkBits);
  for (let i = 1; i < words; i++) key[i] = 0;
  let bit = 0;
  for (let i = 0; i < wings; i++, bit += codeBits) putBits(key, bit, sortedWings[i], codeBits);
  if (linkBits === 0) return;
  // the cards' links in 16-card chunks; the last chunk is cut at the 52nd card (the places past it hold 0),
  // so that no bit is written past the key's last word
  const chunkBits = 16 * linkBits;
  const linkEnd = bit + CARD_COUNT * linkBits;
  for (let i = 0; i < P.UNDER_SUIT_WORDS; i++, bit += chunkBits) {
    const chunk = linkBits === 2 ? P.underSuitCodes(position, i) : P.underSuitChoices(position, i);
    if (chunk !== 0) putBits(key, bit, chunk, Math.min(chunkBits, linkEnd - bit));
  }
}

/** ORs `value` (below 2^width, width ≤ 32) into the family key's bit stream at `bit` (bit 0 = word 1's bit 0). */
function putBits(key: Int32Array, bit: number, value: number, width: number): void {
  const word = 1 + (bit >>> 5);
  const shift = bit & 31;
  key[word] |= value << shift;
  if (shift + width > 32) key[word + 1] |= value >>> (32 - shift);
}
