// No-peek players: they never see the deal, sampled deals keep what was seen, and they never beat the solver.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_CARD } from '../src/cards.js';
import { dealFromNumber } from '../src/deal.js';
import { GreedyPlayer } from '../src/players/greedy.js';
import type { Observation, Player } from '../src/players/observation.js';
import { SamplingPlayer, sampleDeck } from '../src/players/sampling.js';
import { resolveRules, type RuleSet } from '../src/rules.js';
import { ObservedGame, playDeal } from '../src/playing.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';
import { ROOT, testRandom } from './helpers.js';

/** Places of the deal whose card the player has not seen (at the observation's moment). */
function unseenPlaces(observation: Observation): number[] {
  const places: number[] = [];
  const trunk = observation.rules.trunk;
  observation.knownTrunk.forEach((card, i) => {
    if (card === NO_CARD) places.push(i);
  });
  observation.knownStock.forEach((card, i) => {
    if (card === NO_CARD) places.push(trunk + 9 + i);
  });
  return places;
}

function permuteUnseen(deck: Uint8Array, places: number[], random: (n: number) => number): Uint8Array {
  // a rotation by 1 … n-1 places moves every unseen card, so the deal really differs
  const copy = deck.slice();
  const shift = 1 + random(places.length - 1);
  places.forEach((place, i) => (copy[place] = deck[places[(i + shift) % places.length]]));
  return copy;
}

function sameObservation(a: Observation, b: Observation): boolean {
  return (
    a.baseCard === b.baseCard &&
    a.position.every((word, i) => word === b.position[i]) &&
    a.knownTrunk.every((card, i) => card === b.knownTrunk[i]) &&
    a.knownStock.every((card, i) => card === b.knownStock[i]) &&
    a.legalCodes.length === b.legalCodes.length &&
    a.legalCodes.every((code, i) => code === b.legalCodes[i] || (a.legal[i].source === 'T' && b.legal[i].source === 'T'))
  );
}

/**
 * At several moments of a game, deals the unseen cards differently (consistently with what the player
 * has seen), replays the same moves, and checks that the observation and the player's choice are unchanged.
 */
function checkPermutationInvariance(player: Player, rules: RuleSet, dealNumber: number, checkpoints: number): number {
  const deck = dealFromNumber(dealNumber);
  const table = new ObservedGame(deck, rules);
  const random = testRandom(dealNumber);
  const codes: number[] = [];
  let checked = 0;
  for (let step = 0; step < 400 && !table.game.isWon(); step++) {
    const observation = table.observe();
    if (observation.legal.length === 0) break;
    const choice = player.choose(observation);
    if (step % Math.max(1, Math.floor(40 / checkpoints)) === 0 && unseenPlaces(observation).length > 1) {
      const other = permuteUnseen(deck, unseenPlaces(observation), random);
      expect(other).not.toEqual(deck);
      const twin = new ObservedGame(other, rules);
      for (const code of codes) twin.play(code);
      const twinObservation = twin.observe();
      expect(sameObservation(observation, twinObservation), `deal ${dealNumber} step ${step}`).toBe(true);
      expect(player.choose(twinObservation), `deal ${dealNumber} step ${step}`).toBe(choice);
      checked++;
    }
    if (choice < 0) break;
    codes.push(observation.legalCodes[choice]);
    table.play(observation.legalCodes[choice]);
  }
  return checked;
}

describe('information discipline (RULES §6, no-peek)', () => {
  it('player modules never import the deal generator or the run layer', () => {
    const folder = join(ROOT, 'src', 'players');
    for (const file of readdirSync(folder)) {
      const text = readFileSync(join(folder, file), 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/deal\.js'/);
      expect(text, file).not.toMatch(/from '\.\.\/run\//);
    }
  });
  for (const [name, player] of [
    ['greedy', new GreedyPlayer()],
    ['sampling', new SamplingPlayer({ samples: 2, nodesPerSolve: 200, seed: 7 })],
  ] as const) {
    it(`${name}: decisions do not change when unseen cards are dealt differently`, () => {
      let checked = 0;
      const deals = name === 'greedy' ? [3, 11] : [3];
      for (const preset of ['strict', 'coops', 'goodsol']) {
        for (const number of deals) checked += checkPermutationInvariance(player, resolveRules(preset), number, name === 'greedy' ? 10 : 3);
      }
      expect(checked).toBeGreaterThan(6);
    });
  }
  it('a sampled deal puts every public card where it is and deals only unseen cards face down', () => {
    const rules = resolveRules('coops');
    const table = new ObservedGame(dealFromNumber(5), rules);
    for (let i = 0; i < 30; i++) {
      const observation = table.observe();
      table.play(observation.legalCodes[observation.legal.findIndex((move) => move.source === 'T')] ?? observation.legalCodes[0]);
    }
    const observation = table.observe();
    const sample = sampleDeck(observation, testRandom(9));
    expect(new Set(sample).size).toBe(52);
    observation.knownStock.forEach((card, i) => {
      if (card !== NO_CARD) expect(sample[rules.trunk + 9 + i]).toBe(card);
    });
    expect(sample[rules.trunk + 8]).toBe(observation.baseCard);
  });
});

describe('no-peek players against the thoughtful solver', () => {
  const solver = new Solver({ memoryMegabytes: 64, maxNodes: 200_000 });
  for (const [name, player, deals] of [
    ['greedy', new GreedyPlayer(), 60],
    ['sampling', new SamplingPlayer({ samples: 2, nodesPerSolve: 300, seed: 1 }), 8],
  ] as const) {
    for (const preset of ['strict', 'coops', 'pysol']) {
      it(`${name} on ${preset}: never wins a deal the solver proves lost; every win replays`, () => {
        const rules = resolveRules(preset);
        let wins = 0;
        for (let number = 1; number <= deals; number++) {
          const deck = dealFromNumber(number);
          const played = playDeal(deck, rules, player);
          if (played.result !== 'won') continue;
          wins++;
          expect(verify(deck, rules, played.moves).status, `deal ${number}`).toBe('ok');
          expect(solver.solve(deck, rules).result, `deal ${number}`).not.toBe('lost');
        }
        if (preset !== 'strict') expect(wins).toBeGreaterThan(0);
      });
    }
  }
});

describe('the sampling player does not go round in circles', () => {
  it('never moves back to a position of the same game (wings in any order) while it has another move', () => {
    // goodsol deals 8 and 19 once ran to the move cap, moving piles between wings and spaces
    const rules = resolveRules('goodsol');
    for (const number of [8, 19]) {
      const player = new SamplingPlayer();
      const table = new ObservedGame(dealFromNumber(number), rules);
      const seen = new Set<string>();
      const canonical = (words: Int32Array) => [...Array.from(words.subarray(0, 8)).sort((a, b) => a - b), ...words.subarray(8)].join(',');
      while (!table.game.isWon()) {
        const observation = table.observe();
        if (observation.legal.length === 0) break;
        seen.add(canonical(observation.position));
        const choice = player.choose(observation);
        if (choice < 0) break;
        table.play(observation.legalCodes[choice]);
        const after = canonical(table.game.snapshot());
        if (seen.has(after)) {
          // allowed only when every move led back
          expect(observation.legal.length, `deal ${number} move ${table.played.length}`).toBe(1);
        }
      }
      expect(table.played.length, `deal ${number}`).toBeLessThan(1000);
    }
  });
});
