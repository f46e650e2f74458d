// PySolFC's Canfield family: every row of PySolFC's own deals (test/fixtures/pysolfc-family-deals.tsv, pysolfc-decks-deals.tsv for two to four decks, and the playouts' deals) reproduced card for card.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDeal, parseDeal } from '../src/deal.js';
import { InputError } from '../src/errors.js';
import { dealFromPysolNumber, deckDealFromPysolNumber, familyDealFromPysolNumber, parsePysolNumber, PYSOL_DECK_GAMES, PYSOL_FAMILY, pysolFamilyGame } from '../src/numbering/pysol.js';
import { FIXTURES } from './helpers.js';

const ROWS = readFileSync(join(FIXTURES, 'pysolfc-family-deals.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => {
    const [game, preset, number, deal] = line.split('\t');
    return { game: Number(game), preset, number, deal };
  });

// RULES §10's PySolFC games and §10.9's sizes, written out here rather than read from the code under test
const FAMILY_GAMES = [
  [105, 'canfield', 13, 4, 1],
  [101, 'superior-canfield', 13, 4, 1],
  [99, 'rainfall', 13, 4, 1],
  [521, 'canfield-rush', 13, 4, 1],
  [108, 'rainbow', 13, 4, 1],
  [100, 'storehouse', 13, 4, 4],
  [43, 'chameleon', 12, 3, 1],
  [403, 'acme', 13, 4, 4],
  [835, 'casino-canfield', 13, 4, 1],
  [989, 'candike', 13, 7, 1, 2],
  [494, 'mystique', 9, 7, 0, 4],
  [360, 'munger', 7, 7, 0, 4],
  [422, 'minerva', 11, 7, 0, 4],
  // RULES §10.15: several trunks (their count last)
  [316, 'little-gate', 10, 4, 0, 1, 2],
  [315, 'gate', 10, 8, 0, 1, 2],
  [413, 'duke', 12, 4, 0, 1, 4],
  [282, 'dutchess', 12, 4, 0, 1, 4],
  [642, 'lafayette', 13, 4, 0],
  [789, 'beehive', 13, 6, 0],
  [112, 'pysol', 13, 8, 1],
] as const;

describe("PySolFC's Canfield family deals", () => {
  it('the fixture has at least 200 numbers for each game, over every generator and seed range', () => {
    for (const [id, preset] of FAMILY_GAMES) {
      const rows = ROWS.filter((row) => row.game === id);
      expect(rows.length, preset).toBeGreaterThanOrEqual(200);
      expect(rows.every((row) => row.preset === preset), preset).toBe(true);
      const seeds = rows.map((row) => parsePysolNumber(row.number));
      expect(seeds.some((n) => n.generator === 'ms' && n.seed < 32000n), preset).toBe(true);
      expect(seeds.some((n) => n.generator === 'ms' && n.seed >= 2n ** 31n && n.seed < 2n ** 32n), preset).toBe(true);
      expect(seeds.some((n) => n.generator === 'ms' && n.seed >= 2n ** 32n), preset).toBe(true);
      expect(seeds.some((n) => n.generator === 'mt' && n.seed >= 10n ** 19n), preset).toBe(true);
    }
  });
  it("the table of games is RULES §10's presets with §10.9's sizes", () => {
    // the sizes of RULES §10.9, with a wing's dealt cards (§10.14) where there are more than one
    const oneDeck = PYSOL_FAMILY.filter((game) => game.decks === 1);
    expect(oneDeck.map((game) => [game.id, game.preset, game.trunk, game.wings, game.foundation, ...(game.wingCards > 1 || game.trunks > 1 ? [game.wingCards] : []), ...(game.trunks > 1 ? [game.trunks] : [])])).toEqual(FAMILY_GAMES.map((row) => [...row]));
    // RULES §10.19: after them the games of two to four decks
    expect(PYSOL_FAMILY.slice(oneDeck.length)).toEqual(PYSOL_DECK_GAMES);
    for (const game of PYSOL_FAMILY) expect(game.trunk + game.wings * game.wingCards + game.foundation + game.stock).toBe(52 * game.decks);
    expect(pysolFamilyGame('rainfall').id).toBe(99);
    expect(pysolFamilyGame(43).preset).toBe('chameleon');
    expect(pysolFamilyGame(106).preset).toBe('double-canfield');
    expect(pysolFamilyGame(896).preset).toBe('the-plot');
    expect(() => pysolFamilyGame('klondike')).toThrow(InputError);
  });
  it.each(FAMILY_GAMES.map(([id, preset]) => [preset, id] as const))('%s: every row is the deal PySolFC made', (_, id) => {
    const rows = ROWS.filter((row) => row.game === id);
    for (const row of rows) expect(formatDeal(familyDealFromPysolNumber(id, parsePysolNumber(row.number))), row.number).toBe(row.deal);
    // by preset name the same
    expect(formatDeal(familyDealFromPysolNumber(rows[0].preset, parsePysolNumber(rows[0].number)))).toBe(rows[0].deal);
  });
  it("every playout in pysolfc-family-moves.json starts from its number's deal", () => {
    const { playouts } = JSON.parse(readFileSync(join(FIXTURES, 'pysolfc-family-moves.json'), 'utf8')) as {
      playouts: { game: number; preset: string; number: string; deal: string }[];
    };
    for (const [id, preset] of FAMILY_GAMES) expect(playouts.filter((p) => p.game === id && p.preset === preset).length, preset).toBeGreaterThanOrEqual(20);
    for (const playout of playouts) expect(formatDeal(familyDealFromPysolNumber(playout.game, parsePysolNumber(playout.number))), playout.number).toBe(playout.deal);
  });
  it('fixed-base games write their four base cards C D H S where the foundations go', () => {
    for (const [id, rank] of [[100, '2'], [403, 'A']] as const) {
      for (const row of ROWS.filter((r) => r.game === id)) expect(row.deal.split(' ').slice(17, 21).join(' ')).toBe(`${rank}C ${rank}D ${rank}H ${rank}S`);
    }
  });
  it('Eagle Wing is the same deal by either function, and as the older fixture has it', () => {
    const older = new Map(
      readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split('\t'))
        .map(([number, deal]) => [parsePysolNumber(number).text, deal]),
    );
    let shared = 0;
    for (const row of ROWS.filter((r) => r.game === 112)) {
      const number = parsePysolNumber(row.number);
      expect(formatDeal(dealFromPysolNumber(number))).toBe(row.deal);
      const plain = number.generator === 'ms' && number.seed < 32000n ? String(number.seed) : number.text;
      if (older.has(plain)) {
        shared++;
        expect(older.get(plain), row.number).toBe(row.deal);
      }
    }
    expect(shared).toBeGreaterThan(0);
  });
});

