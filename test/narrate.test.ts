// Solutions a player can follow: trunk fills, the last trunk card, and PySolFC's automatic turns, checked from outside the narrator.
import { describe, expect, it } from 'vitest';
import { formatCard, NO_CARD } from '../src/cards.js';
import { dealFromNumber, parseDeal, type Deck } from '../src/deal.js';
import { Game } from '../src/engine.js';
import { formatMove, parseMoveList, type Move } from '../src/notation.js';
import { dealFromPysolNumber, parsePysolNumber } from '../src/numbering/pysol.js';
import { resolveRules, type RuleSet } from '../src/rules.js';
import { inPysolOrder, narrate, rankFoundationPiles, stepsJson } from '../src/show/narrate.js';
import { gameJson, tellGame } from '../src/show/game.js';
import { solveReport } from '../src/show/report.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';
import { playTokens } from './helpers.js';

const solver = new Solver();

function wins(decks: Deck[], rules: RuleSet): { deck: Deck; moves: Move[] }[] {
  return decks
    .map((deck) => ({ deck, result: solver.solve(deck, rules) }))
    .filter(({ result }) => result.result === 'won')
    .map(({ deck, result }) => ({ deck, moves: result.moves }));
}

describe('trunk fills and the last trunk card', () => {
  for (const preset of ['coops', 'pysol', 'goodsol']) {
    it(`${preset}: the fills and trunk plays take the trunk from its top card down, each fill into the wing the move emptied`, () => {
      const rules = resolveRules(preset);
      const won = wins(Array.from({ length: 20 }, (_, i) => dealFromNumber(i + 1)), rules);
      expect(won.length).toBeGreaterThan(5);
      for (const { deck, moves } of won) {
        const steps = narrate(deck, rules, moves, false);
        // the deal alone says the order: deck[12] is the trunk's top, deck[0] its bottom
        const taken: number[] = [];
        let faceUp = 0;
        for (const step of steps) {
          if (step.move.source === 'K') taken.push(step.move.card);
          for (const fill of step.fills) {
            taken.push(fill.card);
            if (step.move.source === 'W') expect(fill.wing).toBe(step.move.fromWing);
          }
          if (step.trunkFaceUp !== NO_CARD) {
            faceUp++;
            expect(step.trunkFaceUp).toBe(deck[0]);
          }
        }
        expect(taken).toEqual(Array.from(deck.subarray(0, 13)).reverse());
        // under trunk-play top the top card is always face up: no such moment is announced
        expect(faceUp).toBe(rules.trunkPlay === 'top' ? 0 : 1);
      }
    });
  }
});

describe("PySolFC's automatic turns", () => {
  const rules = resolveRules('pysol');
  const decks = Array.from({ length: 40 }, (_, i) => dealFromPysolNumber(parsePysolNumber(String(i + 1))));
  it('the line in PySolFC order is legal, and turns exactly when PySolFC would: at the start and whenever the waste is empty', () => {
    const won = wins(decks, rules);
    expect(won.length).toBeGreaterThan(20);
    for (const { deck, moves } of won) {
      const ordered = inPysolOrder(narrate(deck, rules, moves, true)).map((step) => step.move);
      expect(ordered).toHaveLength(moves.length);
      expect(verify(deck, rules, ordered).status).toBe('ok');
      // replay move by move: while the stock has cards, an empty waste is always followed by a turn
      const game = new Game(deck, rules);
      for (const move of ordered) {
        if (game.wasteCount() === 0 && game.stockCount() > 0) expect(move.source).toBe('T');
        playTokens(game, formatMove(move, false));
      }
      // and those turns, only those, are the ones marked automatic
      const steps = narrate(deck, rules, ordered, true);
      const replay = new Game(deck, rules);
      for (const step of steps) {
        expect(step.automatic).toBe(step.move.source === 'T' && replay.wasteCount() === 0);
        playTokens(replay, formatMove(step.move, false));
      }
      expect(steps[0].automatic).toBe(true);
    }
  });
});

describe('the JSON of a PySolFC game', () => {
  const rules = resolveRules('pysol');
  it('moves and steps list the same tokens in PySolFC order, and ordering twice changes nothing', () => {
    let checked = 0;
    for (let n = 1; n <= 12; n++) {
      const deck = dealFromPysolNumber(parsePysolNumber(String(n)));
      const result = solver.solve(deck, rules);
      if (result.result !== 'won') continue;
      const steps = narrate(deck, rules, result.moves, true);
      const game = tellGame(deck, rules, { result: 'won', moves: result.moves, ms: result.ms, nodes: result.nodes }, true);
      const json = gameJson(game, solveReport(deck, rules, result)) as { moves: string; steps: { move: string; automatic: boolean }[] };
      expect(json.steps.map((step) => step.move).join(' ')).toBe(json.moves);
      // the order is inPysolOrder's, whose legality and timing the test above checks from outside
      expect(json.moves).toBe(inPysolOrder(steps).map((step) => formatMove(step.move)).join(' '));
      expect(stepsJson(inPysolOrder(steps), true)).toEqual(stepsJson(steps, true));
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
  it('a PySolFC deal under other rules has no automatic turns: PySolFC cannot play it', () => {
    const coops = resolveRules('coops');
    const deck = dealFromPysolNumber(parsePysolNumber('1'));
    const result = solver.solve(deck, coops);
    expect(result.result).toBe('won');
    expect(narrate(deck, coops, result.moves, true).some((step) => step.automatic)).toBe(false);
  });
});


describe('RULES §10.20: the cards on foundations by rank, named from the line (the position keeps heights alone)', () => {
  // the-plot: trunk the first deck's diamonds, W1 … W12 the 2C … KC, the base AC, the stock from its top AH 5S, then the rest
  const first = ['AD', '2D', '4D', '5D', '6D', '7D', '8D', '9D', 'TD', 'JD', 'QD', 'KD', '3D', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC', 'AH', '5S'];
  const rest = ['H', 'S'].flatMap((suit) => 'A23456789TJQK'.split('').map((rank) => rank + suit)).filter((card) => !first.includes(card));
  const second = ['C', 'D', 'H', 'S'].flatMap((suit) => 'A23456789TJQK'.split('').map((rank) => rank + suit));
  const deck = parseDeal([...first, ...rest, ...second].join(' '), 2);
  const rules = resolveRules('the-plot');

  it('each foundation move names the foundation that took it, and the piles hold those cards in order', () => {
    // the trunk's 3D goes up in any suit, so the 3C waits on W2 for a later foundation
    const line = parseMoveList('W1F KF W3F W4F W5F W6F W7F W8F W9F W10F W11F W12F T XF T');
    const steps = narrate(deck, rules, line, false);
    expect(steps.map((step) => step.foundation)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 1, -1]);
    const piles = rankFoundationPiles(new Game(deck, rules), steps).map((pile) => pile.map(formatCard).join(' '));
    expect(piles[0]).toBe('AC 2C 3D 4C 5C 6C 7C 8C 9C TC JC QC KC');
    expect(piles.slice(1)).toEqual(['AH', '', '', '', '', '', '']);
  });
});
