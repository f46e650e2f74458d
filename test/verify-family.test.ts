// The independent verifier on the Canfield family: PySolFC's own legal moves at every position of its playouts (one deck and two to four), and RULES §10's cases no PySolFC game reaches.
import { describe, expect, it } from 'vitest';
import { formatCard, RANKS, SUITS } from '../src/cards.js';
import { dealFromNumberFor, parseDeal } from '../src/deal.js';
import { type EngineMove, Game, isFoundationTarget, isWing, moveCount, moveSource, moveTarget, newEngineMoveList, toNotation } from '../src/engine.js';
import { InputError } from '../src/errors.js';
import { formatMove, parseMove, parseMoveList } from '../src/notation.js';
import { dealShape, resolveRules, type RuleOverrides, type RuleSet } from '../src/rules.js';
import { verify, VerifyTable } from '../src/verify.js';
import { DECK_PRESETS, decksPlayouts, familyPlayouts, type FamilyPlayout } from './helpers.js';

const fixture = { playouts: familyPlayouts() };

/** A token without its bracketed card: what the candidate moves below are written as. */
const bare = (token: string) => token.replace(/\(.*\)$/, '').toUpperCase();

/** Whether `token` is legal on `table`, tried on a copy. */
function accepts(table: VerifyTable, token: string): boolean {
  return table.copy().play(parseMove(token)) === '';
}

/**
 * Every move token that can be written for the position, legal or not (RULES §10.10): T, R, the waste,
 * trunk and wing tops to the foundations (up and down), the foundations' tops onto wings and over, the waste, trunk and stock onto each wing, and every count of
 * cards from each wing onto each other wing, up to the wing's height.
 */
function candidates(table: VerifyTable): string[] {
  const n = table.wings.length;
  // RULES §10.15: several trunks are K1 … K4; §10.16: a foundation's top card, named, back onto a wing; §10.18: D, a suit's
  // foundation down from the King, and a foundation's top card over onto the other of its suit
  const trunks = table.trunkPiles.length === 1 ? ['K'] : table.trunkPiles.map((_, k) => `K${k + 1}`);
  const tops = [...table.foundations, ...table.downFoundations].filter((pile) => pile.length > 0).map((pile) => formatCard(pile[pile.length - 1]));
  const tokens = ['T', 'R', 'XF', 'XD', ...trunks.flatMap((trunk) => [`${trunk}F`, `${trunk}D`]), ...tops.flatMap((card) => [`FF(${card})`, `FD(${card})`])];
  for (let j = 1; j <= n; j++) tokens.push(`XW${j}`, `SW${j}`, `W${j}F`, `W${j}D`, ...trunks.map((trunk) => `${trunk}W${j}`), ...tops.map((card) => `FW${j}(${card})`));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= n; j++) {
      if (i === j) continue;
      for (let count = 1; count <= table.wings[i - 1].length; count++) tokens.push(`${count > 1 ? count : ''}W${i}W${j}`);
    }
    // RULES §10.18 four-of-a-rank: a wing's group onto the foundation
    for (let count = 2; count <= table.wings[i - 1].length; count++) tokens.push(`${count}W${i}F`);
  }
  return tokens;
}

function play(table: VerifyTable, token: string, where: string): void {
  const problem = table.play(parseMove(token));
  expect(problem, `${where}: ${token}`).toBe('');
}

describe("the verifier against PySolFC's legal moves (test/fixtures/pysolfc-family-moves.json)", () => {
  it('has every preset PySolFC plays, 30 playouts each', () => {
    const presets = new Set(fixture.playouts.map((playout) => playout.preset));
    expect([...presets].sort()).toEqual(['acme', 'beehive', 'candike', 'canfield', 'canfield-rush', 'casino-canfield', 'chameleon', 'duke', 'dutchess', 'gate', 'lafayette', 'little-gate', 'minerva', 'munger', 'mystique', 'pysol', 'rainbow', 'rainfall', 'storehouse', 'superior-canfield']);
    expect(fixture.playouts.length).toBe(600);
  });

  it.each(fixture.playouts.map((playout) => [playout.preset, playout.number, playout] as const))('%s %s: the legal set at every step is PySolFC\'s', (_, __, playout) => {
    expectPySolFCLegalSets(playout, resolveRules(playout.preset));
  });
});

