// The transposition table's modes and growth, checked on keys built by hand.
import { describe, expect, it } from 'vitest';
import { withRedealsUsed, withWasteField } from '../src/solver/eagle/key.js';
import { NO_SLOT, TABLE_EXACT, TABLE_RESOURCES, TranspositionTable, addressSpaceAllows } from '../src/solver/eagle/table.js';
import { INSERTED, PRESENT } from '../src/solver/frame.js';

/** A key whose layout is `layout` (words 0-2 and the low bits of word 3), with a waste top and redeals used. */
function key(layout: number, waste: number, passes: number): Uint32Array {
  return Uint32Array.of(layout, layout * 7, layout * 13, withRedealsUsed(withWasteField(layout & 0x1ff, waste), passes));
}

/** insert() finds the key covered, by an entry that is (or is not) done. */
function expectCovered(table: TranspositionTable, covered: Uint32Array, byDone: boolean): void {
  expect(table.insert(covered)).toBe(PRESENT);
  expect(table.lastHitDone).toBe(byDone);
}

describe('transposition table modes (table.ts)', () => {
  it('EXACT: only the same key is present', () => {
    const table = new TranspositionTable(1);
    table.clear(TABLE_EXACT);
    expect(table.insert(key(5, 10, 0))).toBe(INSERTED);
    expect(table.insert(key(5, 10, 0))).toBe(PRESENT);
    expect(table.insert(key(5, 11, 0))).toBe(INSERTED);
    expect(table.insert(key(5, 9, 0))).toBe(INSERTED);
    expect(table.insert(key(6, 10, 0))).toBe(INSERTED);
    expect(table.count).toBe(4);
  });

  it('RESOURCES: a later waste top is covered once the earlier search is done; otherwise it takes the slot', () => {
    const table = new TranspositionTable(1);
    table.clear(TABLE_RESOURCES);
    expect(table.insert(key(5, 10, 1))).toBe(INSERTED);
    const slot = table.lastSlot;
    expectCovered(table, key(5, 10, 1), false);
    // not yet proven lost: a later waste top is searched, and holds the slot so that it finds itself
    expect(table.insert(key(5, 12, 1))).toBe(INSERTED);
    expect(table.lastSlot).toBe(slot);
    expect(table.insert(key(5, 12, 1))).toBe(PRESENT);
    // an earlier waste top is searched again and takes the slot back
    expect(table.insert(key(5, 10, 1))).toBe(INSERTED);
    expect(table.lastSlot).toBe(slot);
    table.markDone(slot);
    expectCovered(table, key(5, 12, 1), true);
    expect(table.insert(key(5, 4, 1))).toBe(INSERTED);
    expectCovered(table, key(5, 4, 1), false);
    // fewer redeals used is not enough while that search is not done
    expect(table.insert(key(5, 20, 2))).toBe(INSERTED);
    expect(table.insert(key(5, 20, 0))).toBe(INSERTED);
    expect(table.count).toBe(3);
  });

  it('RESOURCES: fewer redeals used cover more only once that search is done', () => {
    const table = new TranspositionTable(1);
    table.clear(TABLE_RESOURCES);
    expect(table.insert(key(5, 30, 0))).toBe(INSERTED);
    const slot = table.lastSlot;
    expect(slot).not.toBe(NO_SLOT);
    // still on the search path (its own redeal may lead here): searched
    expect(table.insert(key(5, 0, 1))).toBe(INSERTED);
    table.markDone(slot);
    expectCovered(table, key(5, 3, 2), true);
    expectCovered(table, key(5, 40, 0), true);
    expectCovered(table, key(5, 0, 1), false);
    // a different layout is not covered
    expect(table.insert(key(6, 3, 2))).toBe(INSERTED);
    expect(table.find(key(5, 30, 0))).toBe(slot);
    expect(table.find(key(5, 31, 0))).toBe(NO_SLOT);
  });

  it('keeps entries and done marks when it grows, and forgets them when cleared', () => {
    const table = new TranspositionTable(64);
    table.clear(TABLE_RESOURCES);
    const epoch = table.epoch;
    for (let layout = 1; layout <= 40000; layout++) {
      expect(table.insert(key(layout, 1, 0))).toBe(INSERTED);
      if (layout % 2 === 0) table.markDone(table.lastSlot);
      if (table.epoch !== epoch && layout > 30000) break;
    }
    expect(table.epoch).not.toBe(epoch);
    expect(table.insert(key(10, 1, 0))).toBe(PRESENT);
    expect(table.insert(key(10, 0, 1))).toBe(PRESENT);
    expect(table.insert(key(11, 0, 1))).toBe(INSERTED);
    table.clear(TABLE_RESOURCES);
    expect(table.insert(key(10, 1, 0))).toBe(INSERTED);
  });

  it('starts every deal small again; a deal that grows into room an earlier deal used sees none of its keys', () => {
    const table = new TranspositionTable(64);
    const initialSize = table.size();
    const outcomes = (first: number, count: number, waste: number, act: (result: number, i: number) => void) => {
      const tally = [0, 0, 0];
      for (let i = 0; i < count; i++) {
        const result = table.insert(key(first + i, waste, 0));
        tally[result]++;
        act(result, i);
      }
      return tally;
    };
    for (const [first, count] of [[1_000_000, 70_000], [2_000_000, 300], [3_000_000, 50_000]]) {
      table.clear(TABLE_RESOURCES);
      expect(table.size()).toBe(initialSize);
      // every third key is marked done as it goes in, so done marks must survive each growth
      expect(outcomes(first, count, 1, (_, i) => i % 3 === 0 && table.markDone(table.lastSlot))).toEqual([count, 0, 0]);
      expect(table.size()).toBeGreaterThanOrEqual(count * 2);
      expect(outcomes(first, count, 1, () => {})).toEqual([0, count, 0]);
      // a later waste top is covered exactly where the entry is done
      const done = Math.ceil(count / 3);
      expect(outcomes(first, count, 2, () => {})).toEqual([count - done, done, 0]);
    }
    // deal 1 used twice the room deal 3 grew into: none of its keys may show through
    let seen = 0;
    for (let i = 0; i < 70_000; i++) if (table.find(key(1_000_000 + i, 1, 0)) !== NO_SLOT) seen++;
    expect(seen).toBe(0);
  });
});

describe('growth under an address-space cap (table.ts)', () => {
  const MB = 1024 * 1024;
  it('grows while what is mapped plus the growth leaves room, however much of the mapping is only reserved', () => {
    // measured under ulimit -v 1500000 (a cap of 1,464 MB): Node mapped 1,053 MB, 827 MB of it reserved, when
    // coops deal 1271 --no-prune asked for 48 MB; the build before any check grew on and proved the deal lost
    expect(addressSpaceAllows(1053 * MB, 48 * MB, 1464 * MB)).toBe(true);
    expect(addressSpaceAllows(1166 * MB, 128 * MB, 1464 * MB)).toBe(true);
  });
  it('stops short of the cap, so that V8 never runs out of room for its own pages', () => {
    expect(addressSpaceAllows(1400 * MB, 48 * MB, 1464 * MB)).toBe(false);
    expect(addressSpaceAllows(1464 * MB - 1, 1, 1464 * MB)).toBe(false);
    expect(addressSpaceAllows(1000 * MB, 464 * MB, 1464 * MB)).toBe(false);
  });
});
