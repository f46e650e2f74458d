// What a no-peek player may know (RULES §6): face-up cards and everything seen so far, never the deal itself.
import { NO_CARD } from '../cards.js';
import {
  COUNTS_WORD,
  FOUNDATION_BITS,
  FOUNDATION_MASK,
  FOUNDATION_WORD,
  POINTER_MASK,
  POINTER_SHIFT,
  PRESENCE_WORD,
  TRUNK_MASK,
  WING_CARD_MASK,
  WING_HEIGHT_MASK,
  WING_HEIGHT_SHIFT,
} from '../engine.js';

import type { Move } from '../notation.js';
import type { RuleSet } from '../rules.js';

/**
 * An observation. `position` is the engine's position words (wings, foundations, trunk count,
 * stock pointer, redeals, which stock places are still filled): all public. The deal enters only
 * through the cards the player has seen: `knownTrunk[i]` / `knownStock[i]` is the card dealt at
 * that place of the trunk / stock if it has ever been face up, else NO_CARD.
 */
export interface Observation {
  readonly rules: RuleSet;
  readonly baseCard: number;
  readonly position: Int32Array;
  readonly knownTrunk: Int8Array;
  readonly knownStock: Int8Array;
  /** Legal moves now, RULES §5 values with their cards (`T` carries no card: it is face down). */
  readonly legal: readonly Move[];
  /** Engine move codes, parallel to `legal`, for players that simulate. */
  readonly legalCodes: Int32Array;
  /** Moves played so far in this game. */
  readonly movesPlayed: number;
}

export interface Player {
  readonly name: string;
  /** Settings that define this player's behaviour, for the CSV. */
  readonly settings: string;
  /** Index into observation.legal of the move to play, or RESIGN. */
  choose(observation: Observation): number;
}

/** What choose() returns when the player gives up: the game counts as lost. */
export const RESIGN = -1;


// Reading the public position words (the engine's layout, engine.ts).

export function wingHeightOf(position: Int32Array, wing: number): number {
  return (position[wing] >> WING_HEIGHT_SHIFT) & WING_HEIGHT_MASK;
}
export function wingTopOf(position: Int32Array, wing: number): number {
  return wingHeightOf(position, wing) === 0 ? NO_CARD : position[wing] & WING_CARD_MASK;
}
export function foundationHeightOf(position: Int32Array, suit: number): number {
  return (position[FOUNDATION_WORD] >> (suit * FOUNDATION_BITS)) & FOUNDATION_MASK;
}
export function trunkCountOf(position: Int32Array): number {
  return position[COUNTS_WORD] & TRUNK_MASK;
}
export function stockPointerOf(position: Int32Array): number {
  return (position[COUNTS_WORD] >> POINTER_SHIFT) & POINTER_MASK;
}
export function stockPlaceFilled(position: Int32Array, index: number): boolean {
  return ((position[PRESENCE_WORD + (index >> 5)] >>> (index & 31)) & 1) === 1;
}
/** Stock places still filled below the pointer (the waste), top first. */
export function wastePlaces(position: Int32Array): number[] {
  const places: number[] = [];
  for (let index = stockPointerOf(position) - 1; index >= 0; index--) if (stockPlaceFilled(position, index)) places.push(index);
  return places;
}