/** Steps the verifier through a PySolFC playout under `rules`: its legal set equals PySolFC's at every step, and the whole line is never illegal. */
function expectPySolFCLegalSets(playout: FamilyPlayout, rules: RuleSet): void {
  const deck = parseDeal(playout.deal, rules.decks);
  const table = new VerifyTable(deck, rules);
  const played: string[] = [];
  for (const token of playout.auto) {
    play(table, token, 'first turn');
    played.push(token);
  }
  playout.steps.forEach((step, index) => {
    const where = `step ${index + 1}`;
    // every token PySolFC offers, with its card, is accepted
    for (const token of step.legal) expect(accepts(table, token), `${where}: PySolFC's ${token} refused: ${table.copy().play(parseMove(token))}`).toBe(true);
    // and the verifier accepts nothing else that can be written for this position
    const accepted = candidates(table).filter((token) => accepts(table, token)).map(bare);
    expect(accepted.sort(), where).toEqual(step.legal.map(bare).sort());
    for (const token of [step.move, ...(step.auto ?? [])]) {
      play(table, token, where);
      played.push(token);
    }
  });
  // the whole line through verify(): never illegal, and won exactly when PySolFC says so
  const result = verify(deck, rules, parseMoveList(played.join(' ')));
  expect(result.status).toBe(playout.won ? 'ok' : 'incomplete');
}

// Unit cases from RULES §10 for rules no PySolFC preset plays. Each deal is built from the cards a case names.

/** A deal string with the named cards where RULES §10.9 puts them (the trunk's named cards on its top); every other card fills the trunk's bottom, then the stock's end. */
function dealOf(layout: { trunkSize: number; trunkTop?: string[]; wings: string[]; foundations: string[]; stock?: string[] }): string {
  const trunkTop = layout.trunkTop ?? [];
  const stock = layout.stock ?? [];
  const named = [...trunkTop, ...layout.wings, ...layout.foundations, ...stock];
  const rest: string[] = [];
  for (const suit of SUITS) for (const rank of RANKS) if (!named.includes(rank + suit)) rest.push(rank + suit);
  const trunk = [...rest.splice(0, layout.trunkSize - trunkTop.length), ...trunkTop];
  const cards = [...trunk, ...layout.wings, ...layout.foundations, ...stock, ...rest];
  expect(new Set(cards).size, 'a deal of 52 different cards').toBe(52);
  return cards.join(' ');
}

function run(deal: string, preset: string, overrides: RuleOverrides, moves: string) {
  return verify(parseDeal(deal), resolveRules(preset, overrides), parseMoveList(moves));
}

describe('sv-partial (RULES §10.6), on sv-canfield with no trunk and one-card turns', () => {
  // base 7H, so 8H is next on hearts and (wrap base) nothing goes on a 7; W1 9S, W2 8H, W3 7C, W4 8D; the stock starts 9C
  const deal = dealOf({ trunkSize: 0, wings: ['9S', '8H', '7C', '8D'], foundations: ['7H'], stock: ['9C'] });
  const rules: RuleOverrides = { trunk: 0, turn: '1' };
  // W1 becomes the run 9S 8H 7C, and W2, W3 are spaces
  const run3 = 'W2W1(8H) W3W1(7C)';
  it('moves part of a run onto a wing when the card it uncovers can go to its foundation, without putting it there', () => {
    const result = run(deal, 'sv-canfield', rules, `${run3} W1W4(7C)`);
    expect(result.status).toBe('incomplete');
    expect(result.foundationCards).toBe(1);
  });
  it('refuses part of a run onto a wing when the uncovered card cannot go up, even a single card', () => {
    // W4 is 8D 7C: 7C leaving would uncover 8D, and diamonds have no cards yet
    expect(run(deal, 'sv-canfield', rules, `${run3} W1W4(7C) W4W1(7C)`).reason).toBe(
      'move 4 W4W1(7C): part of a run moves onto a wing only when the card it uncovers can go to its foundation, and 8D cannot',
    );
    expect(run(deal, 'sv-canfield', rules, `${run3} T(9C) XW2(9C) 2W1W2(8H)`).reason).toBe(
      'move 5 2W1W2(8H): part of a run moves onto a wing only when the card it uncovers can go to its foundation, and 9S cannot',
    );
    // the same move under wingMoves group is fine: the limit is sv-partial's
    expect(run(deal, 'sv-canfield', { ...rules, wingMoves: 'group' }, `${run3} W1W4(7C) W4W1(7C)`).status).toBe('incomplete');
  });
  it('moves a whole run onto a wing, and any part of a run into a space', () => {
    expect(run(deal, 'sv-canfield', rules, `${run3} W1W4(7C) T(9C) XW2(9C) 2W4W2(8D)`).status).toBe('incomplete');
    expect(run(deal, 'sv-canfield', rules, `${run3} 2W1W2(8H)`).status).toBe('incomplete');
    expect(run(deal, 'sv-canfield', rules, `${run3} W1W3(7C)`).status).toBe('incomplete');
  });
});

