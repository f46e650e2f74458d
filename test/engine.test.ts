// The engine from outside: perft counts, replay against the independent verifier, invariants, and each rule alone.
import { describe, expect, it } from 'vitest';
import { CARD_COUNT, cardValue, formatCard, NO_CARD } from '../src/cards.js';
import { dealFromNumber, dealFromNumberFor } from '../src/deal.js';
import { divide, Game, perft, toNotation } from '../src/engine.js';
import { WING_COUNT } from '../src/layout.js';
import { formatMove, parseMove, parseMoveList } from '../src/notation.js';
import { dealShape, EAGLE_WING_PRESETS, PRESET_NAMES, PRESETS, resolveRules, type RuleSet } from '../src/rules.js';
import { parseDeal } from '../src/deal.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verify, VerifyTable } from '../src/verify.js';
import { allows, engineTokens, makeDeal, playTokens, ROOT, testRandom } from './helpers.js';

/** PySolFC's deals of each family preset (test/fixtures/pysolfc-family-deals.tsv). */
const FAMILY_DEALS = new Map<string, Uint8Array[]>();
for (const line of readFileSync(join(ROOT, 'test', 'fixtures', 'pysolfc-family-deals.tsv'), 'utf8').trim().split('\n').slice(1)) {
  const [, preset, , deal] = line.split('\t');
  if (preset === 'pysol') continue;
  FAMILY_DEALS.set(preset, [...(FAMILY_DEALS.get(preset) ?? []), parseDeal(deal)]);
}
// RULES §10.19: PySolFC's games of two to four decks
for (const line of readFileSync(join(ROOT, 'test', 'fixtures', 'pysolfc-decks-deals.tsv'), 'utf8').trim().split('\n').slice(1)) {
  const [, preset, decks, , deal] = line.split('\t');
  FAMILY_DEALS.set(preset, [...(FAMILY_DEALS.get(preset) ?? []), parseDeal(deal, Number(decks))]);
}

/**
 * Every card is in exactly one place (RULES §10.19: each value in as many places as there are decks, twins being one
 * card to the rules); no wing over maxWing; each wing one run; no empty wing while the trunk fills spaces and has cards.
 */
