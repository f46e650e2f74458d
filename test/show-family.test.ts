// The Canfield family shown to a person: the drawing's wings and trunk, the narrated solution and the --html page, checked from the deal and a stock model of our own.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCard } from '../src/cards.js';
import { parseDeal, type Deck } from '../src/deal.js';
import { parseMoveList } from '../src/notation.js';
import { resolveRules } from '../src/rules.js';
import { verify } from '../src/verify.js';
import { runCli } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-show-family-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The wing labels a drawing shows, in the order they appear. */
function wingLabels(drawing: string): string[] {
  return [...drawing.matchAll(/\bW(\d)\b/g)].map((match) => match[1]);
}

/** Cards deck[from … to-1], as RULES §2 writes them. */
function cardsOf(deck: Deck, from: number, to: number): string[] {
  return Array.from(deck.subarray(from, to), formatCard);
}

describe('the drawing (deal, solve, hint)', () => {
  // wings per RULES §10: Canfield deals four, Chameleon three, Eagle Wing eight
  for (const [preset, wings, trunk] of [['canfield', 4, 13], ['chameleon', 3, 12], ['superior-canfield', 4, 13], ['strict', 8, 13]] as const) {
    it(`${preset}: exactly W1…W${wings}, each with the card dealt to it`, () => {
      const deck = parseDeal(runCli(['deal', '5', '--preset', preset, '--string']).stdout.trim());
      const result = runCli(['deal', '5', '--preset', preset]);
      expect(result.code, result.stderr).toBe(0);
      expect([...wingLabels(result.stdout)].sort()).toEqual(Array.from({ length: wings }, (_, i) => String(i + 1)));
      expect(result.stdout).not.toContain('(space)');
      for (let wing = 0; wing < wings; wing++) expect(result.stdout).toMatch(new RegExp(`W${wing + 1}  ${formatCard(deck[trunk + wing])}\\b`));
    });
  }
  it('a face-up trunk (superior-canfield) shows all its cards, bottom first; a face-down one (canfield) only its top', () => {
    const deck = parseDeal(runCli(['deal', '5', '--preset', 'canfield', '--string']).stdout.trim());
    const up = runCli(['deal', '5', '--preset', 'superior-canfield']).stdout;
    expect(up).toContain(cardsOf(deck, 0, 13).join(' '));
    const down = runCli(['deal', '5', '--preset', 'canfield']).stdout;
    expect(down).toContain(`Trunk [13] ${formatCard(deck[12])}`);
    for (const card of cardsOf(deck, 0, 12)) expect(down).not.toMatch(new RegExp(`Trunk.*${card}`));
  });
  it('hint on a three-card game draws four wings and names every card of a turn', () => {
    const result = runCli(['hint', '3', '--preset', 'canfield', '--after', 'W2F T']);
    expect(result.code, result.stderr).toBe(0);
    expect([...wingLabels(result.stdout.split('WINNABLE')[0])].sort()).toEqual(['1', '2', '3', '4']);
    expect(result.stdout).toMatch(/T\((\w\w)\)\s+turn 3 cards: \w\w \w\w (\w\w), \1 on top/);
  });
});

/**
 * Our own model of the stock and waste (RULES §10.8): a turn moves up to k cards from the stock
 * to the waste in dealing order, a waste move takes the waste's top, a redeal turns the waste over.
 * Returns, per turn, the cards it turns.
 */
function turnsOf(deck: Deck, stockStart: number, tokens: string, perPass: (pass: number) => number): string[][] {
  let stock = cardsOf(deck, stockStart, 52);
  let waste: string[] = [];
  let pass = 0;
  const turns: string[][] = [];
  for (const move of parseMoveList(tokens)) {
    if (move.source === 'T') {
      const turned = stock.slice(0, perPass(pass));
      stock = stock.slice(turned.length);
      waste.push(...turned);
      turns.push(turned);
      expect(turned.at(-1)).toBe(formatCard(move.card));
    } else if (move.source === 'R') {
      stock = waste;
      waste = [];
      pass++;
    } else if (move.source === 'X') {
      expect(waste.pop()).toBe(formatCard(move.card));
    }
  }
  return turns;
}

/** What a player reads for one token, written here from RULES §5 and §10.10 rather than taken from the narrator. */
function expectedWords(token: string, turned: string[] | undefined): RegExp {
  const match = /^(\d*)(T|R|X|K|S|W\d)(F|W\d)?(?:\((\w\w)\))?$/.exec(token);
  if (!match) throw new Error(`token ${token}`);
  const [, count, source, target, card] = match;
  if (source === 'T') return turned!.length > 1 ? new RegExp(`^turn ${turned!.length} cards: ${turned!.join(' ')}, ${card} on top$`) : new RegExp(`^turn ${card}$`);
  if (source === 'R') return /^redeal/;
  const from = { X: 'waste', K: 'trunk', S: 'stock' }[source] ?? `wing ${source[1]}`;
  const to = target === 'F' ? 'foundation' : `wing ${target[1]}`;
  return new RegExp(`^${count ? `${count} cards from ` : ''}${card} ${from} → ${to}$`);
}