describe('spaceBlock (RULES §10.4), on sv-canfield-strict with one-card turns', () => {
  // base AC; W1 9S, W2 8H, W3 5C, W4 4D; the stock starts 2C, 7D
  const layout = { wings: ['9S', '8H', '5C', '4D'], foundations: ['AC'], stock: ['2C', '7D'] };
  const rules: RuleOverrides = { trunk: 0, turn: '1' };
  const deal = dealOf({ trunkSize: 0, ...layout });
  it('blocks every wing-to-wing move while a wing is empty, naming the empty wing', () => {
    expect(run(deal, 'sv-canfield-strict', rules, 'W4W3(4D)').status).toBe('incomplete');
    expect(run(deal, 'sv-canfield-strict', rules, 'W2W1(8H) W4W3(4D)').reason).toBe('move 2 W4W3(4D): wing moves are blocked while wing 2 is empty');
    expect(run(deal, 'sv-canfield-strict', { ...rules, spaceBlock: 'no' }, 'W2W1(8H) W4W3(4D)').status).toBe('incomplete');
  });
  it('still allows turns, foundation moves and the waste, and lifts the block once the space is filled', () => {
    expect(run(deal, 'sv-canfield-strict', rules, 'W2W1(8H) T(2C) XF(2C) T(7D) XW2(7D) W4W3(4D)').status).toBe('incomplete');
  });
  it('blocks the trunk onto a wing too (with the player filling spaces, the trunk can be non-empty then)', () => {
    const withTrunk = dealOf({ trunkSize: 13, trunkTop: ['7S'], ...layout });
    const player: RuleOverrides = { turn: '1', trunkFill: 'player' };
    expect(run(withTrunk, 'sv-canfield-strict', player, 'W2W1(8H) KW1(7S)').reason).toBe(
      'move 2 KW1(7S): moves from the trunk onto a wing are blocked while wing 2 is empty',
    );
    expect(run(withTrunk, 'sv-canfield-strict', { ...player, spaceBlock: 'no' }, 'W2W1(8H) KW1(7S)').status).toBe('incomplete');
  });
});