function checkInvariants(game: Game): void {
  const seen = new Uint8Array(CARD_COUNT);
  const mark = (card: number) => {
    if (seen[cardValue(card)] === game.decks) throw new Error(`${formatCard(card)} is in ${game.decks + 1} places`);
    seen[cardValue(card)]++;
  };
  // RULES §10.20: foundations by rank keep no suits: each rank is up as many times as foundations have passed it (checked last)
  const byRank = game.rules.foundations === 'any-suit-in-turn';
  for (let suit = 0; suit < (byRank ? 0 : 4); suit++) {
    // from the base the position keeps where the player chose it (RULES §10.17), else the deal's
    // the suit's cards the foundation holds (RULES §10.18 four of a rank: those of the ranks up; §10.19: each of the suit's)
    if (game.decks > 1) for (let copy = 0; copy < game.decks; copy++) for (const card of game.foundationCardsOf(suit, copy)) mark(card);
    else for (const card of game.foundationCards(suit)) mark(card);
    if (game.compiled.fourOfARank && game.foundationCards(suit).length !== game.foundationHeight(suit)) throw new Error(`the ranks up and the count of suit ${suit} differ`);
    // RULES §10.18: the suit's foundation down, from its King to its top
    const down = game.foundationDownTop(suit);
    if (down !== NO_CARD) for (let card = suit * 13 + 12; card >= down; card--) mark(card);
  }
  // wings past the game's read 0 in a position's words up to WING_COUNT (RULES §10.1: more only with several decks, which keep them all)
  for (let wing = 0; wing < Math.max(WING_COUNT, game.wings); wing++) {
    const height = game.wingHeight(wing);
    if (wing >= game.wings && height > 0) throw new Error(`wing ${wing + 1} is not in play but holds ${height}`);
    if (height > Math.max(1, game.compiled.maxWing)) throw new Error(`wing ${wing + 1} holds ${height}`);
    if (height === 0 && wing < game.wings && game.trunkCount() > 0 && game.rules.trunkFill === 'auto') throw new Error(`wing ${wing + 1} empty while the trunk has cards`);
    for (let depth = 0; depth < height; depth++) mark(game.wingCard(wing, depth));
    // RULES §10.14: the dealt cards still under the run, read from the deal (the layout's places), never empty above them
    const under = wing < game.wings ? game.dealtUnder(wing) : 0;
    for (let i = 0; i < under; i++) mark(game.deck[game.layout.trunkSize + wing * game.layout.wingCards + i]);
    if (under > 0 && height === 0) throw new Error(`wing ${wing + 1} has dealt cards under an empty run`);
    for (let depth = 1; depth < height; depth++) {
      if (!game.goesOn(game.wingCard(wing, depth - 1), game.wingCard(wing, depth))) throw new Error(`wing ${wing + 1} is not one run at depth ${depth}`);
    }
  }
  // trunk by trunk (RULES §10.15): each holds its first cards still, bottom first
  let trunkCards = 0;
  for (let trunk = 0; trunk < game.compiled.trunks; trunk++) {
    for (let i = 0; i < game.trunkCountOf(trunk); i++) mark(game.deck[game.trunkStart(trunk) + i]);
    trunkCards += game.trunkCountOf(trunk);
  }
  if (trunkCards !== game.trunkCount()) throw new Error(`the trunks hold ${trunkCards} cards, the count says ${game.trunkCount()}`);
  for (let i = 0; i < game.layout.stockLength; i++) if (game.stockPlaceFilled(i)) mark(game.layout.stockCards[i]);
  if (byRank) {
    for (let rank = 0; rank < 13; rank++) {
      let up = 0;
      for (let foundation = 0; foundation < 4 * game.decks; foundation++) if (game.rankFoundationHeight(foundation) > (rank - game.baseRank() + 13) % 13) up++;
      let away = 0;
      for (let suit = 0; suit < 4; suit++) away += game.decks - seen[suit * 13 + rank];
      if (away !== up) throw new Error(`rank ${rank} is missing ${away} times from the table, but the foundations hold it ${up} times`);
    }
    if (game.rankFoundationHeight(0) < 13) for (let foundation = 1; foundation < 4 * game.decks; foundation++) if (game.rankFoundationHeight(foundation) > 0) throw new Error(`foundation ${foundation + 1} started before the first was full`);
    for (let foundation = 2; foundation < 4 * game.decks; foundation++) if (game.rankFoundationHeight(foundation) > game.rankFoundationHeight(foundation - 1)) throw new Error('foundations 2 … are not highest first');
    return;
  }
  const missing = seen.findIndex((count) => count !== game.decks);
  if (missing >= 0) throw new Error(`${formatCard(missing)} is in ${seen[missing]} places, not ${game.decks}`);
}

/**
 * Whether the verifier takes `token` next on `table`: exactly what verify() does with the move list that
 * reaches `table` plus `token` (a won game takes no move; else play it), tried on a copy so that a playout
 * replays its line once instead of once per candidate token.
 */
function verifierAccepts(table: VerifyTable, token: string): boolean {
  const twin = table.copy();
  return !twin.won() && twin.play(parseMove(token)) === '';
}

/** The verifier's own replay of a whole playout's line must agree with the step-by-step table: nothing illegal. */
function checkWholeLine(deck: Uint8Array, rules: RuleSet, played: string[], where: string): void {
  const result = verify(deck, rules, parseMoveList(played.join(' ')));
  if (result.status === 'illegal') throw new Error(`${where}: the verifier's replay refuses move ${result.moveIndex! + 1} of "${played.join(' ')}": ${result.reason}`);
}

const ALL_TOKENS = (() => {
  const tokens = ['T', 'R', 'XF', 'KF'];
  for (let a = 1; a <= 8; a++) {
    tokens.push(`W${a}F`, `XW${a}`, `KW${a}`, `SW${a}`);
    for (let b = 1; b <= 8; b++) {
      if (a === b) continue;
      tokens.push(`W${a}W${b}`);
      for (let n = 2; n <= 3; n++) tokens.push(`${n}W${a}W${b}`);
    }
  }
  return tokens;
})();

