// The family search's table of positions met: whole keys of a few words each, open addressing, growing by doubling up to a memory cap.

/** What insert() found. */
export const FAMILY_INSERTED = 0;
export const FAMILY_PRESENT = 1;
export const FAMILY_FULL = 2;
/** lookUp() only: the key took the place of a stored key it covers. */
const FAMILY_REPLACED = 3;

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
  /**
   * Resources (solver/family.ts): keys match on every bit but `resourceMask` of word `resourceWord`,
   * and a stored key covers a new one whose masked bits are no lower (-1: keys match bit for bit).
   */
  private resourceWord = -1;
  private resourceMask = 0;
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

  /**
   * Forgets every key; the keys inserted next have `keyWords` words. With `resourceWord` ≥ 0, the bits
   * `resourceMask` of that word are a resource (lower is at least as good): a key is then present
   * when a stored key equals it elsewhere and is no higher there, and a lower one takes its place.
   */
  clear(keyWords: number, resourceWord = -1, resourceMask = 0): void {
    this.resourceWord = resourceWord;
    this.resourceMask = resourceMask;
    this.count = 0;
    this.hits = 0;
    // a table grown by an earlier, larger search starts small again: a small search then stays in the
    // processor's caches instead of spreading its keys over hundreds of megabytes
    if (keyWords !== this.keyWords || this.capacity === 0 || this.capacity > INITIAL_CAPACITY) {
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

  /** Stores `key` (its first keyWords words) unless it, or a key that covers it, is there already. */
  insert(key: Int32Array): number {
    const found = this.lookUp(key);
    if (found === FAMILY_PRESENT) return FAMILY_PRESENT;
    if (found === FAMILY_REPLACED) return FAMILY_INSERTED;
    if ((this.count + 1) * LOAD_DENOMINATOR > this.capacity * LOAD_NUMERATOR && !this.grow()) return FAMILY_FULL;
    const words = this.keyWords;
    const mask = this.capacity - 1;
    let slot = hashAt(key, 0, words, this.resourceWord, ~this.resourceMask) & mask;
    while (this.stamps[slot] === this.generation) slot = (slot + 1) & mask;
    this.stamps[slot] = this.generation;
    for (let i = 0; i < words; i++) this.keys[slot * words + i] = key[i];
    this.count++;
    return FAMILY_INSERTED;
  }

  /** PRESENT when a stored key equals or covers `key`; REPLACED when `key` took the place of one it covers; else INSERTED, with nothing stored yet. */
  private lookUp(key: Int32Array): number {
    const words = this.keyWords;
    const mask = this.capacity - 1;
    const keys = this.keys;
    const stamps = this.stamps;
    const generation = this.generation;
    const resourceWord = this.resourceWord;
    const matchMask = ~this.resourceMask;
    let slot = hashAt(key, 0, words, resourceWord, matchMask) & mask;
    while (stamps[slot] === generation) {
      const base = slot * words;
      let same = true;
      for (let i = 0; i < words; i++) {
        const difference = keys[base + i] ^ key[i];
        if (difference !== 0 && (i !== resourceWord || (difference & matchMask) !== 0)) {
          same = false;
          break;
        }
      }
      if (same) {
        if (resourceWord < 0 || (keys[base + resourceWord] & ~matchMask) <= (key[resourceWord] & ~matchMask)) {
          this.hits++;
          return FAMILY_PRESENT;
        }
        // the same layout with more resources: it covers the stored one from now on
        keys[base + resourceWord] = key[resourceWord];
        return FAMILY_REPLACED;
      }
      slot = (slot + 1) & mask;
    }
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
      let slot = hashAt(oldKeys, old * words, words, this.resourceWord, ~this.resourceMask) & mask;
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

/** The hash of the key of `words` words at keys[start …], its resource bits (word `resourceWord`, outside `matchMask`) left out. */
function hashAt(keys: Int32Array, start: number, words: number, resourceWord: number, matchMask: number): number {
  let h = 0x9e3779b9;
  for (let i = 0; i < words; i++) {
    const word = i === resourceWord ? keys[start + i] & matchMask : keys[start + i];
    h = Math.imul(h ^ word, 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0xc2b2ae35);
  return (h ^ (h >>> 15)) >>> 0;
}
