// Transposition table: open addressing over one Uint32Array of packed keys, grown on demand up to a memory cap.
import { readFileSync } from 'node:fs';
import { KEY_WORD3_BITS, KEY_WORDS, keyLayout, keyRedealsUsed, keyWaste, keyWord3, withRedealsUsed } from './key.js';
import { FULL, INSERTED, PRESENT, type InsertResult } from '../frame.js';

/*
 * Each slot is KEY_WORDS (4) words: the key, with two fields of the table's own in word 3 above the
 * key's bits (key.ts reads and writes those; the table asks it through keyWord3, keyLayout, keyWaste):
 *
 * | word 3 bits | field                                                              |
 * |-------------|--------------------------------------------------------------------|
 * | 0-18        | the key's own bits (key.ts, KEY_WORD3_BITS)                        |
 * | 19          | DONE: the position's search finished without a win (see below)     |
 * | 20-31       | generation stamp: a slot of another generation is empty            |
 *
 * Clearing the table between deals is one increment of the generation; the array is zeroed only
 * when the stamp wraps. The array is kept as it grew, but each deal starts on its first
 * INITIAL_CAPACITY slots again and grows into the rest: a small search stays in a region the caches
 * hold, and no memory is given back and taken again per deal (fresh pages cost page faults, and in a
 * process with several workers, TLB shoot-downs across cores).
 *
 * Modes (key.ts, "Resources"):
 * - EXACT: keys match bit for bit (the pruning-free search).
 * - RESOURCES: a slot stands for a layout with its redeals used and holds a waste top it was reached
 *   with. DONE is set by the search (search.ts) on a position searched to the end without a win and
 *   without relying on a position not yet proven lost: a proof that it is lost. A key is PRESENT when
 *   its slot holds the same waste top (the same position), or is DONE with an earlier one, or when
 *   its layout is stored DONE with fewer redeals used (key.ts, "Resources": each of those can do
 *   all the key can, so the key is lost too). Otherwise the key takes the slot and is searched.
 */
export const BYTES_PER_ENTRY = KEY_WORDS * 4;
const DONE_BIT = 1 << KEY_WORD3_BITS;
const GENERATION_SHIFT = KEY_WORD3_BITS + 1;
const GENERATION_LIMIT = 1 << (32 - GENERATION_SHIFT);
const INITIAL_CAPACITY = 1 << 14;
/** A full table at its cap stops the search (unknown) past this load. */
const MAX_LOAD = 0.9;

export const TABLE_EXACT = 0;
export const TABLE_RESOURCES = 1;
export type TableMode = typeof TABLE_EXACT | typeof TABLE_RESOURCES;

/** find() for a key the table does not hold. */
export const NO_SLOT = -1;
/** probe() for a slot with any waste top. */
const ANY_WASTE = -1;

/**
 * A zeroed array whose pages are already written. A fresh large array is untouched memory; the table's
 * first access to a slot is a read, which maps the shared zero page, and the write after it then
 * replaces that mapping, which flushes the TLB of every core running the process: with two workers,
 * about 3,000 cross-core interrupts a second (coops, counted with bench/tlb.sh) and each deal about 10% slower.
 */
function writtenWords(length: number): Uint32Array {
  return new Uint32Array(length).fill(0);
}

/*
 * Address space under a cap (ulimit -v). The kernel counts every mapping against the cap, also the
 * ranges V8 and malloc reserve without using (VmSize: about 0.6 GB reserved of Node's 0.7-1 GB at
 * start, and a worker thread reserves more); V8 aborts the process when it cannot map a page it
 * needs. Its heap grows into those reservations, and the search allocates nothing per node: between
 * two growths VmSize moves by the table's own arrays alone. So the table grows while VmSize plus the
 * growth leaves V8_HEADROOM for V8 pages outside its reservations. (A headroom of 384 MB on top of
 * the reservations left coops deal 1271 --no-prune unknown at 524,288 nodes under 1.5 GB, where it
 * needs 3,007,311; with no headroom at all V8 was seen to abort in a later collection.)
 */
const V8_HEADROOM = 64 * 1024 * 1024;

/** The address-space cap of this process (ulimit -v) in bytes, or Infinity; read once, Linux only. */
const addressSpaceCap = (() => {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((text) => text.startsWith('Max address space'));
    const soft = line?.trim().split(/\s+/)[3];
    return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return Infinity;
  }
})();

/** The address space this process has mapped (VmSize) in bytes, or undefined where it cannot be read. */
function mappedBytes(): number | undefined {
  try {
    const size = /VmSize:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return size === null ? undefined : Number(size[1]) * 1024;
  } catch {
    return undefined;
  }
}

/** Whether a process that has mapped `mapped` bytes under a cap of `cap` may take `bytes` more and leave V8 its headroom. */
export function addressSpaceAllows(mapped: number, bytes: number, cap: number): boolean {
  return mapped + bytes + V8_HEADROOM <= cap;
}

