// The greedy player: a careful beginner following the rules' own tips, one move at a time, never peeking.
import { NO_CARD, suitOf, rankOf, RANK_COUNT } from '../cards.js';
import type { Move } from '../notation.js';
import { foundationHeight, trunkCount, wingHeight } from '../position.js';
import { RESIGN, wastePlaces, type Observation, type Player } from './observation.js';

function nextOnFoundation(observation: Observation, card: number): boolean {
  const height = foundationHeight(observation.position, suitOf(card));
  return height < RANK_COUNT && rankOf(card) === (rankOf(observation.baseCard) + height) % RANK_COUNT;
}

/**
 * Scores a move; the highest score is played, ties going to the first listed. Order of preference:
 * foundation plays (wing cards before the trunk card before the waste), wing-to-wing builds that
 * free a trunk card, waste and trunk builds, a waste card parked in a space when that frees a
 * playable waste card, turning the stock, redealing. Other moves are not made.
 */
export function greedyScore(observation: Observation, move: Move): number {
  const position = observation.position;
  const trunkLeft = trunkCount(position);
  if (move.target === 'F') return move.source === 'W' ? 100 : move.source === 'K' ? 95 : 90;
  if (move.target === 'W') {
    const targetHeight = wingHeight(position, move.toWing - 1);
    if (move.source === 'W') {
      // a build that empties its wing brings out a trunk card
      const emptiesWing = wingHeight(position, move.fromWing - 1) === move.count;
      return targetHeight > 0 && emptiesWing && trunkLeft > 0 ? 80 : 0;
    }
    if (targetHeight > 0 && (move.source === 'X' || move.source === 'K')) return move.source === 'K' ? 75 : 70;
    if (targetHeight === 0 && move.source === 'X') {
      // park the waste card only when the card under it can then go up
      const waste = wastePlaces(position);
      if (waste.length >= 2) {
        const below = observation.knownStock[waste[1]];
        if (below !== NO_CARD && nextOnFoundation(observation, below)) return 60;
      }
      return 0;
    }
    return 0;
  }
  if (move.source === 'T') return 20;
  if (move.source === 'R') return 10;
  return 0;
}

export class GreedyPlayer implements Player {
  readonly name = 'greedy';
  readonly settings = '';

  choose(observation: Observation): number {
    let best = RESIGN;
    let bestScore = 0;
    observation.legal.forEach((move, index) => {
      const score = greedyScore(observation, move);
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    return best;
  }
}

