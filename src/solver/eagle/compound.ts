// Compound moves: the solver's moves with the stock turns folded in; each kind applied and expanded into RULES §5 moves in one place.
import { CARD_COUNT, NO_CARD, suitOf } from '../../cards.js';
import {
  encodeMove,
  type EngineMove,
  SOURCE_REDEAL,
  SOURCE_STOCK,
  SOURCE_TRUNK,
  SOURCE_TURN,
  SOURCE_WASTE,
  TARGET_FOUNDATION,
  TARGET_NONE,
  trunkCardInPlay,
} from '../../engine.js';
import type { DealLayout } from '../../layout.js';
import * as P from '../../position.js';
import type { CompiledRules } from '../../rules.js';

/** Debug builds (EAGLEWING_CHECKS=1, as the tests run): every compound move checks that it kept all 52 cards. */
const CHECKS = process.env.EAGLEWING_CHECKS === '1';

/*
 * Turning the stock changes nothing but which card is next, so turns are folded into the move that
 * plays a stock card ("turn until X is on top, then play X"), and "turn the rest, then redeal" is
 * one move. A compound move as an integer:
 *
 * | bits  | field                                              |
 * |-------|----------------------------------------------------|
 * | 0-3   | kind (COMPOUND_*)                                  |
 * | 4-9   | from: a wing index or a stock place                |
 * | 10-13 | to: a wing index                                   |
 * | 14-17 | cards moved                                        |
 *
 * Each kind is named after the RULES §5 tokens it stands for.
 */
/** A compound move packed as above: a number at run time, told apart from other numbers by the compiler only. */
export type CompoundMove = number & { readonly __brand: 'CompoundMove' };
/** Room for compound moves (the search's move stack): an Int32Array whose entries are CompoundMoves. */
export interface CompoundMoveList extends Int32Array<ArrayBuffer> {
  [index: number]: CompoundMove;
}
export function newCompoundMoveList(length: number): CompoundMoveList {
  return new Int32Array(length) as CompoundMoveList;
}

const KIND_MASK = 0xf;
const FROM_SHIFT = 4;
const FROM_MASK = 0x3f;
const TO_SHIFT = 10;
const TO_MASK = 0xf;
const CARDS_SHIFT = 14;
const CARDS_MASK = 0xf;

/** `WnF`: wing n's top card to its foundation. */
export const COMPOUND_WING_TO_FOUNDATION = 0;
/** `KF`: the trunk card in play to its foundation. */
export const COMPOUND_TRUNK_TO_FOUNDATION = 1;
/** `T … XF`: turn until stock place `from` is the waste's top, then play it to its foundation. */
export const COMPOUND_TURNS_WASTE_TO_FOUNDATION = 2;
/** `[c]WnWm`: `cards` cards from wing `from` onto wing `to` (a build or a space fill). */
export const COMPOUND_WING_TO_WING = 3;
/** `KWm`: the trunk card in play onto wing `to`. */
export const COMPOUND_TRUNK_TO_WING = 4;
/** `T … XWm`: turn until stock place `from` is the waste's top, then play it onto wing `to`. */
export const COMPOUND_TURNS_WASTE_TO_WING = 5;
/** `T … SWm`: turn until stock place `from` is the stock's top, then put it straight into space `to`. */
export const COMPOUND_TURNS_STOCK_TO_SPACE = 6;
/** `T … R`: turn the rest of the stock, then redeal. */
export const COMPOUND_TURNS_REDEAL = 7;

export function compoundMove(kind: number, from: number, to: number, cards: number): CompoundMove {
  return (kind | (from << FROM_SHIFT) | (to << TO_SHIFT) | (cards << CARDS_SHIFT)) as CompoundMove;
}
/** The stock place a move plays from, or -1 when it leaves the stock and waste alone (or redeals). */
export function compoundStockPlace(move: CompoundMove): number {
  const kind = move & KIND_MASK;
  return kind === COMPOUND_TURNS_WASTE_TO_FOUNDATION || kind === COMPOUND_TURNS_WASTE_TO_WING || kind === COMPOUND_TURNS_STOCK_TO_SPACE
    ? (move >> FROM_SHIFT) & FROM_MASK
    : -1;
}

/**
 * Applies a compound move to `position`. With `expansion`, also appends the engine moves (RULES §5
 * tokens, turns included; trunk fills are never written) that it stands for, as it makes them; the
 * search passes null. Moves come from the generator: they are not checked.
 */
export function applyCompound(position: P.Position, layout: DealLayout, rules: CompiledRules, move: CompoundMove, expansion: EngineMove[] | null): void {
  applyKind(position, layout, rules, move, expansion);
  if (CHECKS && P.cardsAccountedFor(position) !== CARD_COUNT) {
    throw new Error(`compound move ${move} left ${P.cardsAccountedFor(position)} cards in play, not ${CARD_COUNT}`);
  }
}

