// Compound perft: the solver's compound moves, checked against the single-move engine from mid-game positions.
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../src/deal.js';
import { Game, moveSource, SOURCE_REDEAL, SOURCE_STOCK, SOURCE_TURN, SOURCE_WASTE } from '../src/engine.js';
import * as P from '../src/position.js';
import { resolveRules, type RuleOverrides } from '../src/rules.js';
import { applyCompound, COMPOUND_TURNS_WASTE_TO_FOUNDATION, compoundMove } from '../src/solver/eagle/compound.js';
import { noDominance, NodeFacts } from '../src/solver/eagle/dominance.js';
import { generateMoves, MoveStack } from '../src/solver/eagle/generate.js';
import { NodeView } from '../src/solver/eagle/node.js';
import { testRandom } from './helpers.js';

/**
 * The position's words with the stock pointer moved down onto the waste's top. Stock places between
 * the waste's top and the pointer are all empty, so where the pointer stands among them says nothing:
 * two positions that differ only there are the same position.
 */
function normalized(position: Int32Array): string {
  const copy = position.slice();
  P.turnTo(copy, P.wasteTopIndex(copy) + 1);
  return copy.join(',');
}

/** Plays engine move codes on `game` one by one, each only if the engine lists it as legal now. */
function replay(game: Game, codes: readonly number[]): void {
  const legal = new Int32Array(256);
  for (const code of codes) {
    const count = game.legalMoves(legal);
    if (!legal.subarray(0, count).includes(code)) throw new Error(`expansion move ${code} is not legal here`);
    game.apply(code);
  }
}

/**
 * What one compound move may reach, from the single-move engine: one move that is not a turn or a
 * redeal; or some turns, then a move of the card they turned up (from the waste, or from the stock
 * into a space); or turns until the stock is empty, then the redeal.
 */
function singleMoveReach(game: Game): Set<string> {
  const reached = new Set<string>();
  const legal = new Int32Array(256);
  let turns = 0;
  for (;;) {
    const count = game.legalMoves(legal);
    let turn = -1;
    for (let i = 0; i < count; i++) {
      const source = moveSource(legal[i]);
      if (source === SOURCE_TURN) {
        turn = legal[i];
        continue;
      }
      if (turns > 0 && source !== SOURCE_WASTE && source !== SOURCE_STOCK && source !== SOURCE_REDEAL) continue;
      game.apply(legal[i]);
      reached.add(normalized(game.snapshot()));
      game.undo();
    }
    if (turn < 0) break;
    game.apply(turn);
    turns++;
  }
  for (; turns > 0; turns--) game.undo();
  return reached;
}

const stack = new MoveStack();
const view = new NodeView();
const facts = new NodeFacts();

/** Checks every compound move of the game's position, pruning off; returns how many it checked. */
function checkPosition(game: Game, label: string): number {
  const start = game.snapshot();
  view.use(game.layout, game.compiled);
  view.read(start);
  const end = generateMoves(start, view, noDominance(start, view, facts), stack, 0);
  view.clear(start);
  const compoundReach = new Set<string>();
  for (let i = 0; i < end; i++) {
    const position = start.slice();
    const expansion: number[] = [];
    applyCompound(position, game.layout, game.compiled, stack.moves[i], expansion);
    replay(game, expansion);
    expect(normalized(game.snapshot()), `${label}: compound move ${stack.moves[i]}`).toBe(normalized(position));
    for (let undo = 0; undo < expansion.length; undo++) game.undo();
    compoundReach.add(normalized(position));
  }
  expect(game.equals(start)).toBe(true);
  expect([...compoundReach].sort(), `${label}: positions reached`).toEqual([...singleMoveReach(game)].sort());
  return end;
}

const VARIANTS: [string, RuleOverrides][] = [
  ['strict', {}],
  ['coops', {}],
  ['easy', {}],
  ['goodsol', {}],
  ['pysol', {}],
  ['coops', { trunk: 0 }],
  ['goodsol', { trunk: 0 }],
  ['pysol', { trunk: 20 }],
  ['strict', { trunk: 20 }],
  ['easy', { redeals: 0 }],
  ['strict', { redeals: 5 }],
  ['goodsol', { redeals: 5 }],
  ['coops', { maxWing: 13 }],
  ['goodsol', { maxWing: 13 }],
  ['easy', { maxWing: 13, trunk: 0 }],
  // spaces filled straight from the stock only: the one place a stock card skips the waste
  ['strict', { spaceFrom: 'stock', trunk: 0 }],
  ['coops', { spaceFrom: 'stock,wings', trunk: 2 }],
];

describe('compound perft: each compound move equals its expansion on the single-move engine', () => {
  for (const [preset, overrides] of VARIANTS) {
    const label = `${preset} ${JSON.stringify(overrides)}`;
    it(`${label}: from every position of 12 random playouts`, () => {
      const rules = resolveRules(preset, overrides);
      const random = testRandom(label.length * 7919 + 17);
      const legal = new Int32Array(256);
      let checked = 0;
      for (let playout = 0; playout < 12; playout++) {
        const game = new Game(dealFromNumber(100 + playout), rules);
        for (let step = 0; step < 150 && !game.isWon(); step++) {
          checked += checkPosition(game, `${label} deal ${100 + playout} step ${step}`);
          const count = game.legalMoves(legal);
          if (count === 0) break;
          game.apply(legal[random(count)]);
        }
      }
      expect(checked).toBeGreaterThan(300);
    });
  }
});

describe('debug checks (EAGLEWING_CHECKS=1, set for the tests)', () => {
  it('a compound move that would make a card twice stops with an error', () => {
    expect(process.env.EAGLEWING_CHECKS).toBe('1');
    const game = new Game(dealFromNumber(1), resolveRules('strict'));
    const position = game.snapshot();
    // the first stock card to its foundation, legal or not: the check is about conservation, not legality
    const move = compoundMove(COMPOUND_TURNS_WASTE_TO_FOUNDATION, 0, 0, 1);
    applyCompound(position, game.layout, game.compiled, move, null);
    expect(P.cardsAccountedFor(position)).toBe(52);
    expect(() => applyCompound(position, game.layout, game.compiled, move, null)).toThrow(/53 cards in play/);
  });
});
