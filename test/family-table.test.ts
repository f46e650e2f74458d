// The family search's table: whole keys, under resources a key covered by one alike with an earlier waste top, and under pass states one key a layout.
import { describe, expect, it } from 'vitest';
import { FamilyTable } from '../src/solver/family/table.js';
import { FULL, INSERTED, JOINED, PRESENT } from '../src/solver/frame.js';
import { familyDecksKeyPassState, keyResourceMask, keyResourceWord, KEYS_DECKS_PASS_STATES, KEYS_DECKS_WASTE_RESOURCE, KEYS_PASS_STATES, KEYS_WASTE_RESOURCE, type KeyMatch, familyKeyPassPhases, familyKeyPassState, familyKeyWords, familyRedealsField, familyWasteField, familyWasteWord, familyWingCodeBits } from '../src/solver/family/key.js';
import { testRandom } from './helpers.js';

const WINGS = 4;
const WORDS = familyKeyWords(WINGS, familyWingCodeBits({ wrapBase: false, wrapNone: false, maxWing: 13 }), 0);
/** A key whose wings say `layout` and whose waste top is stock place `waste` (its field holds waste + 1). */
function key(layout: number, waste: number): Int32Array {
  const words = new Int32Array(WORDS);
  words[1] = layout;
  words[keyResourceWord(KEYS_PASS_STATES)] = 3 | familyWasteField(waste);
  return words;
}

/** A key of layout `layout` in pass phase `phase` (0: at a pass boundary) with `turns` whole turns in the waste, its pass state where `match` keeps it (one deck's key unless said). */
function passKeyOf(layout: number, phase: number, turns: number, match: KeyMatch = KEYS_PASS_STATES): Int32Array {
  const words = key(layout, 9);
  (match === KEYS_PASS_STATES ? familyKeyPassState : familyDecksKeyPassState)(words, phase, turns);
  return words;
}
const passKey = (layout: number, phase: number, turns: number) => passKeyOf(layout, phase, turns);

