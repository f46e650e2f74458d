// Rule E6 (src/solver/eagle/stuck.ts): no position on a winning line is called lost, and a deal it settles at the start is lost without it too.
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../src/deal.js';
import { Game, newEngineMoveList } from '../src/engine.js';
import { resolveRules, type RuleSet } from '../src/rules.js';
import { NodeView } from '../src/solver/eagle/node.js';
import { StuckTrunk } from '../src/solver/eagle/stuck.js';
import { Solver } from '../src/solver/solver.js';

describe('the stuck-trunk test (rule E6)', () => {
  // a position on a winning line is won: the test must never call it lost. The lines are the pruning-free search's, which
  // never asks the test (the pruned search's own lines avoid the positions it calls lost); smaller trunks and fewer
  // redeals reach the test's late cases sooner. Deals 478, 1662 and 1869 win by playing a stock card from under cards
  // turned after it in the same pass (the passes would lose them if that were not allowed)
  const deals = [...Array.from({ length: 40 }, (_, i) => i + 1), 478, 1662, 1869];
  for (const [preset, trunk, redeals] of [['strict', 13, 2], ['coops', 13, 2], ['coops', 6, 1], ['easy', 13, 2], ['easy', 6, 1], ['pysol', 13, 2], ['pysol', 6, 1]] as const) {
    it(`${preset} --trunk ${trunk} --redeals ${redeals}: never on the pruning-free winning lines of deals 1-40, 478, 1662 and 1869`, () => {
      const rules = { ...resolveRules(preset), trunk, redeals };
      const solver = new Solver({ maxNodes: 8_000, memoryMegabytes: 64, prune: false });
      const stuck = new StuckTrunk();
      const view = new NodeView();
      let positions = 0;
      for (const number of deals) {
        const deck = dealFromNumber(number);
        const result = solver.solve(deck, rules);
        if (result.result !== 'won') continue;
        const game = new Game(deck, rules);
        view.use(game.layout, game.compiled);
        expect(stuck.applies(view)).toBe(true);
        for (const move of [null, ...result.moves]) {
          if (move !== null) game.apply(game.legalMoveFor(move));
          const position = game.positionWords();
          view.read(position);
          expect(stuck.lost(position, view), `deal ${number}, after ${positions} positions`).toBe(false);
          view.clear(position);
          positions++;
        }
      }
      expect(positions).toBeGreaterThan(300);
    });
  }
  // one move off a winning line a position is often still won: the cases where the test calls one lost (its passes and its
  // count by suits most of all) are searched without pruning, which must not win them
  for (const [preset, trunk, redeals] of [['coops', 13, 2], ['coops', 13, 1], ['easy', 13, 2], ['pysol', 13, 2]] as const) {
    it(`${preset} --trunk ${trunk} --redeals ${redeals}: no position one move off the pruning-free winning lines of deals 1-60 that it calls lost is won`, () => {
      const tally = offLineCheck({ ...resolveRules(preset), trunk, redeals }, Array.from({ length: 60 }, (_, i) => i + 1));
      expect(tally.provedLost, `${preset}: positions called lost ${tally.calledLost}`).toBeGreaterThan(10);
    }, 120_000);
  }
  // the base-rank card's run may carry the suit's last maxWing - 1 cards (runsNeeded): a count without that calls lost a position
  // one move from the start of each of these deals, which the pruning-free search wins
  it('pysol: no position one move off the pruning-free winning lines of deals 106 and 128 that it calls lost is won', () => {
    const tally = offLineCheck(resolveRules('pysol'), [106, 128]);
    expect(tally.positions).toBeGreaterThan(100);
  });
  it('coops deal 183: lost at the start (one position) by the passes and the count by suits, as the pruning-free search finds it', () => {
    const rules = resolveRules('coops');
    const deck = dealFromNumber(183);
    expect(new Solver({ memoryMegabytes: 64 }).solve(deck, rules)).toMatchObject({ result: 'lost', nodes: 1 });
    expect(new Solver({ memoryMegabytes: 64, prune: false }).solve(deck, rules).result).toBe('lost');
  });
  it('coops deal 1002: lost at the start (one position), as the pruning-free search finds it', () => {
    const rules = resolveRules('coops');
    const deck = dealFromNumber(1002);
    expect(new Solver({ memoryMegabytes: 64 }).solve(deck, rules)).toMatchObject({ result: 'lost', nodes: 1 });
    expect(new Solver({ memoryMegabytes: 64, prune: false }).solve(deck, rules).result).toBe('lost');
  });
  it('does not apply where the trunk top is in play (goodsol)', () => {
    const view = new NodeView();
    const game = new Game(dealFromNumber(1), resolveRules('goodsol'));
    view.use(game.layout, game.compiled);
    expect(new StuckTrunk().applies(view)).toBe(false);
  });
});

/**
 * Searches without pruning each position one move off the pruning-free winning lines of `deals` that the test calls
 * lost: none may be won. Returns the positions looked at, those called lost and those the search proved lost.
 */
function offLineCheck(rules: RuleSet, deals: number[]): { positions: number; calledLost: number; provedLost: number } {
  const lines = new Solver({ maxNodes: 8_000, memoryMegabytes: 64, prune: false });
  const plain = new Solver({ maxNodes: 200_000, memoryMegabytes: 64, prune: false });
  const stuck = new StuckTrunk();
  const view = new NodeView();
  const moves = newEngineMoveList();
  const tally = { positions: 0, calledLost: 0, provedLost: 0 };
  for (const number of deals) {
    const deck = dealFromNumber(number);
    const result = lines.solve(deck, rules);
    if (result.result !== 'won') continue;
    const game = new Game(deck, rules);
    view.use(game.layout, game.compiled);
    for (const token of [null, ...result.moves]) {
      if (token !== null) game.apply(game.legalMoveFor(token));
      const onLine = game.snapshot();
      const count = game.legalMoves(moves);
      const offLine = Array.from(moves.subarray(0, count));
      for (const move of offLine) {
        game.restore(onLine);
        game.apply(move);
        const position = game.positionWords();
        view.read(position);
        const lost = stuck.lost(position, view);
        view.clear(position);
        tally.positions++;
        if (!lost) continue;
        tally.calledLost++;
        const verdict = plain.solvePosition(game).result;
        expect(verdict, `deal ${number}, after ${token ?? 'the deal'}`).not.toBe('won');
        if (verdict === 'lost') tally.provedLost++;
      }
      game.restore(onLine);
    }
  }
  return tally;
}