describe('perft (exact move-sequence counts)', () => {
  // Pinned from this engine and cross-checked move by move against the verifier below;
  // a change here means the move generator changed.
  const expected: Record<string, number[]> = {
    strict: [2, 3, 4, 5, 6, 7, 8, 9, 1, 1, 1, 1, 1, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1],
    coops: [3, 7, 15, 31, 73, 145, 279, 427, 2, 3, 6, 8, 14, 18, 21, 33, 1, 1, 1, 2, 2, 2, 2, 2],
    easy: [3, 7, 15, 31, 73, 157, 315, 499, 2, 3, 6, 8, 14, 18, 21, 33, 1, 1, 1, 2, 2, 2, 2, 2],
    goodsol: [3, 9, 26, 68, 180, 454, 984, 1602, 2, 3, 6, 8, 14, 18, 21, 33, 1, 1, 1, 2, 2, 2, 2, 2],
    pysol: [3, 7, 15, 31, 73, 145, 279, 427, 2, 3, 6, 8, 14, 18, 21, 33, 1, 1, 1, 2, 2, 2, 2, 2],
  };
  for (const preset of EAGLE_WING_PRESETS) {
    it(`${preset}, deals 1-3, depths 1-8`, () => {
      const counts: number[] = [];
      for (const number of [1, 2, 3]) {
        const game = new Game(dealFromNumber(number), resolveRules(preset));
        for (let depth = 1; depth <= 8; depth++) counts.push(perft(game, depth));
      }
      expect(counts).toEqual(expected[preset]);
    });
  }
  it('divide splits perft by first move', () => {
    const game = new Game(dealFromNumber(1), resolveRules('coops'));
    const parts = divide(game, 4);
    let sum = 0;
    for (const count of parts.values()) sum += count;
    expect(sum).toBe(perft(game, 4));
    expect(parts.size).toBe(engineTokens(game).length);
  });
});

describe('engine against the verifier (random playouts)', () => {
  const variants: [string, RuleSet][] = [
    ...EAGLE_WING_PRESETS.map((name) => [name, resolveRules(name)] as [string, RuleSet]),
    ['coops trunk 2 max-wing 5', resolveRules('coops', { trunk: 2, maxWing: 5 })],
    ['goodsol trunk 0', resolveRules('goodsol', { trunk: 0 })],
    ['easy trunk 1 space-from wings', resolveRules('easy', { trunk: 1, spaceFrom: 'wings' })],
    ['pysol trunk 3 redeals 4', resolveRules('pysol', { trunk: 3, redeals: 4 })],
  ];
  for (const [name, rules] of variants) {
    it(`${name}: legal moves equal the tokens the verifier accepts, step by step`, () => {
      const random = testRandom(name.length * 7919);
      for (let playout = 0; playout < 6; playout++) {
        const deck = dealFromNumber(100 + playout);
        const game = new Game(deck, rules);
        const table = new VerifyTable(deck, rules);
        const played: string[] = [];
        for (let step = 0; step < 60; step++) {
          const legal = new Set(engineTokens(game));
          for (const token of ALL_TOKENS) {
            const accepted = verifierAccepts(table, token);
            if (accepted !== legal.has(token)) throw new Error(`${name} deal ${100 + playout} after "${played.join(' ')}": ${token} engine=${legal.has(token)} verifier=${accepted}`);
          }
          if (legal.size === 0) break;
          const tokens = [...legal];
          const token = tokens[random(tokens.length)];
          playTokens(game, token);
          table.play(parseMove(token));
          played.push(token);
        }
        checkWholeLine(deck, rules, played, `${name} deal ${100 + playout}`);
      }
    });
  }
});

