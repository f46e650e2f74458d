// The play page's game in play (src/play/session.ts), against outside truth: PySolFC's own playouts, the verifier, and a fresh replay.
import { describe, expect, it } from 'vitest';
import { NO_CARD } from '../src/cards.js';
import { dealFromNumberFor, formatDeal, parseDeal } from '../src/deal.js';
import { Game, NO_MOVE } from '../src/engine.js';
import { formatMove, formatMoveList, parseMove, validateMove, type Move } from '../src/notation.js';
import { PlaySession } from '../src/play/session.js';
import { dealShape, resolveRules } from '../src/rules.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';
import { familyPlayouts, testRandom } from './helpers.js';

const playouts = familyPlayouts();
const bare = (move: Move): Move => ({ ...move, card: NO_CARD });

describe('a PySolFC game played on the page', () => {
  // PySolFC's recorded games (scripts/pysolfc/family_fixtures.py): the player's moves in, PySolFC's own turns out where PySolFC made them
  it.each([...new Set(playouts.map((playout) => playout.preset))])('%s: the page makes the turns PySolFC made by itself, and offers the moves PySolFC offered', (preset) => {
    const rules = resolveRules(preset);
    for (const playout of playouts.filter((entry) => entry.preset === preset)) {
      const session = new PlaySession({ deal: playout.deal, rules, autodeal: true });
      const expected: string[] = [...playout.auto];
      for (const step of playout.steps) {
        expect(session.legalMoves().map((move) => formatMove(move)).sort(), `${preset} game ${playout.number}`).toEqual([...step.legal].sort());
        expect(session.play(parseMove(step.move)).played).toBe(true);
        expected.push(step.move, ...(step.auto ?? []));
      }
      expect(session.line().map((move) => formatMove(move)), `${preset} game ${playout.number}`).toEqual(expected);
      expect(session.isWon()).toBe(playout.won);
    }
  });
});

describe('a game played on the page', () => {
  const cases = [
    ['coops', 1],
    ['goodsol', 2],
    ['canfield', 3],
    ['superior-canfield', 1],
    ['storehouse', 2],
  ] as const;

  it.each(cases)('%s deal %i: the solver\'s line, played move by move, wins in the verifier', (preset, number) => {
    const rules = resolveRules(preset);
    const deck = dealFromNumberFor(number, dealShape(rules));
    const found = new Solver({ maxNodes: 3_000_000 }).solve(deck, rules);
    expect(found.result).toBe('won');
    const session = new PlaySession({ deal: formatDeal(deck), rules, autodeal: false });
    for (const move of found.moves) expect(session.play(bare(move))).toEqual({ played: true });
    expect(session.isWon()).toBe(true);
    expect(verify(deck, rules, session.line()).status).toBe('ok');
  });

  it.each(cases)('%s deal %i: a move is refused exactly when the verifier refuses it, with its reason', (preset, number) => {
    const rules = resolveRules(preset);
    const deck = dealFromNumberFor(number, dealShape(rules));
    const session = new PlaySession({ deal: formatDeal(deck), rules, autodeal: false });
    const random = testRandom(number * 7919);
    const wings = session.game.wings;
    let refused = 0;
    for (let turn = 0; turn < 200 && !session.isWon(); turn++) {
      // a move a player might try: any source to any target, legal or not
      const sources = ['X', 'K', 'S', ...Array.from({ length: wings }, (_, wing) => `W${wing + 1}`)];
      const targets = ['F', ...Array.from({ length: wings + 1 }, (_, wing) => `W${wing + 1}`)];
      const tries = [...sources.flatMap((source) => targets.map((target) => `${source}${target}`)), 'T', 'R', `2W1W${wings}`];
      const token = tries[random(tries.length)];
      const before = session.line();
      const attempt = session.playText(token);
      if (!validateMove(token).ok) {
        expect(attempt.played, token).toBe(false);
        continue;
      }
      // the verifier on the line so far and this move: illegal at this move exactly when the page refused it
      const check = verify(deck, rules, [...before, parseMove(token)]);
      const illegalHere = check.status === 'illegal' && check.moveIndex === before.length;
      expect(attempt.played, `${token} after ${formatMoveList(before)}: ${check.reason}`).toBe(!illegalHere);
      if (!attempt.played) {
        refused++;
        expect(attempt.reason).toContain((check.reason ?? '').replace(/^move \d+ \S+: /, ''));
        expect(session.line()).toEqual(before);
      }
    }
    expect(refused).toBeGreaterThan(20);
  });

  it('undo, redo and a jump give the position a fresh replay gives; a new move forgets the redo steps; the address restores the game', () => {
    const rules = resolveRules('canfield');
    const deck = dealFromNumberFor(3, dealShape(rules));
    const found = new Solver({ maxNodes: 3_000_000 }).solve(deck, rules);
    const session = new PlaySession({ deal: formatDeal(deck), rules, autodeal: false });
    for (const move of found.moves.slice(0, 40)) session.play(bare(move));
    const replayed = (count: number) => {
      const game = new Game(deck, rules);
      for (const move of found.moves.slice(0, count)) game.apply(game.legalMoveFor(move));
      return game.snapshot();
    };
    for (const target of [0, 13, 39, 40, 7]) {
      session.goTo(target);
      expect(session.game.equals(replayed(target)), `position ${target}`).toBe(true);
      expect(session.length).toBe(40);
    }
    expect(session.undo()).toBe(true);
    expect(session.game.equals(replayed(6))).toBe(true);
    expect(session.redo() && session.redo()).toBe(true);
    expect(session.game.equals(replayed(8))).toBe(true);
    // the address keeps every step and where the player is
    const copy = new PlaySession({ deal: formatDeal(deck), rules, autodeal: false });
    expect(copy.restore(`#${session.fragment()}`)).toBeUndefined();
    expect([copy.position, copy.length, copy.lineText(copy.length)]).toEqual([8, 40, session.lineText(40)]);
    // replaying the next step keeps the redo steps; another move drops them
    expect(session.play(bare(found.moves[8])).played).toBe(true);
    expect(session.length).toBe(40);
    const other = session.legalMoves().find((move) => formatMove(move, false) !== formatMove(found.moves[9], false))!;
    expect(session.play(other).played).toBe(true);
    expect(session.length).toBe(10);
    expect(session.redo()).toBe(false);
    session.restart();
    expect([session.position, session.length, session.lineText()]).toEqual([0, 0, '']);
  });

  it('an address that does not fit the deal restores what it can and names the move it stopped at', () => {
    const rules = resolveRules('coops');
    const session = new PlaySession({ deal: formatDeal(dealFromNumberFor(1, dealShape(rules))), rules, autodeal: false });
    const problem = session.restore('#moves=T,T,W9F,T&at=4');
    expect(problem).toMatch(/move 3, W9F, was not played: .*no wing 9/);
    expect([session.position, session.length]).toEqual([2, 2]);
  });

  it('a typed move that is no move is refused in words, the game unchanged', () => {
    const rules = resolveRules('strict');
    const session = new PlaySession({ deal: formatDeal(parseDeal(formatDeal(dealFromNumberFor(5, dealShape(rules))))), rules, autodeal: false });
    for (const text of ['', 'QQ', 'T T', '1W1W2']) expect(session.playText(text).played, text).toBe(false);
    expect(session.length).toBe(0);
    expect(session.game.legalMoveFor(parseMove('T'))).not.toBe(NO_MOVE);
  });
});
