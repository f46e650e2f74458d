// Perft from mid-game positions that hit tricky rules; the expected counts come from the verifier, not the engine.
import { describe, expect, it } from 'vitest';
import { cardBelow, NO_CARD, rankOf } from '../src/cards.js';
import { dealFromNumber, type Deck } from '../src/deal.js';
import { Game, perft, toNotation } from '../src/engine.js';
import { formatMove, parseMove, type Move } from '../src/notation.js';
import { resolveRules, type RuleOverrides, type RuleSet } from '../src/rules.js';
import { verify } from '../src/verify.js';
import { playTokens, testRandom } from './helpers.js';

/** Every token RULES §5 can write for eight wings (cards unnamed): the verifier decides which are legal. */
const EVERY_TOKEN: Move[] = (() => {
  const tokens = ['T', 'R', 'XF', 'KF'];
  for (let wing = 1; wing <= 8; wing++) tokens.push(`W${wing}F`, `XW${wing}`, `KW${wing}`, `SW${wing}`);
  for (let from = 1; from <= 8; from++) {
    for (let to = 1; to <= 8; to++) {
      if (from === to) continue;
      tokens.push(`W${from}W${to}`);
      for (let count = 2; count <= 13; count++) tokens.push(`${count}W${from}W${to}`);
    }
  }
  return tokens.map(parseMove);
})();

/** Perft counted by the verifier alone: a token is legal after `line` when replaying line + token stops at no earlier move. */
function verifierPerft(deck: Deck, rules: RuleSet, line: Move[], depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const token of EVERY_TOKEN) {
    const moves = [...line, token];
    const replay = verify(deck, rules, moves);
    if (replay.status === 'illegal' && replay.moveIndex === line.length) continue;
    if (replay.status === 'illegal') throw new Error(`the verifier refused the line itself at move ${replay.moveIndex}: ${replay.reason}`);
    total += verifierPerft(deck, rules, moves, depth - 1);
  }
  return total;
}

interface Scenario {
  name: string;
  preset: string;
  overrides: RuleOverrides;
  /** True at the position wanted (read through the engine only to choose it; the counts do not come from it). */
  wanted: (game: Game) => boolean;
  depth: number;
}

function groupTooBigForRoom(game: Game): boolean {
  for (let target = 0; target < 8; target++) {
    const top = game.wingTop(target);
    if (top === NO_CARD || game.wingHeight(target) >= game.rules.maxWing) continue;
    for (let source = 0; source < 8; source++) {
      if (source === target) continue;
      for (let depth = 1; depth < game.wingHeight(source); depth++) {
        if (game.wingCard(source, depth) === cardBelow(top) && game.wingHeight(target) + depth + 1 > game.rules.maxWing) return true;
      }
    }
  }
  return false;
}

const SCENARIOS: Scenario[] = [
  { name: 'one trunk card left (it is face up)', preset: 'pysol', overrides: {}, wanted: (game) => game.trunkCount() === 1, depth: 3 },
  {
    name: 'an empty trunk and a space, filled from waste, stock or wings',
    preset: 'goodsol',
    overrides: { trunk: 3 },
    wanted: (game) => game.trunkCount() === 0 && [0, 1, 2, 3, 4, 5, 6, 7].some((wing) => game.wingHeight(wing) === 0),
    depth: 3,
  },
  { name: 'a group with room for only part of it', preset: 'goodsol', overrides: { maxWing: 4 }, wanted: groupTooBigForRoom, depth: 2 },
  {
    name: 'the last pass before the final redeal, its stock nearly out',
    preset: 'coops',
    overrides: { redeals: 1 },
    wanted: (game) => game.redealsUsed() === game.rules.redeals - 1 && game.stockCount() === 1 && game.wasteCount() > 0,
    depth: 3,
  },
  {
    name: 'a foundation about to go round the corner (a king on it, the ace next)',
    preset: 'easy',
    overrides: {},
    wanted: (game) => [0, 1, 2, 3].some((suit) => game.foundationHeight(suit) > 0 && game.foundationNext(suit) !== NO_CARD && rankOf(game.foundationNext(suit)) === 0),
    depth: 3,
  },
];

/** The first position a foundation-first random playout reaches where `wanted` holds: its deal and the line to it. */
function findLine(scenario: Scenario, rules: RuleSet): { deck: Deck; tokens: string } {
  const random = testRandom(scenario.name.length * 131 + 7);
  const legal = new Int32Array(256);
  for (let deal = 1; deal <= 400; deal++) {
    const deck = dealFromNumber(deal);
    const game = new Game(deck, rules);
    const tokens: string[] = [];
    for (let step = 0; step < 300 && !game.isWon(); step++) {
      if (step > 0 && scenario.wanted(game)) return { deck, tokens: tokens.join(' ') };
      const count = game.legalMoves(legal);
      if (count === 0) break;
      // foundation plays come first in the engine's list: take one most of the time, so foundations grow
      const move = toNotation(legal[0]).target === 'F' && random(4) > 0 ? legal[0] : legal[random(count)];
      tokens.push(formatMove(toNotation(move), false));
      game.apply(move);
    }
  }
  throw new Error(`no playout reached: ${scenario.name}`);
}

describe('perft from mid-game positions, counted independently by the verifier', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.preset}: ${scenario.name}`, () => {
      const rules = resolveRules(scenario.preset, scenario.overrides);
      const { deck, tokens } = findLine(scenario, rules);
      const line = tokens.split(' ').filter(Boolean).map(parseMove);
      const game = new Game(deck, rules);
      playTokens(game, tokens);
      expect(scenario.wanted(game)).toBe(true);
      for (let depth = 1; depth <= scenario.depth; depth++) {
        const expected = verifierPerft(deck, rules, line, depth);
        expect(perft(game, depth), `${scenario.name}, depth ${depth}, after: ${tokens}`).toBe(expected);
      }
    });
  }
});