describe('engine against the verifier on the Canfield family (random playouts)', () => {
  /** Every token a position could have: each wing pair with every count up to the source wing's height, and the rest. */
  const candidates = (game: Game): string[] => {
    // RULES §10.15: several trunks are K1 … K4; §10.16: a foundation's top card, named, back onto a wing
    const trunks = game.compiled.trunks === 1 ? ['K'] : Array.from({ length: game.compiled.trunks }, (_, k) => `K${k + 1}`);
    const tokens = ['T', 'R', 'XF', ...trunks.map((trunk) => `${trunk}F`)];
    const tops = [0, 1, 2, 3].map((suit) => game.foundationTop(suit)).filter((card) => card !== NO_CARD);
    for (let a = 1; a <= game.wings; a++) {
      tokens.push(`W${a}F`, `XW${a}`, `SW${a}`, ...trunks.map((trunk) => `${trunk}W${a}`), ...tops.map((card) => `FW${a}(${formatCard(card)})`));
      for (let b = 1; b <= game.wings; b++) {
        if (a === b) continue;
        // groups reaching into the dealt cards under a run too (RULES §10.14), which neither may move unless they are in the run
        for (let n = 1; n <= Math.max(1, game.wingHeight(a - 1) + game.dealtUnder(a - 1)); n++) tokens.push(`${n > 1 ? n : ''}W${a}W${b}`);
      }
    }
    return tokens;
  };
  // the Solvitaire readings have no PySolFC deals: they test sv-partial, the space block and wrap base;
  // a short trunk empties early, so that spaces (and the space block) come within a random playout's reach
  const variants: [string, RuleSet, Uint8Array[] | undefined][] = [
    ...PRESETS.filter((entry) => entry.group !== 'Eagle Wing').map((entry) => [entry.name, resolveRules(entry.name), FAMILY_DEALS.get(entry.name)] as [string, RuleSet, Uint8Array[] | undefined]),
    ['sv-canfield-strict trunk 1', resolveRules('sv-canfield-strict', { trunk: '1' }), undefined],
    ['sv-canfield trunk 2', resolveRules('sv-canfield', { trunk: '2' }), undefined],
    ['superior-canfield trunk 3 space-block yes', resolveRules('superior-canfield', { trunk: '3', spaceBlock: 'yes' }), undefined],
    // RULES §10.1: wings W9 … W12, which only a position of several decks keeps (linked and not)
    ...(['demon', 'american-toad'] as const).map((name) => {
      const rules = resolveRules(name, { wings: '12', trunk: '4' });
      return [`${name} wings 12 trunk 4`, rules, Array.from({ length: 8 }, (_, i) => dealFromNumberFor(100 + i, dealShape(rules)))] as [string, RuleSet, Uint8Array[]];
    }),
  ];
  for (const [preset, rules, decks] of variants) {
    it(`${preset}: legal moves equal the tokens the verifier accepts, step by step`, () => {
      const random = testRandom(preset.length * 7919 + 3);
      for (let playout = 0; playout < 8; playout++) {
        const deck = decks ? decks[playout] : dealFromNumber(100 + playout);
        const game = new Game(deck, rules);
        const table = new VerifyTable(deck, rules);
        const played: string[] = [];
        for (let step = 0; step < 80; step++) {
          const legal = new Set(engineTokens(game));
          for (const token of candidates(game)) {
            const accepted = verifierAccepts(table, token);
            if (accepted !== legal.has(token)) throw new Error(`${preset} playout ${playout} after "${played.join(' ')}": ${token} engine=${legal.has(token)} verifier=${accepted}`);
          }
          if (legal.size === 0) break;
          const tokens = [...legal];
          const token = tokens[random(tokens.length)];
          playTokens(game, token);
          table.play(parseMove(token));
          played.push(token);
        }
        checkWholeLine(deck, rules, played, `${preset} playout ${playout}`);
      }
    });
  }
});

describe('engine invariants over random playouts', () => {
  // 300 is ample: engine faults put in by hand (a trunk fill that misses a wing or takes the wrong card, a wing
  // limit off by one, a group move that leaves a card behind, a waste play that takes the stock's card, a
  // linked wing losing its top) each failed here, in every preset it touches, within the first 6 playouts
  const PLAYOUTS = 300;
  // RULES §10.1: twelve wings, W9 … W12 kept only by a position of several decks
  const wide = (['demon', 'american-toad'] as const).map((name) => [`${name} wings 12`, resolveRules(name, { wings: '12', trunk: '4' })] as const);
  for (const [preset, rules] of [...PRESET_NAMES.map((name) => [name, resolveRules(name)] as const), ...wide]) {
    it(`${preset}: ${PLAYOUTS} playouts keep every card in one place; undo restores exactly`, () => {
      const random = testRandom(preset.length * 31 + 1);
      const moves = new Int32Array(256);
      // Eagle Wing deals by number; the family's from PySolFC's deal strings (RULES §10.9's layout, fixed bases in place); twelve wings by number in their layout
      const decks = FAMILY_DEALS.get(preset) ?? (rules.wings > WING_COUNT ? Array.from({ length: 20 }, (_, i) => dealFromNumberFor(1 + i, dealShape(rules))) : undefined);
      for (let playout = 0; playout < PLAYOUTS; playout++) {
        const game = new Game(decks ? decks[playout % decks.length] : dealFromNumber(1 + playout), rules);
        const snapshots: Int32Array[] = [];
        for (let step = 0; step < 200; step++) {
          checkInvariants(game);
          const count = game.legalMoves(moves);
          if (count === 0) break;
          snapshots.push(game.snapshot());
          game.apply(moves[random(count)]);
        }
        while (snapshots.length > 0) {
          game.undo();
          const expected = snapshots.pop()!;
          if (!game.equals(expected)) throw new Error(`undo did not restore deal ${1 + playout}`);
        }
      }
    });
  }
});