describe('FamilyTable', () => {
  it('hands forEachKey every key it stored, once, and no other (through growth and a clear)', () => {
    const table = new FamilyTable(1);
    const random = testRandom(11);
    for (const round of [0, 1]) {
      table.clear(WORDS);
      // without resources every distinct key is stored: the keys made are what the table must hand back
      const stored = new Set<string>();
      // enough keys to make the table grow from its first size several times
      for (let i = 0; i < 60_000; i++) {
        const words = key(random(1 << 20), random(40));
        table.insert(words);
        stored.add(words.join(','));
      }
      const seen: string[] = [];
      table.forEachKey((keys, at) => seen.push(Array.from(keys.subarray(at, at + WORDS)).join(',')));
      expect(seen.length, `round ${round}`).toBe(stored.size);
      expect(new Set(seen), `round ${round}`).toEqual(stored);
      expect(table.count).toBe(stored.size);
    }
  });
  it("reads a stored key's pass states back: one bit each for the boundary and the two phases, gathered per layout", () => {
    // key.ts's table of word 0 under passes as cycles: bit 21 the boundary, bits 22-26 phase 1, 27-31 phase 2
    expect([1 << 21, 1 << 22, 17 << 22, 1 << 27, (31 << 27) | 3, 0xffff | (20 << 16)].map((word) => familyKeyPassPhases(word))).toEqual([1, 2, 2, 4, 4, 0]);
    expect([0, 1, 2].map((phase) => familyKeyPassPhases(passKey(1, phase, 3)[0]))).toEqual([1, 2, 4]);
    const table = new FamilyTable(1);
    table.clear(WORDS, KEYS_PASS_STATES);
    table.insert(passKey(1, 0, 0));
    table.insert(passKey(1, 2, 5));
    table.insert(passKey(3, 1, 0));
    table.insert(passKey(1, 1, 2));
    // a boundary position after a mid-pass one of its layout is covered (rule F7), so not gathered
    table.insert(passKey(2, 2, 1));
    table.insert(passKey(2, 0, 0));
    const phases = new Map<number, number>();
    table.forEachKey((keys, at) => phases.set(keys[at + 1], familyKeyPassPhases(keys[at])));
    expect(phases).toEqual(new Map([[1, 7], [2, 4], [3, 2]]));
  });
  it('the waste field lies inside the mask, and a later waste top is a larger number there', () => {
    expect(familyWasteField(9) & ~keyResourceMask(KEYS_WASTE_RESOURCE)).toBe(0);
    expect(familyWasteField(63 - 1) & ~keyResourceMask(KEYS_WASTE_RESOURCE)).toBe(0);
    expect(familyWasteField(9) > familyWasteField(8)).toBe(true);
    expect(familyWasteField(-1)).toBe(0);
  });
  it('the redeals used lie inside the mask above the waste top: one redeal fewer is a smaller number whatever the waste tops (rule F8)', () => {
    expect(familyRedealsField(3) & ~keyResourceMask(KEYS_WASTE_RESOURCE)).toBe(0);
    expect((familyRedealsField(0) | familyWasteField(62)) < (familyRedealsField(1) | familyWasteField(-1))).toBe(true);
    expect((familyRedealsField(1) | familyWasteField(62)) < (familyRedealsField(2) | familyWasteField(-1))).toBe(true);
  });
  it('matches bit for bit without resources', () => {
    const table = new FamilyTable(1);
    table.clear(WORDS);
    expect(table.insert(key(1, 5))).toBe(INSERTED);
    expect(table.insert(key(1, 5))).toBe(PRESENT);
    expect(table.insert(key(1, 7))).toBe(INSERTED);
    expect(table.insert(key(1, 3))).toBe(INSERTED);
    expect(table.insert(key(2, 5))).toBe(INSERTED);
    expect(table.count).toBe(4);
  });
  it('under resources, an earlier waste top covers a later one, and a yet earlier one takes its place (joins)', () => {
    const table = new FamilyTable(1);
    table.clear(WORDS, KEYS_WASTE_RESOURCE);
    expect(table.insert(key(1, 5))).toBe(INSERTED);
    expect(table.insert(key(1, 7))).toBe(PRESENT);
    expect(table.insert(key(1, 5))).toBe(PRESENT);
    expect(table.insert(key(1, 3))).toBe(JOINED);
    expect(table.insert(key(1, 4))).toBe(PRESENT);
    // the empty waste (field 0) is the earliest of all
    expect(table.insert(key(1, -1))).toBe(JOINED);
    // another layout is never covered
    expect(table.insert(key(2, 40))).toBe(INSERTED);
    expect(table.count).toBe(2);
  });
  // the most whole turns a waste holds: one deck's 25 (turns of two), four decks' 74 (turns of three round 224 places)
  it.each([
    ['one deck', KEYS_PASS_STATES, 25],
    ['two to four decks', KEYS_DECKS_PASS_STATES, 74],
  ] as const)(`under pass states of %s (docs/solver.md "Rule F7"), a layout is one key: any of its positions covers its boundary one, and a mid-pass one is covered by its phase's with no more whole turns`, (_, match, most) => {
    const passKey = (layout: number, phase: number, turns: number) => passKeyOf(layout, phase, turns, match);
    const table = new FamilyTable(1);
    table.clear(WORDS, match);
    // the boundary position first: a mid-pass one of its layout is searched after it all the same
    expect(table.insert(passKey(1, 0, 0))).toBe(INSERTED);
    expect(table.insert(passKey(1, 0, 0))).toBe(PRESENT);
    expect(table.insert(passKey(1, 1, 4))).toBe(JOINED);
    expect(table.insert(passKey(1, 1, 4))).toBe(PRESENT);
    expect(table.insert(passKey(1, 1, 6))).toBe(PRESENT);
    expect(table.insert(passKey(1, 1, 3))).toBe(JOINED);
    expect(table.insert(passKey(1, 1, 0))).toBe(JOINED);
    // another phase is never covered by this one, and does not uncover it
    expect(table.insert(passKey(1, 2, 9))).toBe(JOINED);
    expect(table.insert(passKey(1, 1, 2))).toBe(PRESENT);
    expect(table.insert(passKey(1, 2, 10))).toBe(PRESENT);
    expect(table.insert(passKey(1, 2, most))).toBe(PRESENT);
    expect(table.insert(passKey(1, 2, most - 1))).toBe(PRESENT);
    // a mid-pass position first: it covers its layout's boundary position, never another layout's
    expect(table.insert(passKey(2, 2, most))).toBe(INSERTED);
    expect(table.insert(passKey(2, 0, 0))).toBe(PRESENT);
    expect(table.insert(passKey(3, 0, 0))).toBe(INSERTED);
    expect(table.insert(passKey(3, 2, most))).toBe(JOINED);
    expect(table.insert(passKey(3, 2, most - 1))).toBe(JOINED);
    expect(table.insert(passKey(3, 2, most))).toBe(PRESENT);
    expect(table.count).toBe(3);
    // the pass state lies inside the mask, and the waste's field does too
    const waste = match === KEYS_PASS_STATES ? KEYS_WASTE_RESOURCE : KEYS_DECKS_WASTE_RESOURCE;
    expect(keyResourceMask(waste) & ~keyResourceMask(match)).toBe(0);
    for (const [phase, turns] of [[0, 0], [1, most], [2, most]]) {
      const words = passKey(1, phase, turns);
      expect((words[keyResourceWord(match)] & ~keyResourceMask(match)) === (key(1, 9)[keyResourceWord(match)] & ~keyResourceMask(match))).toBe(true);
      expect(familyKeyPassPhases(words[keyResourceWord(match)], match)).toBe(phase === 0 ? 1 : 1 << phase);
    }
  });
  it('a table grown by one search starts at its first room for the next, empty (a small search stays small)', () => {
    const table = new FamilyTable(16);
    table.clear(WORDS);
    const first = table.size();
    for (let layout = 1; layout <= 4 * first; layout++) table.insert(key(layout, 0));
    expect(table.size()).toBeGreaterThan(first);
    table.clear(WORDS);
    expect(table.size()).toBe(first);
    expect(table.insert(key(1, 0))).toBe(INSERTED);
    expect(table.count).toBe(1);
  });
  it('a later search grows through the arrays an earlier one made, and none of its keys show through', () => {
    const table = new FamilyTable(16);
    table.clear(WORDS);
    const first = table.size();
    // layouts 1..n in the first search, n+1..2n in the next ones: the same count, so the same growths
    const n = 20 * first;
    for (let layout = 1; layout <= n; layout++) expect(table.insert(key(layout, 0))).toBe(INSERTED);
    const grown = table.size();
    const made = table.freshArrays;
    for (let search = 0; search < 2; search++) {
      table.clear(WORDS);
      expect(table.slotsInUse()).toBe(0);
      let size = table.size();
      for (let layout = n + 1; layout <= 2 * n; layout++) {
        if (table.insert(key(layout, 0)) !== INSERTED) expect.fail(`layout ${layout} not inserted`);
        // right after each growth: only this search's keys
        if (table.size() !== size) expect(table.slotsInUse()).toBe(table.count);
        size = table.size();
      }
      expect(table.size()).toBe(grown);
      expect(table.freshArrays).toBe(made);
      for (let layout = 1; layout <= n; layout += 97) expect(table.insert(key(layout, 0))).toBe(INSERTED);
      for (let layout = n + 1; layout <= 2 * n; layout += 89) expect(table.insert(key(layout, 0))).toBe(PRESENT);
    }
  });
  it('a search that does not grow finds none of the keys of the one before in the same slots', () => {
    const table = new FamilyTable(16);
    table.clear(WORDS);
    const few = table.size() / 2;
    for (let layout = 1; layout <= few; layout++) table.insert(key(layout, 0));
    table.clear(WORDS);
    for (let layout = 1; layout <= few; layout++) expect(table.insert(key(layout, 0))).toBe(INSERTED);
  });
  it('grows past its first room, keeps every key, and says full at its memory cap', () => {
    const table = new FamilyTable(1);
    table.clear(WORDS);
    let inserted = 0;
    for (let layout = 1; ; layout++) {
      const stored = table.insert(key(layout, 0));
      if (stored === FULL) break;
      expect(stored).toBe(INSERTED);
      inserted++;
    }
    // 1 MB of entries, kept at most three quarters full, in as many slots as 1 MB holds: a power of two
    // below it (65,536 slots of 12 bytes here) would give out at 590 KB of entries
    expect(inserted * table.bytesPerEntry()).toBeLessThanOrEqual(1024 * 1024);
    expect(inserted * table.bytesPerEntry()).toBeGreaterThan(0.7 * 1024 * 1024);
    expect(inserted).toBeGreaterThan(16384);
    for (let layout = 1; layout <= inserted; layout += 997) expect(table.insert(key(layout, 0))).toBe(PRESENT);
  });
});
