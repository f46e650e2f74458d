// The canonical packed key of a position: four 32-bit words, wings sorted so that their order does not matter.
import {
  COUNTS_WORD,
  FOUNDATION_WORD,
  PASSES_MASK,
  PASSES_SHIFT,
  TRUNK_MASK,
  WING_HEIGHT_MASK,
  WING_HEIGHT_SHIFT,
  type Game,
} from '../engine.js';

/*
 * Key layout. What is left out is implied: a stock card is still in stock or waste exactly when it is
 * on no foundation and in no wing, and stock and waste keep the deal's order, so the waste's top
 * card (plus the redeals used) places every one of them.
 *
 * | word | bits  | field                                                             |
 * |------|-------|-------------------------------------------------------------------|
 * | 0    | 0-29  | wing codes 0, 1, 2 (10 bits each: top card | height << 6; 0 = empty)   |
 * | 1    | 0-29  | wing codes 3, 4, 5                                                  |
 * | 2    | 0-19  | wing codes 6, 7                                                     |
 * | 2    | 20-31 | foundation heights, low 12 bits (clubs, diamonds, hearts)           |
 * | 3    | 0-3   | foundation heights, high 4 bits (spades)                            |
 * | 3    | 4-8   | cards left in the trunk                                             |
 * | 3    | 9-14  | waste top's stock index + 1 (0 = empty waste)                       |
 * | 3    | 15-18 | redeals used                                                        |
 * | 3    | 19-31 | free for the table's generation stamp                               |
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
export const WING_CODE_BITS = 10;
export const WING_CODE_MASK = 0x3ff;
export const FOUNDATION_LOW_SHIFT = 20;
export const FOUNDATION_LOW_MASK = 0xfff;
export const FOUNDATION_HIGH_SHIFT = 12;
export const KEY_TRUNK_SHIFT = 4;
export const KEY_WASTE_SHIFT = 9;
export const KEY_PASSES_SHIFT = 15;
export const KEY_WASTE_MASK = 0x3f << KEY_WASTE_SHIFT;
export const KEY_PASSES_MASK = 0xf << KEY_PASSES_SHIFT;
export const KEY_USED_BITS = 19;
export const KEY_USED_MASK = (1 << KEY_USED_BITS) - 1;

function wingCode(word: number): number {
  return ((word >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK) === 0 ? 0 : word & WING_CODE_MASK;
}

/** Writes the canonical key of `game` into key[0..3]. */
export function packKey(game: Game, key: Uint32Array): void {
  const state = game.state;
  let a = wingCode(state[0]);
  let b = wingCode(state[1]);
  let c = wingCode(state[2]);
  let d = wingCode(state[3]);
  let e = wingCode(state[4]);
  let f = wingCode(state[5]);
  let g = wingCode(state[6]);
  let h = wingCode(state[7]);
  let t: number;
  // Batcher's odd-even merge network for eight values (19 compare-exchanges, no loops or arrays)
  if (a > b) { t = a; a = b; b = t; } if (c > d) { t = c; c = d; d = t; } if (e > f) { t = e; e = f; f = t; } if (g > h) { t = g; g = h; h = t; }
  if (a > c) { t = a; a = c; c = t; } if (b > d) { t = b; b = d; d = t; } if (e > g) { t = e; e = g; g = t; } if (f > h) { t = f; f = h; h = t; }
  if (b > c) { t = b; b = c; c = t; } if (f > g) { t = f; f = g; g = t; }
  if (a > e) { t = a; a = e; e = t; } if (b > f) { t = b; b = f; f = t; } if (c > g) { t = c; c = g; g = t; } if (d > h) { t = d; d = h; h = t; }
  if (c > e) { t = c; c = e; e = t; } if (d > f) { t = d; d = f; f = t; }
  if (b > c) { t = b; b = c; c = t; } if (d > e) { t = d; d = e; e = t; } if (f > g) { t = f; f = g; g = t; }
  const foundations = state[FOUNDATION_WORD];
  const counts = state[COUNTS_WORD];
  key[0] = a | (b << WING_CODE_BITS) | (c << (2 * WING_CODE_BITS));
  key[1] = d | (e << WING_CODE_BITS) | (f << (2 * WING_CODE_BITS));
  key[2] = g | (h << WING_CODE_BITS) | ((foundations & FOUNDATION_LOW_MASK) << FOUNDATION_LOW_SHIFT);
  key[3] =
    ((foundations >>> FOUNDATION_HIGH_SHIFT) & 0xf) |
    ((counts & TRUNK_MASK) << KEY_TRUNK_SHIFT) |
    ((game.wasteTopIndex() + 1) << KEY_WASTE_SHIFT) |
    (((counts >> PASSES_SHIFT) & PASSES_MASK) << KEY_PASSES_SHIFT);
}