describe('wrap (RULES §10.5), on canfield with a dealt base 5D', () => {
  // W1 5S, W2 4H, W3 6H, W4 AS; the trunk's top is KH
  const deal = dealOf({ trunkSize: 13, trunkTop: ['KH'], wings: ['5S', '4H', '6H', 'AS'], foundations: ['5D'] });
  it('round builds round the corner and onto base-rank cards', () => {
    expect(run(deal, 'canfield', {}, 'W2W1(4H)').status).toBe('incomplete');
    expect(run(deal, 'canfield', {}, 'KW4(KH)').status).toBe('incomplete');
  });
  it('base puts nothing on a base-rank card, and a card of the rank below it goes on nothing', () => {
    expect(run(deal, 'canfield', { wrap: 'base' }, 'W2W1(4H)').reason).toBe('move 1 W2W1(4H): 4H cannot go on 5S');
    // a base-rank card itself still builds: 5S on 6H
    expect(run(deal, 'canfield', { wrap: 'base' }, 'W1W3(5S)').status).toBe('incomplete');
  });
  it('base still goes from K to A when the base is not an ace (5 6 … K A 2 3 4)', () => {
    expect(run(deal, 'canfield', { wrap: 'base' }, 'KW4(KH)').status).toBe('incomplete');
  });
  it('none builds on natural ranks whatever the base: 4H on 5S, and no K on an A', () => {
    expect(run(deal, 'canfield', { wrap: 'none' }, 'W2W1(4H)').status).toBe('incomplete');
    expect(run(deal, 'canfield', { wrap: 'none' }, 'KW4(KH)').reason).toBe('move 1 KW4(KH): KH cannot go on AS');
  });
  it('base with an ace base is plain no-wrap: K does not go on A', () => {
    const aceBase = dealOf({ trunkSize: 13, trunkTop: ['KH'], wings: ['5S', '4H', '6H', 'AS'], foundations: ['AD'] });
    expect(run(aceBase, 'canfield', { wrap: 'base' }, 'KW4(KH)').reason).toBe('move 1 KW4(KH): KH cannot go on AS');
    expect(run(aceBase, 'canfield', { wrap: 'round' }, 'KW4(KH)').status).toBe('incomplete');
  });
});

describe('--space-rank (RULES §10.3), on canfield with the player filling spaces', () => {
  // W1 5S, W2 4H, W3 6H, W4 AS; the trunk's top is KH; 4H onto 5S empties W2
  const deal = dealOf({ trunkSize: 13, trunkTop: ['KH'], wings: ['5S', '4H', '6H', 'AS'], foundations: ['5D'] });
  const player: RuleOverrides = { trunkFill: 'player', spaceFrom: 'trunk,waste,wings' };
  it('K: a King goes into a space, another rank does not', () => {
    expect(run(deal, 'canfield', { ...player, spaceRank: 'K' }, 'W2W1(4H) KW2(KH)').status).toBe('incomplete');
    expect(run(deal, 'canfield', { ...player, spaceRank: 'K' }, 'W2W1(4H) W3W2(6H)').reason).toBe('move 2 W3W2(6H): a space takes only a card of rank K, not 6H');
  });
  it('any (the default) takes every rank', () => {
    expect(run(deal, 'canfield', player, 'W2W1(4H) W3W2(6H)').status).toBe('incomplete');
  });
});

describe('turn 3-2-1 (RULES §10.8), on canfield-rush', () => {
  // the stock holds 34 cards: d[18] is turned first
  const deal = dealOf({ trunkSize: 13, wings: ['9S', '8H', '5C', '4D'], foundations: ['AC'] });
  const card = (index: number) => deal.split(' ')[index];
  const turns = (count: number) => Array(count).fill('T').join(' ');
  // 34 cards: 12 turns of three (the last one card), 17 of two, then 34 of one on each later pass
  const passes = `${turns(12)} R ${turns(17)} R ${turns(34)} R`;
  it('turns three, then two, then one card, with a short turn at the end of a pass', () => {
    expect(run(deal, 'canfield-rush', {}, `T(${card(20)})`).status).toBe('incomplete');
    expect(run(deal, 'canfield-rush', {}, `T(${card(18)})`).reason).toBe(`move 1 T(${card(18)}): it leaves ${card(20)} on the waste, not ${card(18)}`);
    expect(run(deal, 'canfield-rush', {}, `${turns(11)} T(${card(51)})`).status).toBe('incomplete');
    expect(run(deal, 'canfield-rush', {}, `${turns(12)} T`).reason).toBe('move 13 T: the stock is empty');
    expect(run(deal, 'canfield-rush', {}, `${turns(12)} R T(${card(19)})`).status).toBe('incomplete');
    expect(run(deal, 'canfield-rush', {}, `${turns(12)} R ${turns(16)} T(${card(51)})`).status).toBe('incomplete');
    expect(run(deal, 'canfield-rush', {}, `${turns(12)} R ${turns(17)} R T(${card(18)}) T(${card(19)})`).status).toBe('incomplete');
  });
  it('has no fourth pass under its own two redeals', () => {
    expect(run(deal, 'canfield-rush', {}, passes).reason).toBe(`move ${12 + 1 + 17 + 1 + 34 + 1} R: no redeals left (2 allowed)`);
  });
  it('turns one card on every pass after the third when more redeals are allowed', () => {
    expect(run(deal, 'canfield-rush', { redeals: 4 }, `${passes} T(${card(18)}) ${turns(33)} R T(${card(18)})`).status).toBe('incomplete');
    expect(run(deal, 'canfield-rush', { redeals: 4 }, `${passes} T(${card(19)})`).reason).toBe(`move ${12 + 1 + 17 + 1 + 34 + 1 + 1} T(${card(19)}): it moves ${card(18)}, not ${card(19)}`);
  });
});

