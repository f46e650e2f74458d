// The greedy player: a careful beginner following the rules' own tips, one move at a time, never peeking.
import { NO_CARD, suitOf, rankOf, rankFromBase, RANK_COUNT } from '../cards.js';
import type { Move } from '../notation.js';
import { chosenBase, dealtUnder, decksWingHeight, foundationHeightOf, rankFoundationHeight, trunkCount } from '../position.js';
import { RESIGN, wastePlaces, type Observation, type Player } from './observation.js';

function nextOnFoundation(observation: Observation, card: number): boolean {
  // RULES §10.17: a chosen base is the position's (public), and before it is chosen nothing is next
  const base = observation.rules.base === 'chosen' ? chosenBase(observation.position) : rankOf(observation.baseCard);
  if (base < 0) return false;
  // RULES §10.20: foundations by rank in any suit, the first alone until it holds 13
  if (observation.rules.foundations === 'any-suit-in-turn') {
    const height = rankFromBase(card, base);
    if (rankFoundationHeight(observation.position, 0) < RANK_COUNT) return rankFoundationHeight(observation.position, 0) === height;
    for (let foundation = 1; foundation < 4 * observation.rules.decks; foundation++) if (rankFoundationHeight(observation.position, foundation) === height) return true;
    return false;
  }
  // RULES §10.19: any of the suit's foundations (one with one deck: foundationHeightOf's first is foundationHeight)
  for (let copy = 0; copy < observation.rules.decks; copy++) {
    const height = foundationHeightOf(observation.position, suitOf(card), copy);
    if (height < RANK_COUNT && rankOf(card) === (base + height) % RANK_COUNT) return true;
  }
  return false;
}

/**
 * The greedy order of preference, one score a kind of move; the highest score is played, ties going to
 * the first listed, and a move of no kind here (score 0) is not made. The no-peek greedy player below
 * and the full-information finisher of short solutions (show/shorten.ts) both score by this table.
 */
export const GREEDY_SCORES = Object.freeze({
  /** Foundation plays: a wing's card, then the trunk's, then the waste's. */
  wingToFoundation: 100,
  trunkToFoundation: 95,
  wasteToFoundation: 90,
  /** A wing-to-wing build that takes a whole run away: it brings out a trunk card (into the space) or turns up the dealt card under it (RULES §10.14). */
  buildBringsOutTrunkCard: 80,
  trunkBuild: 75,
  wasteBuild: 70,
  /** The waste's card parked in a space when the card under it can then go up. */
  parkWasteFreeingPlay: 60,
  turn: 20,
  redeal: 10,
});

/** Scores a move by GREEDY_SCORES, from what the player can see. */
export function greedyScore(observation: Observation, move: Move): number {
  const position = observation.position;
  const trunkLeft = trunkCount(position);
  // RULES §10.18: a card between a suit's two foundations puts nothing more up
  if (move.target === 'F' || move.target === 'D') return move.source === 'F' ? 0 : move.source === 'W' ? GREEDY_SCORES.wingToFoundation : move.source === 'K' ? GREEDY_SCORES.trunkToFoundation : GREEDY_SCORES.wasteToFoundation;
  if (move.target === 'W') {
    // decksWingHeight reads any position's wings (RULES §10.1: several decks may keep wings past the eighth)
    const targetHeight = decksWingHeight(position, move.toWing - 1);
    if (move.source === 'W') {
      // a build that takes a whole run away brings out a trunk card, or turns up the dealt card under the run (the count is public, RULES §10.14)
      const emptiesRun = decksWingHeight(position, move.fromWing - 1) === move.count;
      const bringsOut = trunkLeft > 0 || dealtUnder(position, move.fromWing - 1) > 0;
      return targetHeight > 0 && emptiesRun && bringsOut ? GREEDY_SCORES.buildBringsOutTrunkCard : 0;
    }
    if (targetHeight > 0 && (move.source === 'X' || move.source === 'K')) return move.source === 'K' ? GREEDY_SCORES.trunkBuild : GREEDY_SCORES.wasteBuild;
    if (targetHeight === 0 && move.source === 'X') {
      // park the waste card only when the card under it can then go up
      const waste = wastePlaces(position);
      if (waste.length >= 2) {
        const below = observation.knownStock[waste[1]];
        if (below !== NO_CARD && nextOnFoundation(observation, below)) return GREEDY_SCORES.parkWasteFreeingPlay;
      }
      return 0;
    }
    return 0;
  }
  if (move.source === 'T') return GREEDY_SCORES.turn;
  if (move.source === 'R') return GREEDY_SCORES.redeal;
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