/** The page's data: the positions it plays back and the move list. */
function pageData(file: string) {
  const html = readFileSync(file, 'utf8');
  const json = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html)![1];
  return JSON.parse(json) as {
    moves: { label: string; kind: string }[];
    views: { wings: string[][]; foundations: string[][]; trunkLeft: number; trunkCard: string | null; trunkCards?: string[] }[];
  };
}

describe('the narrated solution and the page (solve --html)', () => {
  // RULES §10: canfield turns three cards a time and fills spaces from the trunk; superior-canfield deals its trunk face up and fills by hand
  for (const [preset, deal, autoFill] of [['canfield', '3', true], ['superior-canfield', '3', false]] as const) {
    it(`${preset} ${deal}: every move of the verified line told in order, turns with their cards, fills from the trunk's top down, and a page that ends with 52 cards on the foundations`, () => {
      const html = join(dir, `${preset}.html`);
      const result = runCli(['solve', deal, '--preset', preset, '--json', '--html', html]);
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as { deal: string; moves: string; result: string };
      expect(report.result).toBe('won');
      const deck = parseDeal(report.deal);
      const rules = resolveRules(preset);
      const moves = parseMoveList(report.moves);
      expect(verify(deck, rules, moves).status).toBe('ok');
      const tokens = report.moves.split(' ');
      // the stock starts after the trunk (13), the four wings and the base card
      const turns = turnsOf(deck, 13 + 4 + 1, report.moves, () => 3);
      expect(turns.some((turned) => turned.length === 3)).toBe(true);

      const text = runCli(['solve', deal, '--preset', preset]);
      expect(text.code, text.stderr).toBe(0);
      const solution = text.stdout.split(/Solution, \d+ moves:\n/)[1].split('\n');
      const told = solution.filter((line) => /^\s*\d+\. /.test(line)).map((line) => line.replace(/^\s*\d+\. /, ''));
      expect(told).toHaveLength(tokens.length);
      let turn = 0;
      tokens.forEach((token, i) => expect(told[i]).toMatch(expectedWords(token, token.startsWith('T') ? turns[turn++] : undefined)));
      // trunk cards leave from the top (deck[12]) down, by trunk moves and by fills alike
      const fills = solution.filter((line) => /^\s+trunk → wing/.test(line));
      expect(fills.length > 0).toBe(autoFill);
      const taken = [...text.stdout.matchAll(/^\s*\d+\. (\w\w) trunk →|^\s+trunk → wing \d: (\w\w)$/gm)].map((match) => match[1] ?? match[2]);
      expect(taken).toEqual(cardsOf(deck, 0, 13).reverse().slice(0, taken.length));

      const page = pageData(html);
      expect(page.views.every((view) => view.wings.length === 4)).toBe(true);
      expect(page.views[0].wings.map((wing) => wing.join(' '))).toEqual(cardsOf(deck, 13, 17));
      const last = page.views.at(-1)!;
      expect(last.foundations.flat()).toHaveLength(52);
      expect(last.wings.flat()).toHaveLength(0);
      // each move's label reads as the text does, in the same order
      expect(page.moves.filter((move) => move.kind === 'move').map((move) => move.label.replace(/^\d+\. /, ''))).toEqual(told);
      for (const view of page.views) {
        if (rules.trunkFace === 'up') expect(view.trunkCards).toEqual(cardsOf(deck, 0, view.trunkLeft));
        else expect(view.trunkCards).toBeUndefined();
        expect(view.trunkCard).toBe(view.trunkLeft === 0 ? null : formatCard(deck[view.trunkLeft - 1]));
      }
    });
  }
  it('canfield-rush turns three, then two, then one card a pass, and the page says so', () => {
    const html = join(dir, 'rush.html');
    const result = runCli(['solve', '1', '--preset', 'canfield-rush', '--json', '--html', html]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as { deal: string; moves: string };
    const turns = turnsOf(parseDeal(report.deal), 18, report.moves, (pass) => Math.max(1, 3 - pass));
    const told = pageData(html).moves.map((move) => move.label.replace(/^\d+\. /, '')).filter((label) => label.startsWith('turn'));
    expect(told).toHaveLength(turns.length);
    told.forEach((label, i) => expect(label).toMatch(expectedWords(`T(${turns[i].at(-1)})`, turns[i])));
    expect(told.some((label) => label.startsWith('turn 2 cards'))).toBe(true);
  });
});
