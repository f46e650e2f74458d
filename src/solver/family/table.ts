// The family search's table of positions met: whole keys of a few words each, open addressing, growing by doubling up to the slots its memory cap holds.
import { familyDecksPassStateCovers, familyDecksPassStateMerged, familyPassStateCovers, familyPassStateMerged, keyHasPassState, keyResourceMask, keyResourceWord, KEYS_DECKS_PASS_STATES, KEYS_EXACT, type KeyMatch } from './key.js';
import { FULL, INSERTED, JOINED, PRESENT, type InsertResult } from '../frame.js';

const INITIAL_CAPACITY = 1 << 14;
/** Kept at most three quarters full, so that linear probing stays short. */
const LOAD_NUMERATOR = 3;
const LOAD_DENOMINATOR = 4;

/**
 * A set of keys of `keyWords` words each (family/key.ts). Every key is stored whole, so
 * a look-up never mistakes one position for another: a table that fills up ends the search with
 * unknown, never with a guess. One bit a slot says whether it holds a key. The slots are as many as
 * the memory cap holds, not rounded down to a power of two (a hash picks its slot by multiplying, not
 * masking), so that the default 256 MB holds 12.5 million sv-canfield positions (four-word keys) rather than 6.3 million.
 */
export class FamilyTable {
  private readonly maxBytes: number;
  private keyWords = 1;
  /**
   * Resources (solver/family/search.ts): keys match on every bit but `resourceMask` of word `resourceWord`,
   * and a stored key covers a new one whose masked bits are no lower (-1: keys match bit for bit).
   */
  private resourceWord = -1;
  private resourceMask = 0;
  /** The resource bits are a pass state (key.ts familyPassStateCovers), not a number: one deck's key's, or several decks' (RULES §10.19). */
  private passStates = false;
  private decksPassStates = false;
  private capacity = 0;
  private keys: Int32Array = new Int32Array(0);
  /** One bit a slot: it holds a key. */
  private occupied: Int32Array = new Int32Array(0);
  /**
   * The two backings (keys, slot bits) the table lives in by turns: it grows from one into the other.
   * They are kept from search to search. A fresh array costs the machine a page fault for every 4 KB
   * first written (measured: 0.47 s for 128 MB on this project's machine, a tenth of a 4-million-position
   * search), and each search grows through the same capacities, so after the first large search every
   * growth finds its room already there. They hold what one growth needs at once: the table's cap and
   * half of it at most, as before, but now for as long as the search object lives.
   */
  private readonly backingKeys: Int32Array[] = [new Int32Array(0), new Int32Array(0)];
  private readonly backingBits: Int32Array[] = [new Int32Array(0), new Int32Array(0)];
  /** Which backing holds the table now. */
  private backing = 0;
  /** Arrays allocated so far (not views of a kept one), for the tests. */
  freshArrays = 0;
  /** Keys stored in this search. */
  count = 0;
  /** Look-ups that found the key already stored, for --stats. */
  hits = 0;
  /** Where lookUp's probe for a key it did not find stopped: the empty slot the key goes in, while the table does not grow. */
  private freeSlot = 0;

  constructor(memoryMegabytes: number) {
    this.maxBytes = memoryMegabytes * 1024 * 1024;
  }

  /** Hands each stored key to `visit` (the table's words and where the key starts in them), in slot order: for bench/family-keys.mjs and the tests, never the search. */
  forEachKey(visit: (keys: Int32Array, at: number) => void): void {
    const words = this.keyWords;
    for (let slot = 0; slot < this.capacity; slot++) {
      if (((this.occupied[slot >>> 5] >>> (slot & 31)) & 1) !== 0) visit(this.keys, slot * words);
    }
  }

  /** Bytes one entry takes: the key's words (and an eighth of a byte for its slot's bit). */
  bytesPerEntry(): number {
    return 4 * this.keyWords;
  }
  size(): number {
    return this.capacity;
  }
  /** For the tests: the slots whose bit says they hold a key, which is always `count`. */
  slotsInUse(): number {
    let used = 0;
    for (let i = 0; i < this.occupied.length; i++) {
      for (let bits = this.occupied[i]; bits !== 0; bits &= bits - 1) used++;
    }
    return used;
  }

  /**
   * Forgets every key; the keys inserted next have `keyWords` words, matched as `match` says (key.ts).
   * Under KEYS_WASTE_RESOURCE (or KEYS_DECKS_WASTE_RESOURCE) the waste top's bits are a resource (lower is at least as good): a key
   * is then present when a stored key equals it elsewhere and is no higher there, and a lower one takes
   * its place. Under KEYS_PASS_STATES (KEYS_DECKS_PASS_STATES) those bits are a pass state instead (passes as cycles,
   * docs/solver.md "Rule F7"): a key is present when the stored key of its layout covers it (key.ts
   * familyPassStateCovers), and the stored key gathers the pass states of the keys it did not cover.
   */
  clear(keyWords: number, match: KeyMatch = KEYS_EXACT): void {
    this.resourceWord = keyResourceWord(match);
    this.resourceMask = keyResourceMask(match);
    this.passStates = keyHasPassState(match);
    this.decksPassStates = match === KEYS_DECKS_PASS_STATES;
    this.count = 0;
    this.hits = 0;
    // a table grown by an earlier, larger search starts small again: a small search then stays in the
    // processor's caches instead of spreading its keys over hundreds of megabytes
    this.keyWords = keyWords;
    this.capacity = Math.min(INITIAL_CAPACITY, this.largestCapacity());
    // the table's k-th growth lands in backing k mod 2, in every search: each backing then keeps the
    // largest room its turns have needed
    this.backing = 0;
    if (!this.takeBacking(this.backing, this.capacity)) throw new RangeError('no memory for the table');
  }