// docs/canfield-type.md's table (decks, trunk, wings, foundation cards), written out here rather than read from the code under test
const DECK_GAMES = [
  [106, 'double-canfield', 2, 13, 5, 1],
  [396, 'triple-canfield', 3, 26, 7, 1],
  [922, 'quadruple-canfield', 4, 39, 8, 1],
  [476, 'demon', 2, 40, 8, 1],
  [103, 'american-toad', 2, 20, 8, 1],
  [102, 'variegated-canfield', 2, 13, 5, 8],
  [896, 'the-plot', 2, 13, 12, 1],
] as const;

describe("PySolFC's games of two to four decks: their deals", () => {
  const rows = readFileSync(join(FIXTURES, 'pysolfc-decks-deals.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [game, preset, decks, number, deal] = line.split('\t');
      return { game: Number(game), preset, decks: Number(decks), number, deal };
    });
  it('the table of games has the sizes docs/canfield-type.md gives, and the fixture 200 numbers of each', () => {
    expect(PYSOL_DECK_GAMES.map((game) => [game.id, game.preset, game.decks, game.trunk, game.wings, game.foundation])).toEqual(DECK_GAMES.map((row) => [...row]));
    for (const game of PYSOL_DECK_GAMES) expect(game.trunk + game.wings + game.foundation + game.stock).toBe(52 * game.decks);
    for (const [id, preset, decks] of DECK_GAMES) {
      const mine = rows.filter((row) => row.game === id);
      expect(mine.length, preset).toBeGreaterThanOrEqual(200);
      expect(mine.every((row) => row.preset === preset && row.decks === decks), preset).toBe(true);
    }
    expect(() => deckDealFromPysolNumber(105, parsePysolNumber('1'))).toThrow(InputError);
  });
  it.each(DECK_GAMES.map(([id, preset]) => [preset, id] as const))('%s: every row is the deal PySolFC made, and reads back card for card', (_, id) => {
    for (const row of rows.filter((r) => r.game === id)) {
      const deck = deckDealFromPysolNumber(id, parsePysolNumber(row.number));
      expect(formatDeal(deck), row.number).toBe(row.deal);
      expect(Array.from(parseDeal(row.deal, row.decks)), row.number).toEqual(Array.from(deck));
    }
  });
  it("Variegated Canfield writes its eight Aces where the foundations go, two of each suit C D H S", () => {
    for (const row of rows.filter((r) => r.game === 102)) expect(row.deal.split(' ').slice(18, 26).join(' ')).toBe('AC AC AD AD AH AH AS AS');
  });
});
