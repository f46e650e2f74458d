// Compound move generation and ordering for one position, under the facts the dominance rules give it.
import { cardBelow, RANK_COUNT, suitOf } from '../../cards.js';
import { WING_COUNT } from '../../layout.js';
import * as P from '../../position.js';
import { firstGroupSize, groupMayLeave, nextGroupSize } from '../../rules.js';
import {
  COMPOUND_TRUNK_TO_FOUNDATION,
  COMPOUND_TRUNK_TO_WING,
  COMPOUND_TURNS_REDEAL,
  COMPOUND_TURNS_STOCK_TO_SPACE,
  COMPOUND_TURNS_WASTE_TO_FOUNDATION,
  COMPOUND_TURNS_WASTE_TO_WING,
  COMPOUND_WING_TO_FOUNDATION,
  COMPOUND_WING_TO_WING,
  compoundMove,
  compoundStockPlace,
  newCompoundMoveList,
  type CompoundMove,
  type CompoundMoveList,
} from './compound.js';
import { NO_FORCED_MOVE, NO_PASS_LIMIT, type NodeFacts } from './dominance.js';
import type { NodeView } from './node.js';

/** The search's stack of generated moves: each depth's moves follow its parent's. */
export class MoveStack {
  moves = newCompoundMoveList(4096);

  push(at: number, move: CompoundMove): number {
    if (at >= this.moves.length) {
      const bigger = newCompoundMoveList(this.moves.length * 2);
      bigger.set(this.moves);
      this.moves = bigger;
    }
    this.moves[at] = move;
    return at + 1;
  }
}

/**
 * Writes the compound moves of the position `view` has read into `stack` from `at`; returns the new
 * end. A forced move is written alone. Otherwise foundation plays, builds and space fills, ordered
 * by how far they turn the stock, then the redeal.
 */
export function generateMoves(position: P.Position, view: NodeView, facts: NodeFacts, stack: MoveStack, at: number): number {
  if (facts.forced !== NO_FORCED_MOVE) return stack.push(at, facts.forced);
  const start = at;
  at = foundationPlays(position, view, facts, stack, at);
  if (view.rules.builds) at = builds(position, view, facts, stack, at);
  if (view.trunk === 0 && view.rules.spaceFills) at = spaceFills(position, view, facts, stack, at);
  orderByStockPlace(stack.moves, start, at);
  // turn the rest of the stock and redeal (RULES §3.6)
  if (
    P.redealsUsed(position) < view.rules.redeals &&
    facts.passLimit === NO_PASS_LIMIT &&
    (view.wasteIndex >= 0 || P.nextFilledFrom(position, view.pointer) >= 0)
  ) {
    at = stack.push(at, compoundMove(COMPOUND_TURNS_REDEAL, 0, 0, 1));
  }
  return at;
}

/** RULES §3.2: each suit's next card, from a wing's top, the trunk, or the stock up to the pass limit. */
function foundationPlays(position: P.Position, view: NodeView, facts: NodeFacts, stack: MoveStack, at: number): number {
  const layout = view.layout;
  for (let suit = 0; suit < 4; suit++) {
    const height = P.foundationHeight(position, suit);
    if (height === RANK_COUNT) continue;
    const card = suit * RANK_COUNT + ((layout.baseRank + height) % RANK_COUNT);
    const wing = view.cardDepth[card] === 0 ? view.cardWing[card] : -1;
    if (wing >= 0) {
      at = stack.push(at, compoundMove(COMPOUND_WING_TO_FOUNDATION, wing, 0, 1));
    } else if (card === view.trunkCard) {
      at = stack.push(at, compoundMove(COMPOUND_TRUNK_TO_FOUNDATION, 0, 0, 1));
    } else {
      const index = layout.stockIndexOfCard[card];
      // turning past a bound card that should go up is never better than playing it on the way
      if (index < 0 || !view.reachable(position, index) || index > facts.passLimit) continue;
      at = stack.push(at, compoundMove(COMPOUND_TURNS_WASTE_TO_FOUNDATION, index, 0, 1));
    }
  }
  return at;
}