describe('rules, one at a time (engine and verifier must both follow each)', () => {
  const both = (value: boolean) => ({ engine: value, verifier: value });

  it('RULES §2: the layout follows the trunk size', () => {
    const deck = dealFromNumber(9);
    for (const trunk of [0, 5, 13, 20]) {
      const game = new Game(deck, resolveRules('strict', { trunk }));
      expect(game.trunkCount()).toBe(trunk);
      for (let wing = 0; wing < 8; wing++) expect(game.wingTop(wing)).toBe(deck[trunk + wing]);
      expect(game.foundationTotal()).toBe(1);
      expect(game.layout.baseRank).toBe(deck[trunk + 8] % 13);
      expect(game.stockTop()).toBe(deck[trunk + 9]);
      expect(game.stockCount()).toBe(52 - trunk - 9);
    }
  });
  it('RULES §10.14: dealt cards under a run; a turned card heads the run with a face-up dealt card it goes on', () => {
    // minerva with a trunk of one: W1 dealt 2C (down) JH (up) TC (down) AS (up), W2 topped by QS; the first stock card stands where no base card is dealt
    const wings = '2C JH TC AS  3C 4C 5C QS  6C 7C 8C 9C  2D 3D 4D 5D  6D 7D 8D 9D  2H 3H 4H 5H  6H 7H 8H 9H';
    const joined = makeDeal({ trunk: 'KC', wings, base: 'KD' });
    const minerva = resolveRules('minerva', { trunk: 1 });
    expect(allows(joined, minerva, '', '2W1W2')).toEqual(both(false)); // AS on face-down TC: no group
    expect(allows(joined, minerva, 'W1F', '2W1W2')).toEqual(both(true)); // TC turned, on JH: JH TC onto QS (PySolFC's AC_RowStack moves the face-up sequence)
    expect(allows(joined, minerva, 'W1F', 'W1W2')).toEqual(both(false));
    const game = new Game(joined, minerva);
    playTokens(game, 'W1F 2W1W2');
    expect([game.wingHeight(0), formatCard(game.wingTop(0))]).toEqual([1, '2C']); // the last dealt card turned
    // 8C does not go on JH: turned, it is a run alone, and JH stays under it
    const apart = makeDeal({ trunk: 'KC', wings: wings.replace('2C JH TC AS', '2C JH 8C AS').replace('6C 7C 8C 9C', '6C 7C TC 9C'), base: 'KD' });
    expect(allows(apart, minerva, 'W1F', '2W1W2')).toEqual(both(false));
    const dealt = new Game(apart, minerva);
    playTokens(dealt, 'W1F');
    expect([dealt.wingHeight(0), dealt.dealtUnder(0)]).toEqual([1, 2]);
  });
  it('RULES §3.2: the base rank starts a foundation; ranks go round the corner', () => {
    const deck = makeDeal({ trunk: '2C', wings: 'QD KD AD 3C 4C 5C 6C 7C', base: 'QC', stock: 'KC' });
    const strict = resolveRules('strict', { trunk: 1 });
    expect(allows(deck, strict, '', 'W1F')).toEqual(both(true)); // QD starts diamonds
    expect(allows(deck, strict, '', 'W2F')).toEqual(both(false)); // KD before QD: no
    expect(allows(deck, strict, 'W1F W2F', 'W3F')).toEqual(both(true)); // AD after KD
    expect(allows(deck, strict, 'T XF', 'W1F')).toEqual(both(true));
  });
  it('RULES §3.3: an emptied wing takes the trunk top at once', () => {
    const deck = makeDeal({ trunk: '9S 8S', wings: '2C 3H 4H 5H 6H 7H 8H 9H', base: 'AC' });
    const game = new Game(deck, resolveRules('strict', { trunk: 2 }));
    playTokens(game, 'W1F');
    expect(formatCard(game.wingTop(0))).toBe('9S');
    expect(game.trunkCount()).toBe(1);
  });
  it('RULES §3.4 trunkPlay last: only the last trunk card is in play, and only to a foundation', () => {
    const deck = makeDeal({ trunk: '2C 3C', wings: '4H 5H 6H 7H 8H 9H TH JH', base: 'AC' });
    expect(allows(deck, resolveRules('strict', { trunk: 2 }), '', 'KF')).toEqual(both(false));
    expect(allows(deck, resolveRules('strict', { trunk: 2, trunkPlay: 'top' }), '', 'KF')).toEqual(both(true));
    const single = makeDeal({ trunk: '2C', wings: '3C 5H 6H 7H 8H 9H TH JH', base: 'AC' });
    expect(allows(single, resolveRules('strict', { trunk: 1 }), '', 'KF')).toEqual(both(true));
    expect(allows(single, resolveRules('coops', { trunk: 1 }), '', 'KW1')).toEqual(both(false));
  });
  it('RULES §3.4 trunkPlay last-any and top: the trunk card may build on a wing', () => {
    const deck = makeDeal({ trunk: '2C', wings: '3C 5H 6H 7H 8H 9H TH JH', base: 'KS' });
    expect(allows(deck, resolveRules('coops', { trunk: 1, trunkPlay: 'last-any' }), '', 'KW1')).toEqual(both(true));
    expect(allows(deck, resolveRules('strict', { trunk: 1, trunkPlay: 'last-any' }), '', 'KW1')).toEqual(both(false));
    const deep = makeDeal({ trunk: '2C 9D', wings: '3C 5H 6H 7H 8H 9H TH JH', base: 'KS' });
    expect(allows(deep, resolveRules('coops', { trunk: 2, trunkPlay: 'last-any' }), '', 'KW1')).toEqual(both(false));
    expect(allows(deep, resolveRules('coops', { trunk: 2, trunkPlay: 'top' }), '', 'KW1')).toEqual(both(true));
  });
  it('RULES §3.5 spaceFrom: waste and stock fill spaces only once the trunk is empty', () => {
    const deck = makeDeal({ wings: '2C 5H 6H 7H 8H 9H TH JH', base: 'AC', stock: '9S 8S' });
    const noTrunk = (spaceFrom: string) => resolveRules('strict', { trunk: 0, spaceFrom });
    expect(allows(deck, noTrunk('waste,stock'), 'W1F T', 'XW1')).toEqual(both(true));
    expect(allows(deck, noTrunk('stock'), 'W1F T', 'XW1')).toEqual(both(false));
    expect(allows(deck, noTrunk('waste,stock'), 'W1F', 'SW1')).toEqual(both(true));
    expect(allows(deck, noTrunk('waste'), 'W1F', 'SW1')).toEqual(both(false));
    expect(allows(deck, noTrunk('none'), 'W1F T', 'XW1')).toEqual(both(false));
    const trunk = makeDeal({ trunk: '3C', wings: '2C 5H 6H 7H 8H 9H TH JH', base: 'AC', stock: '9S' });
    // with a trunk the space is filled at once, so there is no space to fill
    expect(allows(trunk, resolveRules('strict', { trunk: 1 }), 'W1F', 'SW1')).toEqual(both(false));
  });
  it('RULES §3.5 + §3.8: spaceFrom wings lets a wing card or group fill a space', () => {
    const deck = makeDeal({ wings: '2C TS 9S 7H 8H 9H TH JH', base: 'AC' });
    const rules = (wingMoves: string, spaceFrom = 'waste,wings') => resolveRules('coops', { trunk: 0, wingMoves, spaceFrom });
    expect(allows(deck, rules('single', 'waste'), 'W1F', 'W2W1')).toEqual(both(false));
    expect(allows(deck, rules('single'), 'W1F', 'W2W1')).toEqual(both(true));
    // W3W2 builds 9S on TS: wing 2 holds TS 9S and wing 3 is a space
    expect(allows(deck, rules('single'), 'W1F W3W2', 'W2W1')).toEqual(both(true));
    expect(allows(deck, rules('single'), 'W1F W3W2', '2W2W1')).toEqual(both(false));
    expect(allows(deck, rules('whole'), 'W1F W3W2', 'W2W1')).toEqual(both(false));
    expect(allows(deck, rules('whole'), 'W1F W3W2', '2W2W1')).toEqual(both(true));
    expect(allows(deck, rules('group'), 'W1F W3W2', 'W2W1')).toEqual(both(true));
    expect(allows(deck, rules('group'), 'W1F W3W2', '2W2W1')).toEqual(both(true));
  });
  it('RULES §3.6 redeals: the waste turns over as many times as allowed, and needs cards', () => {
    const deck = makeDeal({ trunk: '', wings: '2C 3C 4C 5C 6C 7C 8C 9C', base: 'AC', stock: 'TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS' });
    const turns = 'T '.repeat(43).trim();
    for (const redeals of [0, 1, 2]) {
      const rules = resolveRules('strict', { trunk: 0, redeals });
      const prefix = Array.from({ length: redeals }, () => `${turns} R`).join(' ');
      expect(allows(deck, rules, `${prefix} ${turns}`, 'R')).toEqual(both(false));
      if (redeals > 0) expect(allows(deck, rules, `${Array.from({ length: redeals - 1 }, () => `${turns} R`).join(' ')} ${turns}`, 'R')).toEqual(both(true));
    }
    expect(allows(deck, resolveRules('strict', { trunk: 0 }), 'T', 'R')).toEqual(both(false)); // stock not empty
  });
  it('RULES §3.7 build: suit-down, round the corner, only where wings build', () => {
    const deck = makeDeal({ trunk: 'QD', wings: 'AC KC 4S 5S 5H 7H 8H 9H', base: '2D' });
    const coops = resolveRules('coops', { trunk: 1 });
    const strict = resolveRules('strict', { trunk: 1 });
    expect(allows(deck, coops, '', 'W2W1')).toEqual(both(true)); // KC on AC
    expect(allows(deck, coops, '', 'W3W4')).toEqual(both(true)); // 4S on 5S
    expect(allows(deck, coops, '', 'W3W5')).toEqual(both(false)); // 4S on 5H: wrong suit
    expect(allows(deck, coops, '', 'W4W3')).toEqual(both(false)); // 5S on 4S: upward
    expect(allows(deck, strict, '', 'W3W4')).toEqual(both(false));
  });
  it('RULES §3.7 maxWing: a build needs room', () => {
    const deck = makeDeal({ trunk: 'QD JD', wings: '6S 5S 4S 3S 5H 7H 8H 9H', base: '2D' });
    const withMax = (maxWing: number) => resolveRules('coops', { maxWing, trunk: 2 });
    expect(allows(deck, withMax(1), '', 'W2W1')).toEqual(both(false));
    expect(allows(deck, withMax(2), '', 'W2W1')).toEqual(both(true));
    expect(allows(deck, withMax(2), 'W2W1', 'W3W1')).toEqual(both(false));
    expect(allows(deck, withMax(3), 'W2W1', 'W3W1')).toEqual(both(true));
    expect(allows(deck, withMax(3), 'W2W1 W3W1', 'W4W1')).toEqual(both(false));
  });
  it('RULES §3.8 wingMoves onto a wing: single, whole pile, or any top group, within maxWing', () => {
    const deck = makeDeal({ trunk: 'QD JD TD', wings: 'TS 9S 8S JS 5H 7H 8H 9H', base: '2D' });
    const with_ = (wingMoves: string, maxWing = 3) => resolveRules('coops', { wingMoves, maxWing, trunk: 3 });
    // after W3W2: wing 2 holds 9S 8S; moving both onto TS (wing 1) is a group/whole move
    expect(allows(deck, with_('single'), 'W3W2', '2W2W1')).toEqual(both(false));
    expect(allows(deck, with_('whole'), 'W3W2', '2W2W1')).toEqual(both(true));
    expect(allows(deck, with_('group'), 'W3W2', '2W2W1')).toEqual(both(true));
    expect(allows(deck, with_('whole', 2), 'W3W2', '2W2W1')).toEqual(both(false)); // 3 cards > maxWing 2
    expect(allows(deck, with_('group', 5), 'W2W1', '2W1W4')).toEqual(both(true)); // TS 9S onto JS
    expect(allows(deck, with_('whole', 5), 'W2W1 W3W1', '2W1W4')).toEqual(both(false)); // not the whole pile
    expect(allows(deck, with_('group', 5), 'W2W1 W3W1', '2W1W4')).toEqual(both(false)); // 9S is not below JS
    expect(allows(deck, with_('group', 5), 'W2W1 W3W1', '3W1W4')).toEqual(both(true));
  });
});

