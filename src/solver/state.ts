// The canonical packed key of a position: four 32-bit words, wings sorted so that their order does not matter.
import * as P from '../position.js';

/*
 * Key layout. What is left out is implied: a stock card is still in stock or waste exactly when it is
 * on no foundation and in no wing, and stock and waste keep the deal's order, so the waste's top
 * card (plus the redeals used) places every one of them.
 *
 * | word | bits  | field                                                             |
 * |------|-------|-------------------------------------------------------------------|
 * | 0    | 0-29  | wing codes 0, 1, 2 (10 bits each: position.ts wingCode; 0 = empty)   |
 * | 1    | 0-29  | wing codes 3, 4, 5                                                  |
 * | 2    | 0-19  | wing codes 6, 7                                                     |
 * | 2    | 20-31 | foundation heights, low 12 bits (clubs, diamonds, hearts)           |
 * | 3    | 0-3   | foundation heights, high 4 bits (spades)                            |
 * | 3    | 4-8   | cards left in the trunk                                             |
 * | 3    | 9-14  | waste top's stock index + 1 (0 = empty waste)                       |
 * | 3    | 15-18 | redeals used                                                        |
 * | 3    | 19-31 | not the key's: the table keeps its own fields there (table.ts)      |
 *
 * Wing codes are sorted ascending, so wings that hold the same piles in another order share a key.
 *
 * Resources: the waste top (bits 9-14) and the redeals used (bits 15-18), read together as one
 * number, order the positions that share everything else; lower is at least as good. With the same
 * redeals used, an earlier waste top can make every compound move of the later one (solver/search.ts)
 * with the same result, since turning the stock is folded into the moves. Fewer redeals used is
 * better only through a redeal, one move more: a position could then be cut off by its own ancestor,
 * whose one way on is that redeal, so the table lets fewer redeals cover more only for a finished
 * search (table.ts, RESOURCES).
 */
export const KEY_WORDS = 4;
const WING_CODE_BITS = 10;
const FOUNDATION_LOW_SHIFT = 20;
const FOUNDATION_LOW_MASK = 0xfff;
const FOUNDATION_HIGH_SHIFT = 12;
const KEY_TRUNK_SHIFT = 4;
const KEY_WASTE_SHIFT = 9;
const KEY_REDEALS_USED_SHIFT = 15;
const KEY_REDEALS_USED_MASK = 0xf << KEY_REDEALS_USED_SHIFT;
/** The bits of word 3 that are the key's; the table may use the others. */
export const KEY_USED_BITS = 19;
export const KEY_USED_MASK = (1 << KEY_USED_BITS) - 1;
/** The waste-top field of word 3: the position's resource, which the table may compare as a number. */
export const KEY_WASTE_MASK = 0x3f << KEY_WASTE_SHIFT;

/** Redeals used, read from a key's word 3. */
export function keyRedealsUsed(word3: number): number {
  return (word3 & KEY_REDEALS_USED_MASK) >>> KEY_REDEALS_USED_SHIFT;
}
/** A key's word 3 with another count of redeals used. */
export function withRedealsUsed(word3: number, redealsUsed: number): number {
  return (word3 & ~KEY_REDEALS_USED_MASK) | (redealsUsed << KEY_REDEALS_USED_SHIFT);
}

/** A key's word 3 with another waste-top field (the waste top's stock index + 1; 0 = empty waste). */
export function withWasteField(word3: number, wasteField: number): number {
  return (word3 & ~KEY_WASTE_MASK) | (wasteField << KEY_WASTE_SHIFT);
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
    (P.trunkCount(position) << KEY_TRUNK_SHIFT) |
    ((P.wasteTopIndex(position) + 1) << KEY_WASTE_SHIFT) |
    (P.redealsUsed(position) << KEY_REDEALS_USED_SHIFT);
}