function applyKind(position: P.Position, layout: DealLayout, rules: CompiledRules, move: CompoundMove, expansion: EngineMove[] | null): void {
  const kind = move & KIND_MASK;
  const from = (move >> FROM_SHIFT) & FROM_MASK;
  const to = (move >> TO_SHIFT) & TO_MASK;
  const cards = (move >> CARDS_SHIFT) & CARDS_MASK;
  switch (kind) {
    case COMPOUND_WING_TO_FOUNDATION: {
      const card = P.wingTop(position, from);
      if (expansion !== null) expansion.push(encodeMove(from, TARGET_FOUNDATION, 1, card));
      P.takeFromWing(position, from, 1);
      P.raiseFoundation(position, suitOf(card));
      P.fillFromTrunk(position, layout);
      return;
    }
    case COMPOUND_TRUNK_TO_FOUNDATION: {
      const card = trunkCardInPlay(position, layout, rules);
      if (expansion !== null) expansion.push(encodeMove(SOURCE_TRUNK, TARGET_FOUNDATION, 1, card));
      P.takeTrunkCard(position);
      P.raiseFoundation(position, suitOf(card));
      return;
    }
    case COMPOUND_TURNS_WASTE_TO_FOUNDATION: {
      const card = layout.stockCards[from];
      if (expansion !== null) turns(position, layout, from + 1, expansion).push(encodeMove(SOURCE_WASTE, TARGET_FOUNDATION, 1, card));
      if (from >= P.stockPointer(position)) P.turnTo(position, from + 1);
      P.removeStockPlace(position, from);
      P.raiseFoundation(position, suitOf(card));
      return;
    }
    case COMPOUND_WING_TO_WING: {
      const deepest = P.wingCard(position, from, cards - 1);
      if (expansion !== null) expansion.push(encodeMove(from, to, cards, deepest));
      P.takeFromWing(position, from, cards);
      P.placeOnWing(position, to, deepest, cards);
      P.fillFromTrunk(position, layout);
      return;
    }
    case COMPOUND_TRUNK_TO_WING: {
      const card = trunkCardInPlay(position, layout, rules);
      if (expansion !== null) expansion.push(encodeMove(SOURCE_TRUNK, to, 1, card));
      P.takeTrunkCard(position);
      P.placeOnWing(position, to, card, 1);
      return;
    }
    case COMPOUND_TURNS_WASTE_TO_WING: {
      const card = layout.stockCards[from];
      if (expansion !== null) turns(position, layout, from + 1, expansion).push(encodeMove(SOURCE_WASTE, to, 1, card));
      if (from >= P.stockPointer(position)) P.turnTo(position, from + 1);
      P.removeStockPlace(position, from);
      P.placeOnWing(position, to, card, 1);
      return;
    }
    case COMPOUND_TURNS_STOCK_TO_SPACE: {
      const card = layout.stockCards[from];
      if (expansion !== null) turns(position, layout, from, expansion).push(encodeMove(SOURCE_STOCK, to, 1, card));
      // the pointer stops on the place taken: the waste below it is the same either way
      if (from >= P.stockPointer(position)) P.turnTo(position, from);
      P.removeStockPlace(position, from);
      P.placeOnWing(position, to, card, 1);
      return;
    }
    case COMPOUND_TURNS_REDEAL: {
      if (expansion !== null) turns(position, layout, 64, expansion).push(encodeMove(SOURCE_REDEAL, TARGET_NONE, 1, NO_CARD));
      P.redeal(position);
      return;
    }
    default:
      throw new Error(`unknown compound move ${move}`);
  }
}

/** Appends a `T` for each stock card turned from the pointer up to (not including) stock place `until`. */
function turns(position: P.Position, layout: DealLayout, until: number, expansion: EngineMove[]): EngineMove[] {
  for (let place = P.stockTopIndex(position); place >= 0 && place < until; place = P.nextFilledFrom(position, place + 1)) {
    expansion.push(encodeMove(SOURCE_TURN, TARGET_NONE, 1, layout.stockCards[place]));
  }
  return expansion;
}

/** Expands a line of compound moves from `position` into engine moves (RULES §5 tokens). `position` ends where the line ends. */
export function expandLine(position: P.Position, layout: DealLayout, rules: CompiledRules, line: readonly CompoundMove[]): EngineMove[] {
  const expansion: EngineMove[] = [];
  for (const move of line) applyCompound(position, layout, rules, move, expansion);
  return expansion;
}
