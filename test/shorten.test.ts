// Shortened solutions (show/shorten.ts), Eagle Wing's and the Canfield family's: each still wins in the verifier, is never longer than the solver's or the greedy player's, and loses a planted cycle.
import { describe, expect, it } from 'vitest';
import { dealFromNumber, type Deck } from '../src/deal.js';
import { Game, moveSource, moveTarget, toNotation } from '../src/engine.js';
import { WING_COUNT } from '../src/layout.js';
import { formatMoveList, type Move } from '../src/notation.js';
import { familyDealFromPysolNumber, plainPysolNumber } from '../src/numbering/pysol.js';
import { canfieldDealFromSolvitaireSeed } from '../src/numbering/solvitaire.js';
import { GreedyPlayer } from '../src/players/greedy.js';
import { PRESET_NAMES, resolveRules, type RuleSet } from '../src/rules.js';
import { playDeal } from '../src/playing.js';
import { type ShortenEffort, shortenLine } from '../src/show/shorten.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';

const DEALS = 40;

/** The solver's line, or undefined where it does not win; the family's deals get a node limit, so that a hard lost one does not hold the test up. */
function solved(deck: Deck, rules: RuleSet, maxNodes = 0): Move[] | undefined {
  const result = new Solver({ maxNodes }).solve(deck, rules);
  return result.result === 'won' ? result.moves : undefined;
}

/** Samples of the Canfield family: Solvitaire's Canfield (three-card turns, unlimited redeals) and PySolFC's. */
const FAMILY_SAMPLES: { preset: string; what: string; deck: (n: number) => Deck }[] = [
  { preset: 'sv-canfield', what: "Solvitaire's seeds", deck: (n) => canfieldDealFromSolvitaireSeed(n) },
  { preset: 'canfield', what: "PySolFC's games", deck: (n) => familyDealFromPysolNumber('canfield', plainPysolNumber(n)) },
];
const FAMILY_NODES = 300_000;

/**
 * The samples of real solutions: Eagle Wing's presets by the engine's deal numbers, at no node limit, and the family's
 * (FAMILY_SAMPLES) with both efforts. The family's wings are linked (a wing's top and height do not fix its cards), and
 * under unlimited redeals turning is not progress: a false match of two positions, or a greedy finish that goes round,
 * gives a line that does not win.
 */
const LINE_SAMPLES: { preset: string; what: string; deck: (n: number) => Deck; maxNodes: number; efforts: readonly ShortenEffort[] }[] = [
  ...['strict', 'coops', 'easy', 'goodsol', 'pysol'].map((preset) => ({ preset, what: 'deals', deck: dealFromNumber, maxNodes: 0, efforts: ['normal'] as const })),
  ...FAMILY_SAMPLES.map((sample) => ({ ...sample, maxNodes: FAMILY_NODES, efforts: ['normal', 'shortest'] as const })),
];

describe('shortenLine on real solutions', () => {
  for (const sample of LINE_SAMPLES) {
    it(`${sample.preset}, ${sample.what} 1–${DEALS}: wins in the verifier, never longer than the solver's line or the greedy player's`, () => {
      expect(PRESET_NAMES).toContain(sample.preset);
      const rules = resolveRules(sample.preset);
      let won = 0;
      let before = 0;
      let after = 0;
      for (let deal = 1; deal <= DEALS; deal++) {
        const deck = sample.deck(deal);
        const moves = solved(deck, rules, sample.maxNodes);
        if (moves === undefined) continue;
        won++;
        const given = formatMoveList(moves);
        let shown = moves.length;
        for (const effort of sample.efforts) {
          const shorter = shortenLine(deck, rules, moves, { effort });
          expect(formatMoveList(moves), 'the line given is not changed').toBe(given);
          expect(verify(deck, rules, shorter).status, `deal ${deal}, ${effort}`).toBe('ok');
          expect(shorter.length, `deal ${deal}, ${effort}`).toBeLessThanOrEqual(moves.length);
          if (effort === 'normal') shown = shorter.length;
        }
        const greedy = playDeal(deck, rules, new GreedyPlayer());
        if (greedy.result === 'won') expect(shown, `deal ${deal}: greedy wins in ${greedy.moves.length}`).toBeLessThanOrEqual(greedy.moves.length);
        before += moves.length;
        after += shown;
      }
      expect(won, 'the sample has won deals').toBeGreaterThan(0);
      if (sample.preset !== 'strict') expect(after, 'moves over the sample').toBeLessThan(before);
      // about half a minute each for the family's samples on a quiet machine: room for a busy one
    }, 240_000);
  }

  it('a line that does not win comes back as it was', () => {
    const rules = resolveRules('coops');
    const deck = dealFromNumber(1);
    const moves = solved(deck, rules)!;
    const cut = moves.slice(0, moves.length - 5);
    expect(verify(deck, rules, cut).status).toBe('incomplete');
    expect(formatMoveList(shortenLine(deck, rules, cut))).toBe(formatMoveList(cut));
  });
});

