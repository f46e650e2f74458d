// Transposition table: open addressing over one Uint32Array of packed keys, grown on demand up to a memory cap.
import { KEY_USED_BITS, KEY_USED_MASK, KEY_WORDS } from './state.js';

/*
 * Each slot is KEY_WORDS (4) words: the key, with the table's generation stamp in the high 13 bits
 * of word 3. A slot whose stamp is not the current generation is empty, so clearing the table
 * between deals is one increment; the arrays are zeroed only when the stamp wraps.
 */
export const BYTES_PER_ENTRY = KEY_WORDS * 4;
const GENERATION_LIMIT = 1 << (32 - KEY_USED_BITS);
const INITIAL_CAPACITY = 1 << 14;
/** A full table at its cap stops the search (unknown) past this load. */
const MAX_LOAD = 0.9;

export const INSERTED = 0;
export const PRESENT = 1;
export const FULL = 2;

function hashKey(k0: number, k1: number, k2: number, k3: number): number {
  let h = Math.imul(k0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15) ^ k1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 13) ^ k2, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16) ^ k3, 0x165667b1);
  return h ^ (h >>> 15);
}

export class TranspositionTable {
  private slots: Uint32Array;
  private capacity: number;
  private generation = 1;
  readonly maxCapacity: number;
  /** Entries stored for the current deal. */
  count = 0;
  /** Look-ups that found the key already stored, for --stats. */
  hits = 0;

  constructor(memoryMegabytes: number) {
    let capacity = INITIAL_CAPACITY;
    const maxBytes = memoryMegabytes * 1024 * 1024;
    while (capacity * 2 * BYTES_PER_ENTRY <= maxBytes) capacity *= 2;
    this.maxCapacity = capacity;
    this.capacity = Math.min(INITIAL_CAPACITY, capacity);
    this.slots = new Uint32Array(this.capacity * KEY_WORDS);
  }

  /** Forgets every entry (a new generation). */
  clear(): void {
    this.count = 0;
    this.hits = 0;
    this.generation++;
    if (this.generation >= GENERATION_LIMIT) {
      this.slots.fill(0);
      this.generation = 1;
    }
  }

  size(): number {
    return this.capacity;
  }
  fill(): number {
    return this.count / this.capacity;
  }

  /** Stores the key unless present: INSERTED, PRESENT, or FULL when the memory cap is reached. */
  insert(key: Uint32Array): number {
    const k0 = key[0];
    const k1 = key[1];
    const k2 = key[2];
    const k3 = key[3];
    const stamped = ((k3 & KEY_USED_MASK) | (this.generation << KEY_USED_BITS)) >>> 0;
    const slots = this.slots;
    const mask = this.capacity - 1;
    let index = hashKey(k0, k1, k2, k3) & mask;
    for (;;) {
      const base = index * KEY_WORDS;
      const stored3 = slots[base + 3];
      if (stored3 >>> KEY_USED_BITS !== this.generation) break;
      if (stored3 === stamped && slots[base] === k0 && slots[base + 1] === k1 && slots[base + 2] === k2) {
        this.hits++;
        return PRESENT;
      }
      index = (index + 1) & mask;
    }
    if (this.count + 1 > this.capacity * (this.capacity === this.maxCapacity ? MAX_LOAD : 0.5)) {
      if (this.capacity === this.maxCapacity) return FULL;
      this.grow();
      return this.insert(key);
    }
    const base = index * KEY_WORDS;
    slots[base] = k0;
    slots[base + 1] = k1;
    slots[base + 2] = k2;
    slots[base + 3] = stamped;
    this.count++;
    return INSERTED;
  }

  private grow(): void {
    const old = this.slots;
    const oldCapacity = this.capacity;
    this.capacity *= 2;
    this.slots = new Uint32Array(this.capacity * KEY_WORDS);
    const mask = this.capacity - 1;
    for (let slot = 0; slot < oldCapacity; slot++) {
      const base = slot * KEY_WORDS;
      const k3 = old[base + 3];
      if (k3 >>> KEY_USED_BITS !== this.generation) continue;
      let index = hashKey(old[base], old[base + 1], old[base + 2], k3 & KEY_USED_MASK) & mask;
      while (this.slots[index * KEY_WORDS + 3] >>> KEY_USED_BITS === this.generation) index = (index + 1) & mask;
      this.slots.set(old.subarray(base, base + KEY_WORDS), index * KEY_WORDS);
    }
  }
}