/** RULES §3.7, §3.8: onto each wing with room, the one card it takes, from a wing, the trunk, or the stock via the waste. */
function builds(position: P.Position, view: NodeView, facts: NodeFacts, stack: MoveStack, at: number): number {
  const { layout, rules } = view;
  const maxWing = rules.maxWing;
  for (let target = 0; target < WING_COUNT; target++) {
    const height = P.wingHeight(position, target);
    if (height === 0 || height >= maxWing) continue;
    const needed = cardBelow(view.tops[target]);
    // a bound card gains nothing on a wing (nothing can be built on it)
    if (facts.bound[suitOf(needed)] === needed) continue;
    const source = view.cardWing[needed];
    if (source >= 0) {
      // a card is in one place only: this wing holds it, at this depth
      if (source !== target) {
        const count = view.cardDepth[needed] + 1;
        if (groupMayLeave(rules.wingMoves, count, P.wingHeight(position, source)) && height + count <= maxWing) at = stack.push(at, compoundMove(COMPOUND_WING_TO_WING, source, target, count));
        continue;
      }
    }
    if (needed === view.trunkCard) {
      if (rules.trunkBuilds) at = stack.push(at, compoundMove(COMPOUND_TRUNK_TO_WING, 0, target, 1));
      continue;
    }
    const index = layout.stockIndexOfCard[needed];
    if (index >= 0 && (index === view.wasteIndex || (index >= view.pointer && index < facts.passLimit && P.stockPlaceFilled(position, index)))) {
      at = stack.push(at, compoundMove(COMPOUND_TURNS_WASTE_TO_WING, index, target, 1));
    }
  }
  return at;
}

/** RULES §3.5: filling empty wings once the trunk is empty, from the sources the rules list. */
function spaceFills(position: P.Position, view: NodeView, facts: NodeFacts, stack: MoveStack, at: number): number {
  const { layout, rules } = view;
  for (let target = 0; target < WING_COUNT; target++) {
    if (P.wingHeight(position, target) !== 0) continue;
    if (rules.spaceFromWings) {
      for (let source = 0; source < WING_COUNT; source++) {
        const sourceHeight = P.wingHeight(position, source);
        if (sourceHeight === 0) continue;
        // a whole wing moved into a space is the same position under another name (skipRenames)
        const last = facts.skipRenames ? sourceHeight - 1 : sourceHeight;
        for (let count = firstGroupSize(rules.wingMoves, sourceHeight); count <= last; count = nextGroupSize(rules.wingMoves, count, sourceHeight)) {
          at = stack.push(at, compoundMove(COMPOUND_WING_TO_WING, source, target, count));
        }
      }
    }
    if (rules.spaceFromWaste && view.wasteIndex >= 0) {
      const card = layout.stockCards[view.wasteIndex];
      if (facts.bound[suitOf(card)] !== card) at = stack.push(at, compoundMove(COMPOUND_TURNS_WASTE_TO_WING, view.wasteIndex, target, 1));
    }
    if (rules.spaceFromWaste || rules.spaceFromStock) {
      const kind = rules.spaceFromWaste ? COMPOUND_TURNS_WASTE_TO_WING : COMPOUND_TURNS_STOCK_TO_SPACE;
      for (let index = P.nextFilledFrom(position, view.pointer); index >= 0 && index < facts.passLimit; index = P.nextFilledFrom(position, index + 1)) {
        at = stack.push(at, compoundMove(kind, index, target, 1));
      }
    }
    if (facts.oneSpaceStandsForAll) break;
  }
  return at;
}

/**
 * Moves that leave the stock alone first, then stock moves by how far they turn it (stable). A
 * layout first reached with the waste further on is searched again when reached with it earlier
 * (table.ts, RESOURCES), so trying the short turns first saves most of those second searches.
 */
function orderByStockPlace(moves: CompoundMoveList, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const move = moves[i];
    const rank = compoundStockPlace(move);
    let j = i - 1;
    while (j >= start && compoundStockPlace(moves[j]) > rank) {
      moves[j + 1] = moves[j];
      j--;
    }
    moves[j + 1] = move;
  }
}
