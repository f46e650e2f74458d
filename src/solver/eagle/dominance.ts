// Dominance rules: per position, the facts that let the generator leave out moves never better than another (docs/solver.md "Eagle Wing's dominance rules").
import { NO_CARD, RANK_COUNT } from '../../cards.js';
import * as P from '../../position.js';
import {
  COMPOUND_TRUNK_TO_FOUNDATION,
  COMPOUND_TURNS_WASTE_TO_FOUNDATION,
  COMPOUND_WING_TO_FOUNDATION,
  compoundMove,
  type CompoundMove,
} from './compound.js';
import type { NodeView } from './node.js';

/** passLimit when no stock move is cut short. */
export const NO_PASS_LIMIT = 64;
/** forced when no move is forced. */
export const NO_FORCED_MOVE = -1 as CompoundMove;

/** The facts one position's moves are generated under; with no pruning, facts that leave nothing out. */
export class NodeFacts {
  /** Per suit: its next foundation card when it is never worth keeping off the foundation (it is bound), else NO_CARD. */
  readonly bound = new Int8Array(4).fill(NO_CARD);
  /** The first stock place beyond the waste's top holding a bound card: no stock move turns past it. */
  passLimit = NO_PASS_LIMIT;
  /** A bound card's foundation play that no other move beats: then it is the only move searched. */
  forced: CompoundMove = NO_FORCED_MOVE;
  /** Empty wings are interchangeable: fill only the first of them. */
  oneSpaceStandsForAll = false;
  /** Moving a whole pile into a space only renames the wing: leave it out. */
  skipRenames = false;
}

/** Fills `facts` for the position that `view` has read. */
export type Dominance = (position: P.Position, view: NodeView, facts: NodeFacts) => NodeFacts;

/** --no-prune: nothing is left out. */
export const noDominance: Dominance = (_position, _view, facts) => {
  facts.bound.fill(NO_CARD);
  facts.passLimit = NO_PASS_LIMIT;
  facts.forced = NO_FORCED_MOVE;
  facts.oneSpaceStandsForAll = false;
  facts.skipRenames = false;
  return facts;
};

/**
 * The dominance rules (checked against a pruning-free search by bench/prune-check.mjs):
 * - a card next for its foundation is *bound* unless wings build and it has the base rank (it may
 *   then be wanted as a wing for its suit's last card): nothing is built on it, so it gains nothing
 *   on a wing;
 * - a bound card on a wing's top, on the waste's top, or the trunk's last card goes up at once,
 *   alone. On a wing also when it is the wing's only card while the trunk has cards: the trunk's top
 *   card then fills the wing, which only adds options;
 * - a bound card still in the stock sets the pass limit: turning past it is never better than
 *   playing it on the way;
 * - empty wings are interchangeable, and a whole pile moved into a space only renames its wing.
 */
export const dominance: Dominance = (position, view, facts) => {
  const { layout, rules, cardWing, cardDepth } = view;
  facts.passLimit = NO_PASS_LIMIT;
  facts.forced = NO_FORCED_MOVE;
  facts.oneSpaceStandsForAll = true;
  facts.skipRenames = true;
  for (let suit = 0; suit < 4; suit++) {
    facts.bound[suit] = NO_CARD;
    const height = P.foundationHeight(position, suit);
    if (height === RANK_COUNT) continue;
    const rank = (layout.baseRank + height) % RANK_COUNT;
    if (rules.builds && rank === layout.baseRank) continue;
    const card = suit * RANK_COUNT + rank;
    facts.bound[suit] = card;
    if (facts.forced !== NO_FORCED_MOVE) continue;
    const wing = cardDepth[card] === 0 ? cardWing[card] : -1;
    if (wing >= 0) {
      facts.forced = compoundMove(COMPOUND_WING_TO_FOUNDATION, wing, 0, 1);
    } else if (card === view.trunkCard) {
      if (view.trunk === 1) facts.forced = compoundMove(COMPOUND_TRUNK_TO_FOUNDATION, 0, 0, 1);
    } else {
      const index = layout.stockIndexOfCard[card];
      if (index < 0 || !view.reachable(position, index)) continue;
      if (index === view.wasteIndex) facts.forced = compoundMove(COMPOUND_TURNS_WASTE_TO_FOUNDATION, index, 0, 1);
      else if (index < facts.passLimit) facts.passLimit = index;
    }
  }
  return facts;
};
