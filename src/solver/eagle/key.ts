// Eagle Wing's packed position key: four 32-bit words, wings sorted so that their order does not matter.
import * as P from '../../position.js';

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
 * redeals used, an earlier waste top can make every compound move of the later one (compound.ts)
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
