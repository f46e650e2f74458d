// Deals for the rules (RULES §10.9, §10.11): fixed-base deal numbers, refused deal strings, and each family preset's PySolFC game, through the CLI.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { validateDealShape } from '../src/deal.js';
import { expectBadInput, runCli } from './cli-runner.js';
import { FIXTURES } from './helpers.js';

const run = (...args: string[]) => runCli(args);
const dealString = (...args: string[]) => {
  const result = run('deal', ...args, '--string');
  expect(result.code, result.stderr).toBe(0);
  return result.stdout.trim();
};

// deal 3 as test/deal.test.ts pins it (RULES §2 numbering), written out here
const DEAL_3 = '7C JC QH 6D 8H 3H 3D 6S 2S 3C 7S 2H QS QC 5S 9D 6H 5C 3S AC JS KD 2C 7D 4C 9C TC 4D AS 8C KC TS 9H 5D QD AD AH 5H 8D KS TH 6C 9S JD 7H JH 4H TD KH 4S 8S 2D';

/** RULES §10.9 by hand: the four cards of `rank` to d[17] … d[20] (13 trunk cards, 4 wings) in suit order C D H S, the rest in order. */
function fixedBaseByHand(deal: string, rank: string): string {
  const rest = deal.split(' ').filter((card) => card[0] !== rank);
  return [...rest.slice(0, 17), ...'CDHS'.split('').map((suit) => rank + suit), ...rest.slice(17)].join(' ');
}

