// --solvitaire in deal, solve, verify and hint, and --numbering solvitaire in sim and sweep: Solvitaire's seeds as its user types them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solvitairePrintedDeals, type SolvitairePrintedDeal } from './helpers.js';
import { expectBadInput, runCli } from './cli-runner.js';

const run = (...args: string[]) => runCli(args);

const FIXTURE = solvitairePrintedDeals();
const printed = (type: string, seed: number) => FIXTURE.find((entry) => entry.type === type && entry.seed === seed)!;
const card = (name: string) => name.replace(/^10/, 'T');

/** A deal string cut as RULES §10.9 cuts a Canfield deal, the wings sorted (Solvitaire prints its piles sorted, not in deal order). */
function cut(deal: string) {
  const cards = deal.trim().split(' ');
  return { trunk: cards.slice(0, 13), wings: cards.slice(13, 17).sort(), base: cards[17], stock: cards.slice(18) };
}

/** The same from what Solvitaire printed: reserve bottom first is the trunk; its stock bottom first, reversed. */
function fromFixture(entry: SolvitairePrintedDeal) {
  return {
    trunk: entry.reserve[0].map(card),
    wings: entry['tableau piles'].map((pile) => card(pile[0])).sort(),
    base: card(entry.foundations.flatMap((pile) => (Array.isArray(pile) ? pile : []))[0]),
    stock: [...entry.stock].reverse().map(card),
  };
}

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let scratch = '';
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'eaglewing-sv-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('eaglewing --solvitaire', () => {
  it('solve writes no progress line where standard error is not a terminal: a pipe gets the result alone', () => {
    // seed 121 searches past a second, where a terminal would show how it goes
    const result = run('solve', '--solvitaire', '121', '--max-nodes', '300000', '--json');
    // unknown is exit 1 (README, "Exit codes")
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ result: 'unknown', nodes: 300000 });
  });
  it("deal --solvitaire prints the deal Solvitaire printed for that seed, under both presets", () => {
    for (const [type, preset] of [['canfield', 'sv-canfield'], ['canfield-strict', 'sv-canfield-strict']]) {
      for (const seed of [0, 1, 49, 112, 2147483647]) {
        const result = run('deal', '--solvitaire', String(seed), '--preset', preset, '--string');
        expect(result.code, result.stderr).toBe(0);
        expect(cut(result.stdout), `${type} seed ${seed}`).toEqual(fromFixture(printed(type, seed)));
      }
    }
  });

  it('without --preset it plays sv-canfield; --json names the seed and lays out four wings', () => {
    expect(run('deal', '--solvitaire', '0').stdout).toMatch(/^Solvitaire seed 0 {2}\(sv-canfield: /);
    const description = JSON.parse(run('deal', '--solvitaire', '0', '--json').stdout);
    const expected = fromFixture(printed('canfield', 0));
    expect(description.solvitaire).toBe(0);
    expect(description.number).toBeNull();
    expect(description.trunk).toEqual(expected.trunk);
    expect([...description.wings].sort()).toEqual(expected.wings);
    expect(description.base).toBe(expected.base);
    expect(description.stock).toEqual(expected.stock);
  });

  it('solve, verify and hint play the same deal: the solution solve finds verifies from the seed and from the deal string', () => {
    const solved = JSON.parse(run('solve', '--solvitaire', '0', '--json').stdout);
    expect(solved.result).toBe('won');
    expect(cut(solved.deal)).toEqual(fromFixture(printed('canfield', 0)));
    expect(run('verify', '--solvitaire', '0', '--moves', solved.moves).code).toBe(0);
    expect(run('verify', '--deal', solved.deal, '--preset', 'sv-canfield', '--moves', solved.moves).code).toBe(0);
    // another seed's deal does not take the same moves to a win
    expect(run('verify', '--solvitaire', '1', '--moves', solved.moves).code).toBe(1);
    const hint = JSON.parse(run('hint', '--solvitaire', '0', '--json').stdout);
    expect(hint.deal).toBe(solved.deal);
  });

  it('refuses, exit 2 and one line, a preset Solvitaire does not deal, a changed deal shape, a bad seed, and two deals at once', () => {
    expectBadInput(run('deal', '--solvitaire', '0', '--preset', 'canfield'), /preset canfield has no Solvitaire numbering/);
    expectBadInput(run('solve', '--solvitaire', '0', '--preset', 'coops'), /preset coops has no Solvitaire numbering/);
    expectBadInput(run('verify', '--solvitaire', '0', '--preset', 'pysol', '--moves', 'T'), /preset pysol has no Solvitaire numbering/);
    expectBadInput(run('hint', '--solvitaire', '0', '--preset', 'strict'), /preset strict has no Solvitaire numbering/);
    expectBadInput(run('deal', '--solvitaire', '0', '--trunk', '12'), /trunk=12/);
    for (const seed of ['-1', '2147483648', '1.5', 'x']) expectBadInput(run('deal', '--solvitaire', seed), /Solvitaire seed .* 0 to 2147483647/);
    expectBadInput(run('deal', '3', '--solvitaire', '3'), /give one deal/);
    expectBadInput(run('deal', '--pysol', '3', '--solvitaire', '3'), /give one deal/);
  });

  it('refuses before writing anything: solve --html and sim/sweep outputs under a preset Solvitaire does not deal', () => {
    const html = join(scratch, 'game.html');
    expectBadInput(run('solve', '--solvitaire', '0', '--preset', 'canfield', '--html', html), /preset canfield/);
    expect(existsSync(html)).toBe(false);
    const out = join(scratch, 'deals.csv');
    const summary = join(scratch, 'summary.csv');
    expectBadInput(run('sim', '--numbering', 'solvitaire', '--preset', 'sv-canfield,canfield', '--deals', '2', '--out', out, '--summary', summary), /preset canfield has no Solvitaire numbering/);
    expectBadInput(run('sim', '--numbering', 'solvitaire', '--from', '2147483647', '--deals', '2', '--out', out), /Solvitaire's last seed/);
    const chart = join(scratch, 'chart.svg');
    expectBadInput(run('sweep', '--numbering', 'solvitaire', '--preset', 'coops', '--vary', 'redeals=0..1', '--deals', '2', '--out', out, '--chart', chart), /preset coops has no Solvitaire numbering/);
    expectBadInput(run('sweep', '--numbering', 'solvitaire', '--vary', 'trunk=12..13', '--deals', '2', '--out', out), /trunk=12/);
    for (const file of [out, summary, chart]) expect(existsSync(file), file).toBe(false);
    expectBadInput(run('pick', '--numbering', 'solvitaire', '--preset', 'coops', '--count', '1'), /preset coops has no Solvitaire numbering/);
    expectBadInput(run('pick', '--numbering', 'solvitaire', '--from', '2147483647', '--to', '2147483648', '--count', '1'), /Solvitaire's last seed/);
  });
});

describe('eaglewing sim --numbering solvitaire', () => {
  it("solves Solvitaire's seeds under sv-canfield when no preset is given, each row the seed's deal", () => {
    const out = join(scratch, 'seeds.csv');
    const result = run('sim', '--numbering', 'solvitaire', '--from', '1', '--deals', '3', '--workers', '1', '--out', out, '--quiet', '--json');
    expect(result.code, result.stderr).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
    expect(rows.map((row) => [row[0], row[1]])).toEqual([['1', 'sv-canfield'], ['2', 'sv-canfield'], ['3', 'sv-canfield']]);
    for (const row of rows) expect(row[2]).toMatch(/;numbering=solvitaire$/);
    // each row's verdict is that of the seed's deal, solved alone
    for (const row of rows) {
      const alone = JSON.parse(run('solve', '--solvitaire', row[0], '--json').stdout);
      expect(row[4], `seed ${row[0]}`).toBe(alone.result);
    }
  });
});