  /** Points the table's arrays at backing `which`, `capacity` slots of it with every slot empty, making it larger first where it must; false when the machine gives no more. */
  private takeBacking(which: number, capacity: number): boolean {
    const words = capacity * this.keyWords;
    const bitWords = Math.ceil(capacity / 32);
    if (this.backingKeys[which].length < words || this.backingBits[which].length < bitWords) {
      try {
        // let go of the old one first, so that the collector may free it before the new one is made
        this.backingKeys[which] = this.backingBits[which] = new Int32Array(0);
        this.backingKeys[which] = new Int32Array(words);
        this.backingBits[which] = new Int32Array(bitWords);
        this.freshArrays += 2;
      } catch (error) {
        if (error instanceof RangeError) return false;
        throw error;
      }
    }
    this.keys = this.backingKeys[which].subarray(0, words);
    this.occupied = this.backingBits[which].subarray(0, bitWords);
    this.occupied.fill(0);
    return true;
  }

  /** The most slots the memory cap allows: each takes the key's words and one bit. */
  private largestCapacity(): number {
    return Math.max(1, Math.floor((this.maxBytes * 8) / (32 * this.keyWords + 1)));
  }

  /** Stores `key` (its first keyWords words) unless it, or a key that covers it, is there already: INSERTED or JOINED where it did, else PRESENT or FULL. */
  insert(key: Int32Array): InsertResult {
    const found = this.lookUp(key);
    if (found !== INSERTED) return found;
    if ((this.count + 1) * LOAD_DENOMINATOR > this.capacity * LOAD_NUMERATOR) {
      if (!this.grow()) return FULL;
      // the slots moved: the same look-up in the grown table finds where the key goes
      this.lookUp(key);
    }
    const words = this.keyWords;
    const slot = this.freeSlot;
    this.occupied[slot >>> 5] |= 1 << (slot & 31);
    for (let i = 0; i < words; i++) this.keys[slot * words + i] = key[i];
    this.count++;
    return INSERTED;
  }

  /** PRESENT when a stored key equals or covers `key`; JOINED when `key` took the place of one it covers (or joined its pass state); else INSERTED, with nothing stored yet and freeSlot where it goes. */
  private lookUp(key: Int32Array): InsertResult {
    const words = this.keyWords;
    const capacity = this.capacity;
    const keys = this.keys;
    const occupied = this.occupied;
    const resourceWord = this.resourceWord;
    const matchMask = ~this.resourceMask;
    let slot = slotOf(hashAt(key, 0, words, resourceWord, matchMask), capacity);
    while (((occupied[slot >>> 5] >>> (slot & 31)) & 1) !== 0) {
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
        if (resourceWord < 0) {
          this.hits++;
          return PRESENT;
        }
        const stored = keys[base + resourceWord];
        if (this.passStates) {
          const packed = key[resourceWord];
          if (this.decksPassStates ? familyDecksPassStateCovers(stored, packed) : familyPassStateCovers(stored, packed)) {
            this.hits++;
            return PRESENT;
          }
          // a position of the layout the stored ones do not cover: searched, and covered from now on
          keys[base + resourceWord] = this.decksPassStates ? familyDecksPassStateMerged(stored, packed) : familyPassStateMerged(stored, packed);
          return JOINED;
        }
        if ((stored & ~matchMask) <= (key[resourceWord] & ~matchMask)) {
          this.hits++;
          return PRESENT;
        }
        // the same layout with more resources: it covers the stored one from now on
        keys[base + resourceWord] = key[resourceWord];
        return JOINED;
      }
      slot = slot + 1 === capacity ? 0 : slot + 1;
    }
    this.freeSlot = slot;
    return INSERTED;
  }

  /** Doubles the room, or takes the rest the cap allows; false (the table as it was) when the cap or the machine allows no more. */
  private grow(): boolean {
    const capacity = Math.min(this.capacity * 2, this.largestCapacity());
    if (capacity <= this.capacity) return false;
    const words = this.keyWords;
    const oldKeys = this.keys;
    const oldOccupied = this.occupied;
    // the other backing: it holds no table now (takeBacking leaves this one as it is when it fails)
    if (!this.takeBacking(1 - this.backing, capacity)) return false;
    this.backing = 1 - this.backing;
    const keys = this.keys;
    const occupied = this.occupied;
    for (let old = 0; old < this.capacity; old++) {
      if (((oldOccupied[old >>> 5] >>> (old & 31)) & 1) === 0) continue;
      let slot = slotOf(hashAt(oldKeys, old * words, words, this.resourceWord, ~this.resourceMask), capacity);
      while (((occupied[slot >>> 5] >>> (slot & 31)) & 1) !== 0) slot = slot + 1 === capacity ? 0 : slot + 1;
      occupied[slot >>> 5] |= 1 << (slot & 31);
      for (let i = 0; i < words; i++) keys[slot * words + i] = oldKeys[old * words + i];
    }
    this.capacity = capacity;
    return true;
  }
}

/** The slot of a hash (an unsigned 32-bit number) among `capacity` slots: its fraction of 2^32, scaled and rounded down (always below `capacity`; IEEE doubles give the same slot on every machine). */
function slotOf(hash: number, capacity: number): number {
  return Math.floor((hash / 4294967296) * capacity);
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
