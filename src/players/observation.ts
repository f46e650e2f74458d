// What a no-peek player may know (RULES §6): face-up cards and everything seen so far, never the deal itself.
import type { EngineMoveList } from '../engine.js';
import { decksStockPlaceFilled, stockPointer, type Position } from '../position.js';
import type { Move } from '../notation.js';
import type { RuleSet } from '../rules.js';

/**
 * An observation. `position` is the position's words (position.ts, read with its readers) (wings, foundations, trunk count,
 * stock pointer, redeals, which stock places are still filled): all public. The deal enters only
 * through the cards the player has seen: `knownTrunk[i]` / `knownStock[i]` is the card dealt at
 * that place of the trunk / stock if it has ever been face up, else NO_CARD.
 */
export interface Observation {
  readonly rules: RuleSet;
  readonly baseCard: number;
  readonly position: Position;
  readonly knownTrunk: Int16Array;
  readonly knownStock: Int16Array;
  /** Legal moves now, RULES §5 values with their cards (`T` carries no card: it is face down). */
  readonly legal: readonly Move[];
  /** Engine move codes, parallel to `legal`, for players that simulate. */
  readonly legalCodes: EngineMoveList;
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


/** Stock places still filled below the pointer (the waste), top first: read through position.ts, as every position is (any count of decks: RULES §10.19). */
export function wastePlaces(position: Position): number[] {
  const places: number[] = [];
  for (let index = stockPointer(position) - 1; index >= 0; index--) if (decksStockPlaceFilled(position, index)) places.push(index);
  return places;
}
