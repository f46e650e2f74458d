// Solvitaire's seeds -> decks, exactly as Solvitaire deals its `canfield` and `canfield-strict` for `--random SEED` (RULES §10.12).
import { CARD_COUNT, cardOf } from '../cards.js';
import type { Deck } from '../deal.js';
import { InputError } from '../errors.js';
import { fixedBaseRank, type RuleSet } from '../rules.js';
import { quote, trimBlanks } from '../text.js';

/*
 * How Solvitaire (2398305, src/main/game/search-state/game_state.cpp) gets from a seed to a deal:
 * - `game_state(rules, int seed, …)`: `rng = std::mt19937(seed)`.
 * - `gen_shuffled_deck`: rank by rank (1..13), each in suit order 0..3 = C, H, S, D (card.cpp).
 * - `game_state::shuffle`: for i = 51 down to 1, swap D[i] and D[j], j = boost's
 *   uniform_int_distribution<ptrdiff_t>(0, i)(rng) (not std::shuffle, not libstdc++'s distribution).
 * - Canfield's base is random: D[0] is the base card and goes to its foundation. Then, taking from the
 *   back: 34 to the stock (D[51] at its bottom, D[18] on top), 13 to the reserve (D[17] at the bottom,
 *   D[5] on top), and the tableau round-robin, D[4] to pile 0 … D[1] to pile 3.
 */

/** Solvitaire reads --random as a C++ int, and -1 means "no seed": its seeds are 0 to 2^31-1. */
export const SOLVITAIRE_MAX_SEED = 2 ** 31 - 1;

/** A Solvitaire game type eaglewing plays, and the preset that reads its rules (RULES §10). */
export interface SolvitaireGame {
  /** Solvitaire's `--type`. */
  type: string;
  preset: string;
}

export const SOLVITAIRE_GAMES: readonly SolvitaireGame[] = [
  { type: 'canfield', preset: 'sv-canfield' },
  { type: 'canfield-strict', preset: 'sv-canfield-strict' },
];

/** The preset --solvitaire means when no --preset is given. */
export const SOLVITAIRE_DEFAULT_PRESET = 'sv-canfield';

/** Solvitaire's Canfield deal: 13 reserve cards, 4 tableau piles, a dealt base card. */
const TRUNK = 13;
const WINGS = 4;

/**
 * The Solvitaire game whose seeds deal a preset (--solvitaire, --numbering solvitaire): exit 2 for a
 * preset Solvitaire has no game of, and for rule overrides that change the deal's shape.
 */
export function solvitaireGameFor(preset: string, rules: RuleSet): SolvitaireGame {
  const game = SOLVITAIRE_GAMES.find((entry) => entry.preset === preset);
  if (!game) throw new InputError(`preset ${preset} has no Solvitaire numbering: Solvitaire's seeds deal ${SOLVITAIRE_GAMES.map((entry) => entry.preset).join(' and ')}`);
  if (rules.trunk !== TRUNK || rules.wings !== WINGS || fixedBaseRank(rules) !== -1) {
    throw new InputError(`Solvitaire's ${game.type} deals ${TRUNK} trunk cards, ${WINGS} wings, base dealt: its seeds do not deal ${preset} with trunk=${rules.trunk}, wings=${rules.wings}, base=${rules.base}`);
  }
  return game;
}

/** A seed as Solvitaire's --random takes it: a whole number from 0 to 2^31-1; exit 2 otherwise. */
export function parseSolvitaireSeed(input: string): number {
  const text = trimBlanks(input);
  const seed = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seed) || seed > SOLVITAIRE_MAX_SEED) throw new InputError(`Solvitaire seed ${quote(input)} is not a whole number from 0 to ${SOLVITAIRE_MAX_SEED}`);
  return seed;
}

const MT_N = 624;
const MT_M = 397;

/** std::mt19937 seeded with one word (its seed(value) constructor): 32-bit outputs as unsigned numbers. */
export function mt19937(seed: number): () => number {
  const mt = new Uint32Array(MT_N);
  mt[0] = seed >>> 0;
  for (let i = 1; i < MT_N; i++) mt[i] = Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i;
  let index = MT_N;
  return () => {
    if (index >= MT_N) {
      for (let k = 0; k < MT_N; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % MT_N] & 0x7fffffff);
        mt[k] = mt[(k + MT_M) % MT_N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      index = 0;
    }
    let y = mt[index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };
}

/**
 * boost::random::uniform_int_distribution(0, n) on a 32-bit engine (generate_uniform_int, brange > range):
 * buckets of ⌊2^32/(n+1)⌋ outputs, and an output past the last whole bucket is drawn again. With a
 * 64-bit result type boost computes (brange+1)/(n+1); with a 32-bit one brange/(n+1), plus one when
 * n+1 divides 2^32: the same bucket either way.
 */
function boostUniform(next: () => number, n: number): number {
  const bucket = Math.floor(4294967296 / (n + 1));
  for (;;) {
    const value = Math.floor(next() / bucket);
    if (value <= n) return value;
  }
}

/** Solvitaire's suits 0..3 are C, H, S, D; ours (cards.ts) C, D, H, S. */
const OUR_SUIT = [0, 2, 3, 1];

/** Solvitaire's shuffled deck for a seed, D[0] … D[51], as our card numbers. */
export function shuffledSolvitaireDeck(seed: number): number[] {
  const deck: number[] = [];
  for (let rank = 0; rank < 13; rank++) for (let suit = 0; suit < 4; suit++) deck.push(cardOf(OUR_SUIT[suit], rank));
  const next = mt19937(seed);
  for (let i = CARD_COUNT - 1; i > 0; i--) {
    const j = boostUniform(next, i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

/**
 * The deck Solvitaire plays for `--random seed` under `canfield` and `canfield-strict` (they deal
 * alike), in RULES §10.9 order: trunk bottom to top D[17] … D[5], W1…W4 = D[4] … D[1] (its piles 0-3),
 * the base D[0], then the stock top first, D[18] … D[51].
 */
export function canfieldDealFromSolvitaireSeed(seed: number): Deck {
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > SOLVITAIRE_MAX_SEED) throw new InputError(`Solvitaire seed ${seed} is out of range: 0 to ${SOLVITAIRE_MAX_SEED}`);
  const deck = shuffledSolvitaireDeck(seed);
  const dealt = TRUNK + WINGS + 1;
  return Uint8Array.from([...deck.slice(0, dealt).reverse(), ...deck.slice(dealt)]);
}

/** Bulk runs (--numbering solvitaire) count from --from (at least 1): exit 2 when the range passes Solvitaire's last seed. */
export function checkSolvitaireRange(from: number, deals: number): void {
  if (deals - 1 > SOLVITAIRE_MAX_SEED - from) throw new InputError(`--from ${from} plus --deals ${deals} goes past Solvitaire's last seed, ${SOLVITAIRE_MAX_SEED}`);
}
