// The sampling player: hindsight optimisation. It deals the unseen cards at random K times (seeded by what it
// has seen), solves each such deal after each candidate move, and plays the move that wins in the most samples.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { CARD_COUNT, NO_CARD, RANK_COUNT, rankOf, suitOf } from '../cards.js';
import { Game } from '../engine.js';
import { basePlace, stockStart, WING_COUNT } from '../layout.js';
import { foundationHeight, hashPositionAnyWingOrder, stockPlaceFilled, trunkCount, wingHeight, wingTop } from '../position.js';
import { Solver } from '../solver/solver.js';
import { DEFAULT_SAMPLING, type SamplingSettings } from '../limits.js';
import { GreedyPlayer } from './greedy.js';
import type { Observation, Player } from './observation.js';

/** The settings as the CSV's player column shows them. */
export function samplingSettingsText(options: SamplingSettings): string {
  return `samples=${options.samples};nodes=${options.nodesPerSolve};seed=${options.seed}`;
}

/** FNV-1a over the observation's public words: the sampler's seed depends on nothing hidden. */
function hashObservation(observation: Observation, seed: number): number {
  let hash = 0x811c9dc5 ^ seed;
  const mix = (value: number) => {
    hash = Math.imul(hash ^ (value & 0xffff), 0x01000193);
    hash = Math.imul(hash ^ (value >>> 16), 0x01000193);
  };
  for (const word of observation.position) mix(word);
  for (const card of observation.knownTrunk) mix(card);
  for (const card of observation.knownStock) mix(card);
  mix(observation.movesPlayed);
  return hash | 0;
}

/** Every card's place is public except the face-down ones; a sample deals the unseen cards over those. */
export function sampleDeck(observation: Observation, random: (max: number) => number): Uint8Array {
  const { rules, position, knownTrunk, knownStock } = observation;
  const trunkSize = rules.trunk;
  const firstStockPlace = stockStart(trunkSize);
  const deck = new Int16Array(CARD_COUNT).fill(-1);
  const placed = new Uint8Array(CARD_COUNT);
  // cards on foundations and in wings are public
  for (let suit = 0; suit < 4; suit++) {
    for (let height = 0; height < foundationHeight(position, suit); height++) {
      placed[suit * RANK_COUNT + ((rankOf(observation.baseCard) + height) % RANK_COUNT)] = 1;
    }
  }
  for (let wing = 0; wing < WING_COUNT; wing++) {
    const top = wingTop(position, wing);
    for (let depth = 0; depth < wingHeight(position, wing); depth++) placed[suitOf(top) * RANK_COUNT + ((rankOf(top) + depth) % RANK_COUNT)] = 1;
  }
  const holes: number[] = [];
  const put = (place: number, card: number) => {
    deck[place] = card;
    placed[card] = 1;
  };
  deck[basePlace(trunkSize)] = observation.baseCard;
  const trunkLeft = trunkCount(position);
  for (let i = 0; i < trunkLeft; i++) {
    if (knownTrunk[i] !== NO_CARD) put(i, knownTrunk[i]);
    else holes.push(i);
  }
  for (let i = 0; i < knownStock.length; i++) {
    if (!stockPlaceFilled(position, i)) continue;
    if (knownStock[i] !== NO_CARD) put(firstStockPlace + i, knownStock[i]);
    else holes.push(firstStockPlace + i);
  }
  const unseen: number[] = [];
  for (let card = 0; card < CARD_COUNT; card++) if (!placed[card]) unseen.push(card);
  if (unseen.length !== holes.length) throw new Error(`observation is inconsistent: ${unseen.length} unseen cards for ${holes.length} face-down places`);
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = random(i);
    [unseen[i], unseen[j]] = [unseen[j], unseen[i]];
  }
  holes.forEach((place, i) => (deck[place] = unseen[i]));
  // places whose cards have moved on (old wing and trunk places, emptied stock places) take the rest
  const used = new Uint8Array(CARD_COUNT);
  for (const card of deck) if (card >= 0) used[card] = 1;
  let next = 0;
  for (let place = 0; place < CARD_COUNT; place++) {
    if (deck[place] >= 0) continue;
    while (used[next]) next++;
    deck[place] = next;
    used[next] = 1;
  }
  return Uint8Array.from(deck);
}

export class SamplingPlayer implements Player {
  readonly name = 'sampling';
  readonly settings: string;
  private readonly solver: Solver;
  private readonly greedy = new GreedyPlayer();
  /**
   * Positions this game has been through. A move back to one of them wins in the samples exactly when
   * the position did, so without this the player can shuffle cards between wings until the move cap.
   */
  private readonly visited = new Set<number>();

  constructor(readonly options: SamplingSettings = DEFAULT_SAMPLING) {
    this.settings = samplingSettingsText(options);
    this.solver = new Solver({ maxNodes: options.nodesPerSolve, memoryMegabytes: 16 });
  }

  choose(observation: Observation): number {
    if (observation.movesPlayed === 0) this.visited.clear();
    this.visited.add(hashPositionAnyWingOrder(observation.position));
    const count = observation.legal.length;
    if (count === 1) return 0;
    const seedWord = hashObservation(observation, this.options.seed);
    const rng = xoroshiro128plusFromState([seedWord, ~seedWord, 0x9e3779b9, seedWord ^ 0x85ebca6b]);
    for (let i = 0; i < 8; i++) rng.next();
    const random = (max: number) => uniformInt(rng, 0, max);
    // a move back to a position of this game scores -1 (its position words, all public, are the same in every sample)
    const wins = new Int32Array(count);
    for (let sample = 0; sample < this.options.samples; sample++) {
      const deck = sampleDeck(observation, random);
      for (let move = 0; move < count; move++) {
        if (wins[move] < 0) continue;
        const game = new Game(deck, observation.rules);
        game.restore(observation.position);
        game.apply(observation.legalCodes[move]);
        if (sample === 0 && this.visited.has(hashPositionAnyWingOrder(game.snapshot()))) wins[move] = -1;
        else if (game.isWon() || this.solver.solvePosition(game).result === 'won') wins[move]++;
      }
    }
    // ties (including no win anywhere) go to the greedy player's choice when it is among the best
    const best = Math.max(...wins);
    const greedyChoice = this.greedy.choose(observation);
    if (greedyChoice >= 0 && wins[greedyChoice] === best) return greedyChoice;
    if (best < 0) return greedyChoice;
    return wins.indexOf(best);
  }
}