describe('move notation of engine moves', () => {
  it('annotates each move with the card it moves', () => {
    const game = new Game(dealFromNumber(1), resolveRules('strict'));
    const moves = new Int32Array(256);
    const count = game.legalMoves(moves);
    const tokens = Array.from(moves.subarray(0, count), (move) => formatMove(toNotation(move)));
    expect(tokens).toContain(`T(${formatCard(game.stockTop())})`);
  });
});

describe('RULES §10.20, foundations by rank in any suit, the first full first (the-plot; engine and verifier alike)', () => {
  const both = (value: boolean) => ({ engine: value, verifier: value });
  const rules = resolveRules('the-plot');
  // trunk (bottom first) the first deck's diamonds with the 3D on top; W1 … W12 the 2C … KC; the base AC; the stock
  // from its top AH 5S, the rest of the first deck, then the whole second deck
  const first = ['AD', '2D', '4D', '5D', '6D', '7D', '8D', '9D', 'TD', 'JD', 'QD', 'KD', '3D', '2C', '3C', '4C', '5C', '6C', '7C', '8C', '9C', 'TC', 'JC', 'QC', 'KC', 'AC', 'AH', '5S'];
  const rest = ['H', 'S'].flatMap((suit) => 'A23456789TJQK'.split('').map((rank) => rank + suit)).filter((card) => !first.includes(card));
  const second = ['C', 'D', 'H', 'S'].flatMap((suit) => 'A23456789TJQK'.split('').map((rank) => rank + suit));
  const deck = parseDeal([...first, ...rest, ...second].join(' '), 2);
  const fillFirst = 'W1F W2F W3F W4F W5F W6F W7F W8F W9F W10F W11F W12F';

  it('the base card starts the first foundation, which takes the next rank in any suit', () => {
    expect(allows(deck, rules, 'W1F', 'KF')).toEqual(both(true));
    expect(allows(deck, rules, '', 'KF')).toEqual(both(false));
  });
  it('no other foundation starts before the first holds 13: a base-rank card waits, then goes up', () => {
    expect(allows(deck, rules, 'T', 'XF')).toEqual(both(false));
    expect(allows(deck, rules, `${fillFirst} T`, 'XF')).toEqual(both(true));
  });
  it('a space takes only a base-rank card, from the waste only, until the first foundation is full; then any card', () => {
    expect(allows(deck, rules, 'W1F T', 'XW1')).toEqual(both(true));
    expect(allows(deck, rules, 'W1F T T', 'XW1')).toEqual(both(false));
    expect(allows(deck, rules, `${fillFirst} T T`, 'XW1')).toEqual(both(true));
    expect(allows(deck, rules, 'W1F', 'W3W1')).toEqual(both(false));
  });
  it("the trunk's top goes to a foundation only, never onto a wing", () => {
    // the 3D would go on the 4C of W3 by rank
    expect(allows(deck, rules, '', 'KW3')).toEqual(both(false));
    expect(allows(deck, rules, 'W1F W2F', 'KW3')).toEqual(both(false));
  });
  it('the game is won with all 104 cards up, in eight foundations of any suits', () => {
    const game = new Game(deck, rules);
    playTokens(game, fillFirst);
    expect(game.rankFoundationHeight(0)).toBe(13);
    expect(game.foundationTotal()).toBe(13);
  });
});
