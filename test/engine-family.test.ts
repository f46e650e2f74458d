// The engine's legal moves equal PySolFC's own, position by position, on random playouts of every Canfield-family game (RULES §10).
import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/deal.js';
import { type EngineMove, Game, moveCount, moveSource, newEngineMoveList, NO_MOVE, SOURCE_REDEAL, SOURCE_STOCK, SOURCE_TURN, SOURCE_WASTE, toNotation } from '../src/engine.js';
import { atPassBoundary, passPhase, stepPass } from '../src/pass.js';
import { formatMove, parseMove } from '../src/notation.js';
import { cardsAccountedFor, turnTo } from '../src/position.js';
import { resolveRules } from '../src/rules.js';
import { formatCard } from '../src/cards.js';
import { verify } from '../src/verify.js';
import { DECK_PRESETS, decksPlayouts, familyPlayouts } from './helpers.js';

const fixture = { playouts: familyPlayouts() };

/** Every legal move of the game's position, as RULES §5 tokens with their cards, sorted (as the fixture lists PySolFC's). */
function legalTokens(game: Game): string[] {
  const moves = newEngineMoveList();
  const count = game.legalMoves(moves);
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(formatMove(toNotation(moves[i])));
  return tokens.sort();
}

/** Plays one token, which must be legal in the engine too, with the card it names. */
function play(game: Game, token: string): void {
  const move = game.legalMoveFor(parseMove(token));
  expect(move, token).not.toBe(NO_MOVE);
  expect(formatMove(toNotation(move)), token).toBe(token);
  game.apply(move);
}

const presets = [...new Set(fixture.playouts.map((playout) => playout.preset))];
/** With RULES §10.19's games of two to four decks (test/fixtures/pysolfc-decks-moves.json). */
const allPlayouts = [...fixture.playouts, ...decksPlayouts()];
/**
 * The same with ten playouts of each game of several decks, not thirty: for the walks round a pass, which read
 * the stock through the engine alone (its decks… readers are checked at every step above), and take long
 * over 85 to 160 stock cards.
 */
const passPlayouts = [...fixture.playouts, ...DECK_PRESETS.flatMap((preset) => decksPlayouts().filter((playout) => playout.preset === preset).slice(0, 10))];
const allPresets = [...presets, ...DECK_PRESETS];

describe('legal moves against PySolFC, move for move', () => {
  it('the fixture covers every PySolFC game of the family', () => {
    expect(presets.sort()).toEqual(['acme', 'beehive', 'candike', 'canfield', 'canfield-rush', 'casino-canfield', 'chameleon', 'duke', 'dutchess', 'gate', 'lafayette', 'little-gate', 'minerva', 'munger', 'mystique', 'pysol', 'rainbow', 'rainfall', 'storehouse', 'superior-canfield']);
  });
  // RULES §10.19's games of two to four decks too (test/fixtures/pysolfc-decks-moves.json): twins and all
  it.each(allPresets)('%s: every position of every playout has exactly PySolFC\'s legal moves', (preset) => {
    const rules = resolveRules(preset);
    let positions = 0;
    for (const playout of allPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const [index, step] of playout.steps.entries()) {
        expect(legalTokens(game), `${preset} game ${playout.number}, step ${index + 1}`).toEqual([...step.legal].sort());
        positions++;
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
      expect(game.isWon(), `${preset} game ${playout.number}: won as PySolFC says`).toBe(playout.won);
      // several decks: every card is somewhere, once a deck, on the foundations, the wings, in the trunk, stock or waste
      // (position.ts cardsAccountedFor; it does not count RULES §10.18's foundations, which engine.test.ts's invariants do)
      if (rules.decks > 1) expect(cardsAccountedFor(game.positionWords())).toBe(52 * rules.decks);
    }
    expect(positions).toBeGreaterThan(0);
  });
});

