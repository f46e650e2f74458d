// --pysol in deal, solve and verify, and --numbering pysol in sim: PySolFC's game numbers as a player types them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDeal } from '../src/deal.js';
import { Game } from '../src/engine.js';
import { resolveRules } from '../src/rules.js';
import { FIXTURES, playTokens } from './helpers.js';
import { runCli } from './cli-runner.js';

const run = (...args: string[]) => runCli(args);
const FIXTURE = new Map(
  readFileSync(join(FIXTURES, 'pysolfc-deals.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .map(([number, deal, verdict]) => [number, { deal, verdict }]),
);

describe('eaglewing --pysol', () => {
  it('deal --pysol gives PySolFC\'s deal, in every form PySolFC accepts', () => {
    // #ms12: PySolFC's status bar, copied as it shows games 1-31999
    for (const form of ['12', '#12', '00000000000000000012', '1,2', 'ms12', '#ms12', ' #ms12\u00A0']) {
      expect(run('deal', '--pysol', form, '--string').stdout.trim(), form).toBe(FIXTURE.get('12')!.deal);
    }
    expect(run('deal', '--pysol', '76363725874627961854', '--string').stdout.trim()).toBe(FIXTURE.get('76363725874627961854')!.deal);
  });
  it('without --preset it plays pysol; with another preset it deals the same cards under those rules', () => {
    expect(run('solve', '--pysol', '4').stdout).toMatch(/^PySolFC game 4 {2}\(pysol:/);
    const coops = JSON.parse(run('solve', '--pysol', '4', '--preset', 'coops', '--json').stdout);
    expect(coops.deal).toBe(FIXTURE.get('4')!.deal);
    expect(coops.rules).toContain('trunk-play=last;');
  });
  it("JSON steps come in the order PySolFC plays them: whenever the waste is empty, PySolFC's own turn comes next", () => {
    const json = JSON.parse(run('solve', '--pysol', '1', '--json').stdout);
    const rules = resolveRules('pysol');
    const deck = parseDeal(json.deal);
    const game = new Game(deck, rules);
    let automatic = 0;
    for (const step of json.steps as { move: string; automatic: boolean }[]) {
      const pysolTurns = game.wasteCount() === 0 && game.stockCount() > 0;
      expect(step.automatic, step.move).toBe(pysolTurns);
      if (pysolTurns) expect(step.move).toMatch(/^T\(/);
      if (step.automatic) automatic++;
      playTokens(game, step.move.replace(/\(.*\)$/, ''));
    }
    expect(automatic).toBeGreaterThan(1);
    expect(run('verify', '--pysol', '1', '--moves', json.steps.map((step: { move: string }) => step.move).join(' ')).code).toBe(0);
  });
  it('deal --pysol shows the table as PySolFC does after its first turn, and which wing is which PySolFC pile', () => {
    const stock = JSON.parse(run('deal', '--pysol', '5', '--json').stdout).stock as string[];
    const text = run('deal', '--pysol', '5').stdout;
    expect(text).toContain(`Stock 29   Waste 1 ${stock[0]}`);
    expect(text).toContain('W1-W4 are the four left of the trunk, from the far left in');
    // under rules PySolFC cannot play, the deal is shown as eaglewing deals it, and nothing is said of PySolFC's piles
    const coops = run('deal', '--pysol', '5', '--preset', 'coops').stdout;
    expect(coops).toContain('Stock 30   Waste 0');
    expect(coops).not.toContain('PySolFC shows');
  });
  it("deal --pysol under a family game: PySolFC's first turn only where it makes one, and no Eagle Wing piles", () => {
    // Dutchess turns nothing until the base is chosen (RULES §10.11): every trunk card is drawn, the waste empty
    const dutchess = run('deal', '--pysol', '3', '--preset', 'dutchess').stdout;
    const json = JSON.parse(run('deal', '--pysol', '3', '--preset', 'dutchess', '--json').stdout);
    json.trunks.forEach((trunk: string[], k: number) => expect(dutchess).toContain(`K${k + 1} [${trunk.length}] ${trunk.join(' ')}`));
    expect(dutchess).toContain(`Stock ${json.stock.length}   Waste 0 --`);
    expect(dutchess).toContain('it turns no card up');
    const canfield = run('deal', '--pysol', '3', '--preset', 'canfield').stdout;
    expect(canfield).toMatch(/Stock 31 {3}Waste 3 /);
    expect(canfield).toContain('after the turn it makes by itself');
    for (const text of [dutchess, canfield]) expect(text).not.toContain('W1-W4');
  });
  it('under a preset PySolFC cannot play, nothing claims PySolFC turns a card', () => {
    const text = run('solve', '--pysol', '1', '--preset', 'coops');
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(/PySolFC (turns|makes)/);
    const json = JSON.parse(run('solve', '--pysol', '1', '--preset', 'coops', '--json').stdout);
    expect(json.steps.some((step: object) => 'automatic' in step)).toBe(false);
    expect(json.steps.map((step: { move: string }) => step.move).join(' ')).toBe(json.moves);
  });
  it('sim --numbering pysol without --preset plays pysol, as --pysol does', () => {
    const rows = run('sim', '--numbering', 'pysol', '--from', '617', '--deals', '2', '--quiet', '--no-timing', '--out', '-').stdout.trim().split('\n').slice(1);
    expect(rows.map((row) => row.split(',').slice(0, 2).join(','))).toEqual(['617,pysol', '618,pysol']);
    expect(run('sim', '--numbering', 'pysol', '--preset', 'coops', '--deals', '1', '--quiet', '--out', '-').stdout).toContain('\n1,coops,');
  });
  it('a bad number is exit 2, naming the accepted forms', () => {
    for (const bad of ['0', 'ms0', '#ms0', 'ms#12', '123456789012345678901', 'twelve']) {
      const result = run('solve', '--pysol', bad);
      expect(result.code, bad).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    expect(run('deal', '--pysol', 'twelve').stderr).toContain('ms1 to ms');
    expect(run('solve', '3', '--pysol', '3').code).toBe(2);
  });
  it('a won game: the text shows trunk fills and PySolFC\'s own turns unnumbered; the JSON keeps every token, with fills', () => {
    const text = run('solve', '--pysol', '1');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('trunk → wing');
    expect(text.stdout).toMatch(/\(PySolFC turns up .. by itself\)/);
    expect(text.stdout).toMatch(/the last trunk card, .., turns face up/);
    const json = JSON.parse(run('solve', '--pysol', '1', '--json').stdout);
    // the same tokens as moves, in the same order (PySolFC's), and that line wins
    expect(json.steps.map((step: { move: string }) => step.move).join(' ')).toBe(json.moves);
    expect(run('verify', '--pysol', '1', '--moves', json.moves).code).toBe(0);
    expect(json.steps.some((step: { fills: unknown[] }) => step.fills.length > 0)).toBe(true);
    // PySolFC turns the first card as it deals, before the player's first move
    expect(json.steps[0].automatic).toBe(true);
    // the text numbers only what the player does
    const numbered = text.stdout.split('\n').filter((line) => /^\s*\d+\. /.test(line)).length;
    const automatic = json.steps.filter((step: { automatic: boolean }) => step.automatic).length;
    expect(numbered + automatic).toBe(json.steps.length);
    expect(run('verify', '--pysol', '1', '--moves', json.moves).code).toBe(0);
  });
  it('sim --numbering pysol: rows carry PySolFC numbers and their numbering, verdicts as PySolFC\'s games have them', () => {
    const result = run('sim', '--numbering', 'pysol', '--preset', 'pysol', '--from', '31990', '--deals', '20', '--quiet', '--json');
    expect(result.code).toBe(0);
    const csv = run('sim', '--numbering', 'pysol', '--preset', 'pysol', '--from', '31990', '--deals', '20', '--quiet', '--out', '-').stdout.trim().split('\n').slice(1);
    for (const row of csv) {
      const [deal, , rules, , verdict] = row.split(',');
      expect(rules.endsWith(';numbering=pysol')).toBe(true);
      expect(verdict, deal).toBe(FIXTURE.get(deal)!.verdict);
    }
    expect(csv).toHaveLength(20);
  });
});