describe('a fixed base (RULES §10.7, §10.9), on storehouse (base 2)', () => {
  const layout = { trunkSize: 13, wings: ['9S', '8H', '5C', '4D'] };
  it('starts the four 2s on their foundations, in any order in their slots', () => {
    const deal = dealOf({ ...layout, foundations: ['2S', '2H', '2C', '2D'] });
    expect(run(deal, 'storehouse', {}, '').foundationCards).toBe(4);
  });
  it('refuses a deal whose slots d[17]…d[20] do not hold the four 2s, naming the slots', () => {
    const deal = dealOf({ ...layout, foundations: ['2C', '7H', '2H', '2S'] });
    expect(() => run(deal, 'storehouse', {}, '')).toThrow(InputError);
    expect(() => run(deal, 'storehouse', {}, '')).toThrow('with base 2, cards 18-21 of the deal (d[17]-d[20]) must be the four 2s, but card 19 is 7H');
  });
});

describe("the verifier against PySolFC's legal moves in its games of two to four decks (test/fixtures/pysolfc-decks-moves.json)", () => {
  const playouts = decksPlayouts();
  it('has the seven games, 30 playouts each', () => {
    expect([...new Set(playouts.map((playout) => playout.preset))].sort()).toEqual([...DECK_PRESETS].sort());
    expect(playouts.length).toBe(210);
  });
  // The Plot's twelve wings make a step's candidate moves many (0.3 s a playout): the first ten playouts that start a second
  // foundation (a thirteenth card up, RULES §10.20), which the engine's test (engine-family) checks with the other twenty
  const startsSecond = (playout: FamilyPlayout) => playout.steps.filter((step) => /F\(/.test(step.move)).length >= 13;
  const checked = [...playouts.filter((playout) => playout.preset !== 'the-plot'), ...playouts.filter((playout) => playout.preset === 'the-plot' && startsSecond(playout)).slice(0, 10)];
  it.each(checked.map((playout) => [playout.preset, playout.number, playout] as const))("%s %s: the legal set at every step is PySolFC's, twins and all", (preset, _, playout) => {
    expectPySolFCLegalSets(playout, resolveRules(preset));
  });
  it('wins with all 104 cards up: each twin onto the second of its suit\'s foundations, a card the foundations cannot take refused', () => {
    // two decks, Aces up, one wing holding a King of spades; the stock 2C 2C 3C 3C … QS QS KS, turned and played up one card at a time
    const rules = resolveRules('canfield', { decks: 2, wings: 1, trunk: 0, base: 'A', turn: '1', redeals: 0 });
    const stock: string[] = [];
    for (const suit of SUITS) for (const rank of RANKS.slice(1)) stock.push(rank + suit, rank + suit);
    stock.pop();
    const deal = ['KS', 'AC', 'AC', 'AD', 'AD', 'AH', 'AH', 'AS', 'AS', ...stock].join(' ');
    const moves = [...stock.map((card) => `T(${card}) XF(${card})`), 'W1F(KS)'];
    const deck = parseDeal(deal, 2);
    expect(verify(deck, rules, parseMoveList(moves.join(' ')))).toEqual({ status: 'ok', foundationCards: 104 });
    // the 2C turned first goes up; the 3C after it goes onto that foundation, not onto the other's Ace
    const table = new VerifyTable(deck, rules);
    for (const token of ['T', 'XF', 'T', 'T']) play(table, token, 'start');
    expect(table.suitFoundations(0).map((pile) => pile.map(formatCard).join(' '))).toEqual(['AC 2C', 'AC']);
    expect(table.play(parseMove('XF'))).toBe('');
    expect(table.suitFoundations(0).map((pile) => pile.length)).toEqual([3, 1]);
    expect(verify(deck, rules, parseMoveList([...moves, 'T'].join(' '))).reason).toContain('the game is already won');
  });
  it('refuses, for n decks, a card a deal holds more than n times and a foundation card that is not the base', () => {
    const rules = resolveRules('variegated-canfield');
    const deal = playouts.find((playout) => playout.preset === 'variegated-canfield')!.deal.split(' ');
    // cards 19-26 are the eight Aces; put a 2 where the last one goes
    const at = deal.findIndex((card, i) => i > 25 && card[0] === '2');
    [deal[25], deal[at]] = [deal[at], deal[25]];
    expect(() => new VerifyTable(parseDeal(deal.join(' '), 2), rules)).toThrow(/cards 19-26 of the deal .* must be the 8 As, but card 26 is 2/);
    expect(() => parseDeal(deal.join(' '), 1)).toThrow(InputError);
  });
});

describe('runs longer than 13 cards round the corner (RULES §10.5): the engine moves what the verifier allows', () => {
  /**
   * Playouts that grow the wings: builds and whole wings onto wings first, then turns, cards up last, so
   * that runs pass a rank twice. At every step the engine's legal set (engine.ts, whose builds read only
   * the ranks a move could take) equals the verifier's, which tries every count of cards from every wing.
   */
  function longRunPlayout(preset: string, overrides: RuleOverrides, deal: number): number {
    const rules = resolveRules(preset, overrides);
    const deck = dealFromNumberFor(deal, dealShape(rules));
    const game = new Game(deck, rules);
    const table = new VerifyTable(deck, rules);
    const moves = newEngineMoveList();
    let seed = deal;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    let longestWhole = 0;
    for (let steps = 0; steps < 300; steps++) {
      const count = game.legalMoves(moves);
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) tokens.push(bare(formatMove(toNotation(moves[i]))));
      const where = `${preset} ${JSON.stringify(overrides)} deal ${deal}, step ${steps}`;
      expect(tokens.sort(), where).toEqual(candidates(table).filter((token) => accepts(table, token)).map(bare).sort());
      for (let i = 0; i < count; i++) if (isWing(moveSource(moves[i])) && moveCount(moves[i]) > 13 && moveCount(moves[i]) === game.wingHeight(moveSource(moves[i]))) longestWhole = Math.max(longestWhole, moveCount(moves[i]));
      if (count === 0) break;
      // a build onto a wing (one of them at random), else a turn or redeal, else a space filled, a card up only where nothing else is left
      const rank = (move: EngineMove) => (isFoundationTarget(moveTarget(move)) ? 3 : isWing(moveTarget(move)) ? (game.wingHeight(moveTarget(move)) > 0 ? 0 : 2) : 1);
      let best = -1;
      for (let i = 0; i < count; i++) {
        if (best < 0 || rank(moves[i]) < rank(moves[best]) || (rank(moves[i]) === rank(moves[best]) && random() < 0.4)) best = i;
      }
      const token = formatMove(toNotation(moves[best]));
      game.apply(moves[best]);
      play(table, token, where);
    }
    return longestWhole;
  }
  it.each([
    ['canfield', {}],
    ['canfield', { wingMoves: 'whole' }],
    ['canfield', { wingMoves: 'single' }],
    ['rainbow', {}],
    ['rainbow', { wingMoves: 'whole' }],
  ] as const)("%s %j: the engine's legal set is the verifier's at every step of ten such playouts", (preset, overrides) => {
    let longestWhole = 0;
    for (let deal = 1; deal <= 10; deal++) longestWhole = Math.max(longestWhole, longRunPlayout(preset, overrides as RuleOverrides, deal));
    // the playouts reach a wing of more than 13 cards that may move whole (not under `single`, which never moves one)
    if ((overrides as RuleOverrides).wingMoves !== 'single') expect(longestWhole).toBeGreaterThan(13);
  });
});
