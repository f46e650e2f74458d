// Rule E6 (src/solver/eagle/stuck.ts): no position on a winning line is called lost, and a deal it settles at the start is lost without it too.
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../src/deal.js';
import { Game } from '../src/engine.js';
import { resolveRules } from '../src/rules.js';
import { NodeView } from '../src/solver/eagle/node.js';
import { StuckTrunk } from '../src/solver/eagle/stuck.js';
import { Solver } from '../src/solver/solver.js';

describe('the stuck-trunk test (rule E6)', () => {
  // a position on a winning line is won: the test must never call it lost. The lines are the pruning-free search's, which
  // never asks the test (the pruned search's own lines avoid the positions it calls lost); smaller trunks and fewer
  // redeals reach the test's late cases sooner
  for (const [preset, trunk, redeals] of [['strict', 13, 2], ['coops', 13, 2], ['coops', 6, 1], ['easy', 13, 2], ['easy', 6, 1], ['pysol', 13, 2], ['pysol', 6, 1]] as const) {
    it(`${preset} --trunk ${trunk} --redeals ${redeals}: never on the pruning-free winning lines of deals 1-40`, () => {
      const rules = { ...resolveRules(preset), trunk, redeals };
      const solver = new Solver({ maxNodes: 8_000, memoryMegabytes: 64, prune: false });
      const stuck = new StuckTrunk();
      const view = new NodeView();
      let positions = 0;
      for (let number = 1; number <= 40; number++) {
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