/** Whether this process may take `bytes` more under its address-space cap (always, without a cap or /proc). */
function addressSpaceLeft(bytes: number): boolean {
  if (addressSpaceCap === Infinity) return true;
  const mapped = mappedBytes();
  return mapped === undefined || addressSpaceAllows(mapped, bytes, addressSpaceCap);
}

const EMPTY = new Uint32Array(0);

function hashKey(k0: number, k1: number, k2: number, k3: number): number {
  let h = Math.imul(k0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15) ^ k1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13) ^ k2, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16) ^ k3, 0x165667b1);
  return h ^ (h >>> 15);
}

export class TranspositionTable {
  /** Only the first `capacity` slots are in use. */
  private slots: Uint32Array;
  private capacity: number;
  /** Where grow() puts the slots in use while it hashes them into twice the room. */
  private scratch = EMPTY;
  private generation = 1;
  readonly maxCapacity: number;
  /** Where every deal starts. */
  private readonly initialCapacity: number;
  /** Entries stored for the current deal. */
  count = 0;
  /** Look-ups that found the key already stored, for --stats. */
  hits = 0;
  /** RESOURCES: keys match on their layout and compare the waste top as a number (lower is better); else bit for bit. */
  private compareWaste = false;
  /** The slot of the last INSERTED key; valid until `epoch` changes. */
  lastSlot = NO_SLOT;
  /** After PRESENT: whether the covering entry is DONE (a proof of loss), not just searched or on the path. */
  lastHitDone = false;
  /** Changes whenever slots move (the table grew). */
  epoch = 0;

  constructor(memoryMegabytes: number) {
    let capacity = INITIAL_CAPACITY;
    const maxBytes = memoryMegabytes * 1024 * 1024;
    while (capacity * 2 * BYTES_PER_ENTRY <= maxBytes) capacity *= 2;
    this.maxCapacity = capacity;
    this.initialCapacity = Math.min(INITIAL_CAPACITY, capacity);
    this.capacity = this.initialCapacity;
    this.slots = writtenWords(this.capacity * KEY_WORDS);
  }

  /** Forgets every entry (a new generation) and sets how keys are compared. */
  clear(mode: TableMode = TABLE_EXACT): void {
    this.compareWaste = mode === TABLE_RESOURCES;
    this.count = 0;
    this.hits = 0;
    this.nextGeneration();
    if (this.capacity !== this.initialCapacity) {
      this.epoch++;
      this.capacity = this.initialCapacity;
    }
  }

  /** Empties every slot at once: a slot stamped with another generation is empty. */
  private nextGeneration(): void {
    this.generation++;
    if (this.generation >= GENERATION_LIMIT) {
      this.slots.fill(0);
      this.generation = 1;
    }
  }

  size(): number {
    return this.capacity;
  }

  bytesPerEntry(): number {
    return BYTES_PER_ENTRY;
  }

  /** What a key (or a slot's word 3) is matched on: its layout when the waste top is compared, else all of its word 3. */
  private layoutOf(word3: number): number {
    return this.compareWaste ? keyLayout(word3) : keyWord3(word3);
  }
  /** The waste top compared as a resource (0 for exact keys). */
  private wasteOf(word3: number): number {
    return this.compareWaste ? keyWaste(word3) : 0;
  }

  /** Stores the key unless present: INSERTED, PRESENT, or FULL when the memory cap is reached. */
  insert(key: Uint32Array): InsertResult {
    const k0 = key[0];
    const k1 = key[1];
    const k2 = key[2];
    const layout3 = this.layoutOf(key[3]);
    const waste = this.wasteOf(key[3]);
    const stampedKey = keyWord3(key[3]) | (this.generation << GENERATION_SHIFT);
    const slots = this.slots;
    const mask = this.capacity - 1;
    let index = hashKey(k0, k1, k2, layout3) & mask;
    for (;;) {
      const base = index * KEY_WORDS;
      const stored3 = slots[base + 3];
      if (stored3 >>> GENERATION_SHIFT !== this.generation) break;
      if (this.layoutOf(stored3) === layout3 && slots[base] === k0 && slots[base + 1] === k1 && slots[base + 2] === k2) {
        const storedWaste = this.wasteOf(stored3);
        if (storedWaste === waste || (storedWaste < waste && (stored3 & DONE_BIT) !== 0)) {
          this.hits++;
          this.lastHitDone = (stored3 & DONE_BIT) !== 0;
          return PRESENT;
        }
        // An earlier waste top: search it again. A later one, under a search not yet proven lost (only
        // where moves can be undone): search it too, and let it take the slot, so that its own search,
        // which may come back to it, finds it. Neither can be on the search path with the other, as a
        // position's layout on one path never comes back with another waste top.
        slots[base + 3] = stampedKey;
        this.lastSlot = index;
        return INSERTED;
      }
      index = (index + 1) & mask;
    }
    if (this.compareWaste && keyRedealsUsed(layout3) !== 0 && this.doneWithFewerRedeals(k0, k1, k2, layout3)) {
      this.hits++;
      this.lastHitDone = true;
      return PRESENT;
    }
    if (this.count + 1 > this.capacity * (this.capacity === this.maxCapacity ? MAX_LOAD : 0.5)) {
      if (this.capacity === this.maxCapacity || !this.grow()) return FULL;
      return this.insert(key);
    }
    const base = index * KEY_WORDS;
    slots[base] = k0;
    slots[base + 1] = k1;
    slots[base + 2] = k2;
    slots[base + 3] = stampedKey;
    this.lastSlot = index;
    this.count++;
    return INSERTED;
  }

