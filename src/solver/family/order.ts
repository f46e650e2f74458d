// The order the family search tries a position's moves in: foundation plays first, then the trunk's, whole wings, the waste's, the rest.
import { Game, isFoundationTarget, isTrunkSource, isWing, SOURCE_FOUNDATION, moveCount, moveSource, moveTarget, SOURCE_WASTE } from '../../engine.js';
import { familyEngineMove, familySteps, type FamilyMove } from './move.js';

/** playRank's ranks, 0 … PLAY_RANKS - 1. */
const PLAY_RANKS = 6;
/** Scratch for playsInOrder: where each rank's moves start. */
const rankStarts = new Int32Array(PLAY_RANKS + 1);

/** Stable: moves[start … end) by playRank, each move ranked once; `room` holds at least 2 × (end - start) numbers. */
export function playsInOrder(game: Game, moves: Int32Array, start: number, end: number, room: Int32Array, turnsFree: boolean): void {
  const count = end - start;
  rankStarts.fill(0);
  for (let i = 0; i < count; i++) {
    const rank = playRank(game, moves[start + i] as FamilyMove, turnsFree);
    room[i] = moves[start + i];
    room[count + i] = rank;
    rankStarts[rank + 1]++;
  }
  for (let rank = 1; rank <= PLAY_RANKS; rank++) rankStarts[rank] += rankStarts[rank - 1];
  for (let i = 0; i < count; i++) moves[start + rankStarts[room[count + i]]++] = room[i];
}

/**
 * 0 a foundation play, 1 the trunk's top onto a wing, 2 a whole wing moved while the trunk has a card to
 * fill its place, 3 the waste's top onto a wing, 4 the rest, 5 a foundation's card coming back (RULES
 * §10.16) or going over to its suit's other foundation (§10.18). Where turning costs (limited redeals), every play after turns is 4, in the order of its
 * turns: a card comes back only after every play of the pass is tried. Tried among the rest, cards
 * going up and coming back made Gate's searches wander (a position the naive search wins in 2,000
 * states took 1,400-48,000 positions, 175-841 with them last: docs/measurements.md).
 */
function playRank(game: Game, move: FamilyMove, turnsFree: boolean): number {
  const engineMove = familyEngineMove(move);
  const turns = familySteps(move);
  if (turns > 0 && !turnsFree) return 4;
  const source = moveSource(engineMove);
  // a foundation's card comes back, or (RULES §10.18) goes over to its suit's other foundation: last
  if (source === SOURCE_FOUNDATION) return 5;
  if (isFoundationTarget(moveTarget(engineMove))) return 0;
  if (isTrunkSource(source)) return 1;
  if (isWing(source) && game.trunkCount() > 0 && moveCount(engineMove) === game.wingHeight(source)) return 2;
  if (source === SOURCE_WASTE) return 3;
  return 4;
}