/**
 * Where a wing card can go to another wing and straight back along `moves`: the index to insert
 * before, and the two moves. Found with the engine; the caller checks the result in the verifier.
 */
function plantCycle(deck: Deck, rules: RuleSet, moves: Move[]): { at: number; cycle: Move[] } | undefined {
  const game = new Game(deck, rules);
  const buffer = new Int32Array(256);
  const back = new Int32Array(256);
  // from the middle on, where the trunk is more often empty and a card can go into a space and back
  for (let at = 0; at < moves.length; at++) {
    if (at >= moves.length / 2) {
      const count = game.legalMoves(buffer);
      for (let i = 0; i < count; i++) {
        const there = buffer[i];
        if (moveSource(there) >= WING_COUNT || moveTarget(there) >= WING_COUNT) continue;
        const before = Array.from(game.positionWords());
        game.apply(there);
        const backCount = game.legalMoves(back);
        for (let j = 0; j < backCount; j++) {
          if (moveSource(back[j]) !== moveTarget(there) || moveTarget(back[j]) !== moveSource(there)) continue;
          // back where it started: not where the move emptied its wing and the trunk filled the space (trunkFill auto)
          game.apply(back[j]);
          const same = Array.from(game.positionWords()).every((word, i) => word === before[i]);
          game.undo();
          if (!same) continue;
          const cycle = [toNotation(there), toNotation(back[j])];
          game.undo();
          return { at, cycle };
        }
        game.undo();
      }
    }
    const wanted = formatMoveList([moves[at]], false);
    const count = game.legalMoves(buffer);
    let played = false;
    for (let i = 0; i < count && !played; i++) {
      if (formatMoveList([toNotation(buffer[i])], false) === wanted) {
        game.apply(buffer[i]);
        played = true;
      }
    }
    if (!played) throw new Error(`move ${at + 1} of the solution is not legal in the engine`);
  }
  return undefined;
}

describe('shortenLine cuts a planted cycle', () => {
  const samples = [
    { preset: 'pysol', deck: dealFromNumber, maxNodes: 0 },
    { preset: 'goodsol', deck: dealFromNumber, maxNodes: 0 },
    ...FAMILY_SAMPLES.map((sample) => ({ ...sample, maxNodes: FAMILY_NODES })),
  ];
  for (const { preset, deck: dealOf, maxNodes } of samples) {
    it(`${preset}: a wing card moved to another wing and back is cut again`, () => {
      const rules = resolveRules(preset);
      let planted = 0;
      for (let deal = 1; deal <= 20 && planted < 3; deal++) {
        const deck = dealOf(deal);
        const moves = solved(deck, rules, maxNodes);
        if (moves === undefined) continue;
        // a line the shortener leaves as it is, so that only the planted cycle is there to cut
        const settled = shortenLine(deck, rules, shortenLine(deck, rules, moves, { effort: 'shortest' }), { effort: 'shortest' });
        const spot = plantCycle(deck, rules, settled);
        if (spot === undefined) continue;
        const withCycle = [...settled.slice(0, spot.at), ...spot.cycle, ...settled.slice(spot.at)];
        expect(verify(deck, rules, withCycle).status, `deal ${deal}: the planted line is legal and wins`).toBe('ok');
        const shorter = shortenLine(deck, rules, withCycle, { effort: 'shortest' });
        expect(verify(deck, rules, shorter).status).toBe('ok');
        expect(shorter.length, `deal ${deal}: ${formatMoveList(spot.cycle)} planted before move ${spot.at + 1}`).toBeLessThanOrEqual(withCycle.length - 2);
        expect(shorter.length).toBeLessThanOrEqual(settled.length);
        planted++;
      }
      expect(planted, 'cycles planted').toBeGreaterThan(0);
    });
  }
});