describe('the moves a turn changes, asked alone (the family search walks a pass with them)', () => {
  /** legalMoves' waste and stock plays, its T and its R, as tokens: what stockPlays, turnMove and redealMove must give. */
  function stockTokens(game: Game): { plays: string[]; tableau: string[]; turn: string | null; redeal: string | null } {
    const moves = newEngineMoveList();
    const count = game.legalMoves(moves);
    const all = Array.from(moves.subarray(0, count), (move) => formatMove(toNotation(move)));
    // RULES §10.3 auto-waste with the trunks empty: a move that leaves a wing empty takes the waste's top into it, so a turn changes it
    const wasteFills = game.compiled.wasteFillsAuto && game.trunkCount() === 0;
    // …but not while the waste is empty and the stock is not: one turn first does the same (Game.wingEmptyingPlays)
    const sameAfterATurn = game.wasteTopIndex() < 0 && game.stockTopIndex() >= 0;
    const emptiesWing = (move: EngineMove) => moveSource(move) < SOURCE_WASTE && moveCount(move) === game.wingHeight(moveSource(move)) && game.dealtUnder(moveSource(move)) === 0;
    const byTurn = (move: EngineMove) => moveSource(move) === SOURCE_WASTE || moveSource(move) === SOURCE_STOCK || (wasteFills && emptiesWing(move));
    const moved = Array.from(moves.subarray(0, count)) as EngineMove[];
    return {
      plays: moved.filter((move) => byTurn(move) && !(sameAfterATurn && moveSource(move) < SOURCE_WASTE)).map((move) => formatMove(toNotation(move))).sort(),
      tableau: moved
        .filter((move) => !byTurn(move) && moveSource(move) !== SOURCE_TURN && moveSource(move) !== SOURCE_REDEAL)
        .map((move) => formatMove(toNotation(move))),
      turn: all.find((token) => token.startsWith('T')) ?? null,
      redeal: all.find((token) => token === 'R') ?? null,
    };
  }
  it.each(allPresets)('%s: stockPlays, turnMove and redealMove equal legalMoves at every position of the PySolFC playouts', (preset) => {
    const rules = resolveRules(preset);
    let positions = 0;
    let turns = 0;
    for (const playout of allPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const step of playout.steps) {
        const wanted = stockTokens(game);
        const moves = newEngineMoveList();
        const count = game.stockPlays(moves, 0);
        expect(Array.from(moves.subarray(0, count), (move) => formatMove(toNotation(move))).sort()).toEqual(wanted.plays);
        const turn = game.turnMove();
        expect(turn === NO_MOVE ? null : formatMove(toNotation(turn))).toBe(wanted.turn);
        const redeal = game.redealMove();
        expect(redeal === NO_MOVE ? null : formatMove(toNotation(redeal))).toBe(wanted.redeal);
        // the wings' and the trunk's moves, in legalMoves' own order (the family search's order rests on it)
        const tableau = game.tableauPlays(moves, 0);
        expect(Array.from(moves.subarray(0, tableau), (move) => formatMove(toNotation(move)))).toEqual(wanted.tableau);
        positions++;
        if (wanted.turn !== null) turns++;
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
    }
    expect(positions).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('stepPass (the family search walks a pass with it instead of encoding each T and R)', () => {
  /** Another game in the same position. */
  function copyOf(game: Game): Game {
    const copy = new Game(game.deck, game.rules);
    copy.restore(game.snapshot());
    return copy;
  }
  /** The position after `token` (a legal move of legalMoves), played on a copy. */
  function after(game: Game, token: string): string {
    const copy = copyOf(game);
    play(copy, token);
    return copy.snapshot().join(',');
  }
  it.each(allPresets)('%s: it plays the T that legalMoves lists, or where asked and there is none, its R, at every position of the PySolFC playouts', (preset) => {
    const rules = resolveRules(preset);
    const steps = { turn: 0, redeal: 0, none: 0 };
    for (const playout of passPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const step of playout.steps) {
        const tokens = legalTokens(game);
        const turn = tokens.find((token) => token.startsWith('T')) ?? null;
        const redeal = tokens.find((token) => token === 'R') ?? null;
        for (const redealToo of [false, true]) {
          const copy = copyOf(game);
          const wanted = turn ?? (redealToo ? redeal : null);
          expect(stepPass(copy, redealToo), `${preset} game ${playout.number}`).toBe(wanted !== null);
          expect(copy.snapshot().join(','), `${preset} game ${playout.number}`).toBe(wanted === null ? game.snapshot().join(',') : after(game, wanted));
        }
        steps[turn !== null ? 'turn' : redeal !== null ? 'redeal' : 'none']++;
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
    }
    expect(steps.turn, `${preset}: positions with a T`).toBeGreaterThan(0);
    // Rainbow and Chameleon have no redeal; every other game's playouts meet its R
    if (rules.redeals !== 0) expect(steps.redeal, `${preset}: positions with an R`).toBeGreaterThan(0);
  });
});

describe("markWastePlays (the family search asks stockPlays only where the waste's top is marked)", () => {
  it.each(allPresets)('%s: every card stockPlays would play is marked, at each turn of a pass from every playout position', (preset) => {
    const rules = resolveRules(preset);
    const marks = new Int32Array(52 * rules.decks);
    const moves = newEngineMoveList();
    let stamp = 0;
    const seen = { played: 0, unmarked: 0 };
    for (const playout of passPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const step of playout.steps) {
        const probe = new Game(game.deck, rules);
        probe.restore(game.snapshot());
        const every = probe.markWastePlays(marks, ++stamp);
        // turning changes nothing the marks read (foundations, wings, trunk): one marking serves the pass
        for (let turn: EngineMove = NO_MOVE; ; turn = probe.turnMove()) {
          if (turn !== NO_MOVE) probe.apply(turn);
          const plays = probe.stockPlays(moves, 0);
          const top = probe.wasteTop();
          if (plays > 0) seen.played++;
          if (!every && (top < 0 || marks[top] !== stamp)) {
            expect(plays, `${preset} game ${playout.number}: ${formatMove(toNotation(moves[0]))} from an unmarked waste top`).toBe(0);
            seen.unmarked++;
          }
          if (probe.turnMove() === NO_MOVE) break;
        }
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
    }
    expect(seen.played).toBeGreaterThan(0);
    expect(seen.unmarked).toBeGreaterThan(0);
  });
});

describe('pass boundaries (the family search stores such a position under its pass start)', () => {
  /** Whether turning from the pass's start (turn to the end, redeal, then turn) meets this very waste and stock. */
  function reachedFromPassStart(game: Game, rules: ReturnType<typeof resolveRules>): boolean {
    const probe = new Game(game.deck, rules);
    probe.restore(game.snapshot());
    const wasteTop = game.wasteTopIndex();
    const stockTop = game.stockTopIndex();
    if (stockTop < 0) return true;
    for (let turn = probe.turnMove(); turn !== NO_MOVE; turn = probe.turnMove()) probe.apply(turn);
    const redeal = probe.redealMove();
    if (redeal === NO_MOVE) return false;
    probe.apply(redeal);
    for (;;) {
      if (probe.wasteTopIndex() === wasteTop && probe.stockTopIndex() === stockTop) return true;
      const turn = probe.turnMove();
      if (turn === NO_MOVE) return false;
      probe.apply(turn);
    }
  }
  it.each(['canfield', 'superior-canfield'])('%s: atPassBoundary is true exactly where turning from the pass start meets the position', (preset) => {
    const rules = resolveRules(preset);
    const seen = { boundary: 0, inside: 0 };
    for (const playout of allPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const [index, step] of playout.steps.entries()) {
        const reached = reachedFromPassStart(game, rules);
        expect(atPassBoundary(game), `${preset} game ${playout.number}, step ${index + 1}`).toBe(reached);
        seen[reached ? 'boundary' : 'inside']++;
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
    }
    // both answers met: the playouts play from the waste in mid-pass as well as turning through
    expect(seen.boundary).toBeGreaterThan(0);
    expect(seen.inside).toBeGreaterThan(0);
  });
});

describe('pass phases (the family search lets a position cover one of its pass with the same phase and more waste cards)', () => {
  /** Whether turning from `from` (no redeal) meets `to`'s waste and stock. */
  function turnsReach(from: Game, to: Game, rules: ReturnType<typeof resolveRules>): boolean {
    const probe = new Game(from.deck, rules);
    probe.restore(from.snapshot());
    for (;;) {
      if (probe.wasteTopIndex() === to.wasteTopIndex() && probe.stockTopIndex() === to.stockTopIndex()) return true;
      const turn = probe.turnMove();
      if (turn === NO_MOVE) return false;
      probe.apply(turn);
    }
  }
  it.each(['canfield', 'superior-canfield'])('%s: in mid-pass, positions alike but for the stock pointer have one phase exactly when the one with fewer waste cards turns to the other', (preset) => {
    const rules = resolveRules(preset);
    // the turn size from the preset's own option (canfield and superior-canfield: '3')
    const turn = Number(rules.turn);
    const seen = { samePhase: 0, otherPhase: 0 };
    for (const playout of allPlayouts.filter((entry) => entry.preset === preset)) {
      const game = new Game(parseDeal(playout.deal, rules.decks), rules);
      for (const token of playout.auto) play(game, token);
      for (const [index, step] of playout.steps.entries()) {
        const where = `${preset} game ${playout.number}, step ${index + 1}`;
        // the phase from another reader: the waste's cards counted place by place
        if (game.stockTopIndex() >= 0 && game.wasteCount() % turn !== 0) {
          expect(passPhase(game), where).toBe(game.wasteCount() % turn);
          for (let pointer = 0; pointer <= game.layout.stockLength; pointer++) {
            const words = game.snapshot();
            turnTo(words, pointer);
            const other = new Game(game.deck, rules);
            other.restore(words);
            if (other.stockTopIndex() < 0 || other.wasteCount() < game.wasteCount()) continue;
            const samePhase = passPhase(other) === passPhase(game);
            expect(turnsReach(game, other, rules), `${where}, pointer ${pointer}`).toBe(samePhase);
            seen[samePhase ? 'samePhase' : 'otherPhase']++;
          }
        } else expect(passPhase(game), where).toBe(0);
        play(game, step.move);
        for (const token of step.auto ?? []) play(game, token);
      }
    }
    expect(seen.samePhase).toBeGreaterThan(0);
    expect(seen.otherPhase).toBeGreaterThan(0);
  });
});

describe('a run of two decks longer than 13 cards (RULES §10.19)', () => {
  // American Toad builds down in suit round the corner, so a wing of two decks may pass a suit's ranks more than
  // once. With no trunk, two wings and one-card turns: the 2♣ is wing 1's card, the 7♥ (the base rank) wing 2's;
  // the 7♥ goes up, and the clubs turned from the stock are built on the 2♣ down to the second K♣ (16 cards, as
  // American Toad's deal 1300 builds them), then moved whole into wing 2. The verifier, on its own, must take every move, and the engine must read the run
  // back card for card.
  it('moves whole into a space and reads back card for card', () => {
    const rules = resolveRules('american-toad', { trunk: '0', wings: '2', turn: '1' });
    const clubs = ['AC', 'KC', 'QC', 'JC', 'TC', '9C', '8C', '7C', '6C', '5C', '4C', '3C', '2C', 'AC', 'KC'];
    const used = ['2C', '7H', '7D', ...clubs];
    const rest: string[] = [];
    for (const suit of 'CDHS') for (const rank of 'A23456789TJQK') for (let copy = 0; copy < 2; copy++) rest.push(`${rank}${suit}`);
    for (const card of used) rest.splice(rest.indexOf(card), 1);
    const deal = parseDeal([...used, ...rest].join(' '), 2);
    const game = new Game(deal, rules);
    const tokens = ['W2F', ...clubs.flatMap(() => ['T', 'XW1']), '16W1W2'];
    for (const token of tokens) game.apply(game.legalMoveFor(parseMove(token)));
    expect(game.wingHeight(0)).toBe(0);
    expect(game.wingHeight(1)).toBe(16);
    const expected = ['2C', ...clubs].reverse();
    expect(Array.from({ length: 16 }, (_, depth) => formatCard(game.wingCard(1, depth)))).toEqual(expected);
    expect(verify(deal, rules, tokens.map(parseMove)).status).toBe('incomplete');
  });
});