const FAMILY_ROWS = readFileSync(join(FIXTURES, 'pysolfc-family-deals.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .map(([game, preset, number, deal]) => ({ game: Number(game), preset, number, deal }));
const fixtureDeal = (preset: string, number: string) => FAMILY_ROWS.find((row) => row.preset === preset && row.number === number)!.deal;

describe('deal numbers for a fixed base (RULES §10.9)', () => {
  it("storehouse and acme deal N: deal N's cards with the four base cards in the foundation slots, C D H S, the other 48 in order", () => {
    expect(dealString('3', '--preset', 'acme')).toBe(fixedBaseByHand(DEAL_3, 'A'));
    expect(dealString('3', '--preset', 'storehouse')).toBe(fixedBaseByHand(DEAL_3, '2'));
    for (const number of ['1', '4294967297']) {
      const deal = dealString(number);
      expect(dealString(number, '--preset', 'storehouse'), number).toBe(fixedBaseByHand(deal, '2'));
      expect(dealString(number, '--preset', 'canfield', '--base', 'K'), number).toBe(fixedBaseByHand(deal, 'K'));
    }
  });
  it('a dealt base keeps deal N exactly, Eagle Wing and the family alike', () => {
    for (const preset of ['strict', 'pysol', 'canfield', 'chameleon']) expect(dealString('3', '--preset', preset), preset).toBe(DEAL_3);
  });
  it('a fixed-base deal is solved and its solution replays in verify, by number and by deal string', () => {
    for (const preset of ['acme', 'storehouse']) {
      const solved = run('solve', '2', '--preset', preset, '--json');
      expect(solved.code, solved.stderr).toBe(0);
      const report = JSON.parse(solved.stdout) as { deal: string; moves: string };
      expect(report.deal).toBe(fixedBaseByHand(dealString('2'), preset === 'acme' ? 'A' : '2'));
      expect(run('verify', '2', '--preset', preset, '--moves', report.moves).code).toBe(0);
      expect(run('verify', '--deal', report.deal, '--preset', preset, '--moves', report.moves).code).toBe(0);
    }
    // a lost deal is an answer too (exit 1), not a refusal
    expect(run('solve', '3', '--preset', 'acme').code).toBe(1);
  });
  it('sim --preset storehouse: every won row replays in verify', () => {
    const result = run('sim', '--preset', 'storehouse', '--deals', '12', '--workers', '1', '--quiet', '--no-timing', '--out', '-');
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.trim().split('\n').slice(1).map((row) => row.split(','));
    expect(rows).toHaveLength(12);
    const won = rows.filter((row) => row[4] === 'won');
    expect(won.length).toBeGreaterThan(0);
    for (const row of won) expect(run('verify', row[0], '--preset', 'storehouse', '--moves', row[8]).code, row[0]).toBe(0);
  });
});

describe('deal strings for a fixed base are checked (RULES §10.9)', () => {
  it('foundation slots without the four base cards: exit 2 naming the slots, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eaglewing-fixed-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    // DEAL_3 has 5C 3S AC JS in d[17] … d[20]
    expectBadInput(run('solve', '--deal', DEAL_3, '--preset', 'acme', '--html', join(dir, 'page.html')), /cards 18-21 .*card 18 is 5C/);
    expectBadInput(run('verify', '--deal', DEAL_3, '--preset', 'storehouse', '--moves', 'T'), 'cards 18-21');
    // three 2s and a 3 in the slots: the 3 is named
    const swapped = fixedBaseByHand(DEAL_3, '2').replace('2S', '##').replace('3C', '2S').replace('##', '3C');
    expectBadInput(run('verify', '--deal', swapped, '--preset', 'storehouse', '--moves', 'T'), 'card 21 is 3C');
    // a deals file: its line is named, and nothing is solved or written
    const file = join(dir, 'deals.txt');
    writeFileSync(file, `${fixedBaseByHand(DEAL_3, 'A')}\n${DEAL_3}\n`);
    expectBadInput(run('solve', '--deals-file', file, '--preset', 'acme'), /line 2: .*cards 18-21/);
    expect(readdirSync(dir)).toEqual(['deals.txt']);
    // the same string is a good deal where the base is dealt, and any order of the four base cards is taken (one legal turn: exit 1, incomplete)
    expect(run('verify', '--deal', DEAL_3, '--preset', 'canfield', '--moves', 'T').code).toBe(1);
    const shuffledBase = fixedBaseByHand(DEAL_3, 'A').replace('AC AD AH AS', 'AS AH AC AD');
    expect(run('verify', '--deal', shuffledBase, '--preset', 'acme', '--moves', 'T').code).toBe(1);
  });
  it('k + n + f over 52 is refused', () => {
    const deck = Array.from({ length: 52 }, (_, card) => card);
    expect(validateDealShape(deck, { trunk: 45, wings: 4, wingCards: 1, fixedBase: 0, baseShuffled: false, decks: 1 }).ok).toBe(false);
    expect(validateDealShape(deck, { trunk: 47, wings: 4, wingCards: 1, fixedBase: -1, baseShuffled: false, decks: 1 }).ok).toBe(true);
    expect(validateDealShape(deck, { trunk: 48, wings: 4, wingCards: 1, fixedBase: -1, baseShuffled: false, decks: 1 }).ok).toBe(false);
  });
});

describe("--pysol and --numbering pysol: each family preset's own PySolFC game (RULES §10.11)", () => {
  it("deal --pysol N --preset P is PySolFC's deal of P's game N, as the fixture has it", () => {
    for (const preset of ['storehouse', 'acme', 'rainfall', 'chameleon']) {
      const rows = FAMILY_ROWS.filter((row) => row.preset === preset);
      // one of PySolFC's Microsoft-compatible numbers, one of its Mersenne Twister's
      for (const row of [rows[0], rows.find((entry) => /^[0-9]{6,}$/.test(entry.number))!]) {
        expect(dealString('--pysol', row.number, '--preset', preset), `${preset} ${row.number}`).toBe(row.deal);
      }
    }
    // without --preset, still Eagle Wing (game 112)
    expect(dealString('--pysol', 'ms3')).toBe(fixtureDeal('pysol', 'ms3'));
  });
  it('sim --numbering pysol plays each preset on its own game\'s deals: won rows replay on the fixture\'s deal', () => {
    const presets = ['canfield', 'superior-canfield', 'rainfall', 'canfield-rush', 'rainbow', 'storehouse', 'chameleon', 'acme', 'casino-canfield'];
    const result = run('sim', '--numbering', 'pysol', '--preset', presets.join(','), '--from', '2', '--deals', '1', '--max-nodes', '20000', '--workers', '1', '--quiet', '--no-timing', '--out', '-');
    expect(result.code, result.stderr).toBe(0);
    const rows = result.stdout.trim().split('\n').slice(1).map((row) => row.split(','));
    expect(rows.map((row) => row[1])).toEqual(presets);
    const won = rows.filter((row) => row[4] === 'won');
    expect(won.length).toBeGreaterThanOrEqual(2);
    for (const row of won) {
      const replay = run('verify', '--deal', fixtureDeal(row[1], 'ms2'), '--preset', row[1], '--moves', row[8]);
      expect(replay.code, `${row[1]}: ${replay.stderr}`).toBe(0);
    }
  });
  it('the sv-* presets have no PySolFC numbering: exit 2 naming the preset, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eaglewing-sv-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    expectBadInput(run('sim', '--numbering', 'pysol', '--preset', 'canfield,sv-canfield', '--deals', '2', '--out', join(dir, 'rows.csv')), 'sv-canfield');
    expectBadInput(run('solve', '--pysol', '5', '--preset', 'sv-canfield-strict'), 'sv-canfield-strict');
    expectBadInput(run('pick', '--numbering', 'pysol', '--preset', 'sv-canfield', '--count', '1'), 'sv-canfield');
    expect(readdirSync(dir)).toEqual([]);
  });
  it("a family preset's layout cannot be changed under PySolFC's numbers (its game deals only its own)", () => {
    expectBadInput(run('deal', '--pysol', '5', '--preset', 'rainfall', '--trunk', '10'), 'game 99');
    expectBadInput(run('deal', '--pysol', '5', '--preset', 'storehouse', '--base', '3'), 'game 100');
    expectBadInput(run('deal', '--pysol', '5', '--preset', 'coops', '--base', '2'), 'game 112');
  });
});
