// The family search's table of positions met: whole keys of a few words each, open addressing, growing by doubling up to a memory cap.

/** What insert() found. */
export const FAMILY_INSERTED = 0;
export const FAMILY_PRESENT = 1;
export const FAMILY_FULL = 2;

const INITIAL_CAPACITY = 1 << 14;
/** Kept at most three quarters full, so that linear probing stays short. */
const LOAD_NUMERATOR = 3;
const LOAD_DENOMINATOR = 4;

/**
 * A set of keys of `keyWords` words each (solver/key.ts, the family key). Every key is stored whole, so
 * a look-up never mistakes one position for another: a table that fills up ends the search with
 * unknown, never with a guess. A slot's stamp is the generation that wrote it (0: never), so that
 * clear() empties the table at no cost.
 */
export class FamilyTable {
  private readonly maxBytes: number;
  private keyWords = 1;
  private capacity = 0;
  private keys: Int32Array = new Int32Array(0);
  private stamps: Uint32Array = new Uint32Array(0);
  private generation = 0;
  /** Keys stored in this search. */
  count = 0;
  /** Look-ups that found the key already stored, for --stats. */
  hits = 0;

  constructor(memoryMegabytes: number) {
    this.maxBytes = memoryMegabytes * 1024 * 1024;
  }

  /** Bytes one entry takes: the key's words and the stamp. */
  bytesPerEntry(): number {
    return 4 * this.keyWords + 4;
  }
  size(): number {
    return this.capacity;
  }

  /** Forgets every key; the keys inserted next have `keyWords` words. */
  clear(keyWords: number): void {
    this.count = 0;
    this.hits = 0;
    if (keyWords !== this.keyWords || this.capacity === 0) {
      this.keyWords = keyWords;
      this.capacity = Math.min(INITIAL_CAPACITY, this.largestCapacity());
      this.keys = new Int32Array(this.capacity * keyWords);
      this.stamps = new Uint32Array(this.capacity);
      this.generation = 1;
      return;
    }
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** The most slots the memory cap allows (a power of two). */
  private largestCapacity(): number {
    let capacity = 1;
    while (capacity * 2 * this.bytesPerEntry() <= this.maxBytes) capacity *= 2;
    return capacity;
  }

  /** Stores `key` (its first keyWords words) unless it is there already. */
  insert(key: Int32Array): number {
    if ((this.count + 1) * LOAD_DENOMINATOR > this.capacity * LOAD_NUMERATOR && !this.grow()) return FAMILY_FULL;
    const words = this.keyWords;
    const mask = this.capacity - 1;
    const keys = this.keys;
    const stamps = this.stamps;
    const generation = this.generation;
    let slot = hashAt(key, 0, words) & mask;
    while (stamps[slot] === generation) {
      const base = slot * words;
      let same = true;
      for (let i = 0; i < words; i++) {
        if (keys[base + i] !== key[i]) {
          same = false;
          break;
        }
      }
      if (same) {
        this.hits++;
        return FAMILY_PRESENT;
      }
      slot = (slot + 1) & mask;
    }
    stamps[slot] = generation;
    for (let i = 0; i < words; i++) keys[slot * words + i] = key[i];
    this.count++;
    return FAMILY_INSERTED;
  }

  /** Doubles the room; false (the table as it was) when the cap or the machine does not allow it. */
  private grow(): boolean {
    const capacity = this.capacity * 2;
    if (capacity > this.largestCapacity()) return false;
    const words = this.keyWords;
    let keys: Int32Array;
    let stamps: Uint32Array;
    try {
      keys = new Int32Array(capacity * words);
      stamps = new Uint32Array(capacity);
    } catch (error) {
      if (error instanceof RangeError) return false;
      throw error;
    }
    const mask = capacity - 1;
    const oldKeys = this.keys;
    for (let old = 0; old < this.capacity; old++) {
      if (this.stamps[old] !== this.generation) continue;
      let slot = hashAt(oldKeys, old * words, words) & mask;
      while (stamps[slot] === 1) slot = (slot + 1) & mask;
      stamps[slot] = 1;
      for (let i = 0; i < words; i++) keys[slot * words + i] = oldKeys[old * words + i];
    }
    this.keys = keys;
    this.stamps = stamps;
    this.capacity = capacity;
    this.generation = 1;
    return true;
  }
}

/** The hash of the key of `words` words at keys[start …]. */
function hashAt(keys: Int32Array, start: number, words: number): number {
  let h = 0x9e3779b9;
  for (let i = start; i < start + words; i++) {
    h = Math.imul(h ^ keys[i], 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 15)) >>> 0;
}
