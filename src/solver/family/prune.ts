// The family search's bound-card rules (docs/solver.md): a suit's next card that nothing more can be built on goes up at once.
import { NO_CARD, RANK_COUNT, rankOf, suitOf } from '../../cards.js';
import { encodeMove, type EngineMove, Game, NO_MOVE, SOURCE_TRUNK, SOURCE_WASTE, TARGET_FOUNDATION } from '../../engine.js';

/** The suits whose next foundation card is bound (the bound-card rules of FamilySearch), one bit each. */
export function boundSuits(game: Game): number {
  let bound = 0;
  for (let suit = 0; suit < 4; suit++) {
    const next = game.lowestFoundationNext(suit);
    if (next !== NO_CARD && nextIsBound(game, next, MAX_BOUND_CHAIN)) bound |= 1 << suit;
  }
  return bound;
}

/**
 * How many cards deep nextIsBound follows builders on builders. Round the corner (wrap round) a chain
 * of builders could come back to its first card; cut there, a card is counted as not bound, which
 * only plays fewer cards up.
 */
const MAX_BOUND_CHAIN = RANK_COUNT - 1;

/**
 * Whether `card`, its suit's next foundation card, is bound: every card that could be built on it is up, or
 * is its own suit's next card and bound. Under RULES §10.19 "next" is next on the suit's lowest foundation,
 * and "up" is every copy up (docs/solver.md "Two to four decks").
 */
function nextIsBound(game: Game, card: number, depth: number): boolean {
  const base = game.layout.baseRank;
  const below = (rankOf(card) + RANK_COUNT - 1) % RANK_COUNT;
  // rank counted from the base: a card of rank `below` of each suit is up once its suit's foundation is higher
  const belowFromBase = (below - base + RANK_COUNT) % RANK_COUNT;
  for (let suit = 0; suit < 4; suit++) {
    const builder = suit * RANK_COUNT + below;
    if (!game.goesOn(builder, card)) continue;
    // RULES §10.19: every copy of the builder is up when the suit's lowest foundation has passed it
    const height = game.lowestFoundationHeight(suit);
    if (height > belowFromBase) continue;
    if (height < belowFromBase || depth === 0 || !nextIsBound(game, builder, depth - 1)) return false;
  }
  return true;
}

/** Whether `card` is its suit's next foundation card (under RULES §10.19, its lowest foundation's) and bound. */
export function isBound(game: Game, card: number, bound: number): boolean {
  return card !== NO_CARD && (bound & (1 << suitOf(card))) !== 0 && game.goesOnLowestFoundation(card);
}

/** Whether taking the waste's top away changes no later turn: one-card turns on every pass, or no redeal left. */
export function wasteLeavesTurnsAlone(game: Game): boolean {
  const rules = game.compiled;
  return (rules.turn === 1 && !rules.turnShrinks) || game.redealsUsed() >= rules.redeals;
}

/** The bound card's foundation play that is the only move searched, or NO_MOVE. */
export function forcedPlay(game: Game, bound: number, wasteFree: boolean): EngineMove {
  const rules = game.compiled;
  // under spaceBlock a space blocks wing moves: no forced play that could leave one
  const spaceSafe = !rules.spaceBlock;
  for (let wing = 0; wing < game.wings; wing++) {
    const height = game.wingHeight(wing);
    if (height === 0) continue;
    const top = game.wingCard(wing, 0);
    if (isBound(game, top, bound) && (height > 1 || spaceSafe)) return encodeMove(wing, TARGET_FOUNDATION, 1, top);
  }
  const trunkTop = game.trunkCard();
  if (spaceSafe && isBound(game, trunkTop, bound)) return encodeMove(SOURCE_TRUNK, TARGET_FOUNDATION, 1, trunkTop);
  const wasteTop = game.wasteTop();
  if (wasteFree && isBound(game, wasteTop, bound)) return encodeMove(SOURCE_WASTE, TARGET_FOUNDATION, 1, wasteTop);
  return NO_MOVE;
}