  /** Is this layout stored, finished, with fewer redeals used (any waste top)? */
  private doneWithFewerRedeals(k0: number, k1: number, k2: number, layout3: number): boolean {
    const redealsUsed = keyRedealsUsed(layout3);
    for (let fewer = 0; fewer < redealsUsed; fewer++) {
      if (this.probe(k0, k1, k2, withRedealsUsed(layout3, fewer), ANY_WASTE, true) !== NO_SLOT) return true;
    }
    return false;
  }

  /** Marks a slot from lastSlot (taken in the same epoch) as searched without a win. */
  markDone(slot: number): void {
    this.slots[slot * KEY_WORDS + 3] |= DONE_BIT;
  }

  /** The slot holding exactly this key (done or not), or NO_SLOT. */
  find(key: Uint32Array): number {
    return this.probe(key[0], key[1], key[2], this.layoutOf(key[3]), this.wasteOf(key[3]), false);
  }

  /** The slot whose key has words k0-k2, this layout and waste top (or ANY_WASTE), and is DONE if `doneOnly`; or NO_SLOT. */
  private probe(k0: number, k1: number, k2: number, layout3: number, waste: number, doneOnly: boolean): number {
    const slots = this.slots;
    const mask = this.capacity - 1;
    for (let index = hashKey(k0, k1, k2, layout3) & mask; ; index = (index + 1) & mask) {
      const base = index * KEY_WORDS;
      const stored3 = slots[base + 3];
      if (stored3 >>> GENERATION_SHIFT !== this.generation) return NO_SLOT;
      if (
        this.layoutOf(stored3) === layout3 &&
        slots[base] === k0 &&
        slots[base + 1] === k1 &&
        slots[base + 2] === k2 &&
        (waste === ANY_WASTE || this.wasteOf(stored3) === waste) &&
        (!doneOnly || (stored3 & DONE_BIT) !== 0)
      ) {
        return index;
      }
    }
  }

  /**
   * Doubles the room in use; false, with the table as it was, when the memory for it cannot be had.
   * A new array is filled straight from the old one; only room kept from an earlier deal needs a copy
   * of the slots in use (scratch) first. Nothing else is held meanwhile: a fresh growth peaks at three
   * times the room in use (the old slots and the new), where a scratch copy beside them made it 4.5.
   */
  private grow(): boolean {
    const oldCapacity = this.capacity;
    const oldGeneration = this.generation;
    const words = oldCapacity * KEY_WORDS;
    const fresh = this.slots.length < 2 * words;
    const needed = fresh ? 2 * words : this.scratch.length < words ? words : 0;
    if (!addressSpaceLeft(needed * 4)) return false;
    let old: Uint32Array;
    let larger: Uint32Array;
    try {
      if (fresh) {
        old = this.slots;
        larger = writtenWords(2 * words);
      } else {
        // a smaller scratch array goes first, so that V8 may collect it if the larger one needs its room
        if (this.scratch.length < words) {
          this.scratch = EMPTY;
          this.scratch = new Uint32Array(words);
        }
        old = this.scratch;
        old.set(this.slots.subarray(0, words));
        larger = this.slots;
      }
    } catch (error) {
      // the machine (or ulimit) cannot give it: the search ends as a full table does, unknown (memory)
      if (error instanceof RangeError) return false;
      throw error;
    }
    this.epoch++;
    this.capacity *= 2;
    this.slots = larger;
    // the entries go back in stamped with a new generation, which empties the larger region at no cost
    this.nextGeneration();
    const slots = this.slots;
    const stamp = this.generation << GENERATION_SHIFT;
    const mask = this.capacity - 1;
    for (let base = 0; base < words; base += KEY_WORDS) {
      const k3 = old[base + 3];
      if (k3 >>> GENERATION_SHIFT !== oldGeneration) continue;
      let index = hashKey(old[base], old[base + 1], old[base + 2], this.layoutOf(k3)) & mask;
      while (slots[index * KEY_WORDS + 3] >>> GENERATION_SHIFT === this.generation) index = (index + 1) & mask;
      const to = index * KEY_WORDS;
      slots[to] = old[base];
      slots[to + 1] = old[base + 1];
      slots[to + 2] = old[base + 2];
      slots[to + 3] = keyWord3(k3) | (k3 & DONE_BIT) | stamp;
    }
    return true;
  }
}
