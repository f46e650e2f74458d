// The independent verifier on the Canfield family: PySolFC's own legal moves at every position of its playouts, and GAMES.md's cases no PySolFC game reaches.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCard, parseCardToken, SUITS, RANKS } from '../src/cards.js';
import { parseDeal } from '../src/deal.js';
import { InputError } from '../src/errors.js';
import { parseMove, parseMoveList } from '../src/notation.js';
import { resolveRules, type RuleOverrides } from '../src/rules.js';
import { verify, VerifyTable } from '../src/verify.js';
import { ROOT } from './helpers.js';

interface Step {
  legal: string[];
  move: string;
  auto?: string[];
}
interface Playout {
  game: number;
  preset: string;
  number: string;
  deal: string;
  auto: string[];
  won: boolean;
  steps: Step[];
}

const fixture = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'pysolfc-family-moves.json'), 'utf8')) as { playouts: Playout[] };

/** A token without its bracketed card: what the candidate moves below are written as. */
const bare = (token: string) => token.replace(/\(.*\)$/, '').toUpperCase();

/** Whether `token` is legal on `table`, tried on a copy. */
function accepts(table: VerifyTable, token: string): boolean {
  return table.copy().play(parseMove(token)) === '';
}

/**
 * Every move token that can be written for the position, legal or not (GAMES.md G4): T, R, the waste,
 * trunk and wing tops to the foundations, the waste, trunk and stock onto each wing, and every count of
 * cards from each wing onto each other wing, up to the wing's height.
 */
function candidates(table: VerifyTable): string[] {
  const n = table.wings.length;
  const tokens = ['T', 'R', 'XF', 'KF'];
  for (let j = 1; j <= n; j++) tokens.push(`XW${j}`, `KW${j}`, `SW${j}`, `W${j}F`);
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= n; j++) {
      if (i === j) continue;
      for (let count = 1; count <= table.wings[i - 1].length; count++) tokens.push(`${count > 1 ? count : ''}W${i}W${j}`);
    }
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
    expect([...presets].sort()).toEqual(['acme', 'canfield', 'canfield-rush', 'chameleon', 'pysol', 'rainbow', 'rainfall', 'storehouse', 'superior-canfield']);
    expect(fixture.playouts.length).toBe(270);
  });

  it.each(fixture.playouts.map((playout) => [playout.preset, playout.number, playout] as const))('%s %s: the legal set at every step is PySolFC\'s', (_, __, playout) => {
    const rules = resolveRules(playout.preset);
    const deck = parseDeal(playout.deal);
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
      const accepted = candidates(table).filter((token) => accepts(table, token));
      expect(accepted.sort(), where).toEqual(step.legal.map(bare).sort());
      for (const token of [step.move, ...(step.auto ?? [])]) {
        play(table, token, where);
        played.push(token);
      }
    });
    // the whole line through verify(): never illegal, and won exactly when PySolFC says so
    const result = verify(deck, rules, parseMoveList(played.join(' ')));
    expect(result.status).toBe(playout.won ? 'ok' : 'incomplete');
  });
});

// Unit cases from GAMES.md for rules no PySolFC preset uses. Deals are built from the piles they need.

/** A deal string with the named cards where G2 puts them; every other card fills the stock, then the trunk's bottom. */
function dealOf(layout: { trunk?: string[]; trunkSize: number; wings: string[]; foundations: string[]; stock?: string[] }): string {
  const named = [...(layout.trunk ?? []), ...layout.wings, ...layout.foundations, ...(layout.stock ?? [])];
  const rest: string[] = [];
  for (const suit of SUITS) for (const rank of RANKS) if (!named.includes(rank + suit)) rest.push(rank + suit);
  const trunk = [...rest.splice(0, layout.trunkSize - (layout.trunk ?? []).length), ...(layout.trunk ?? [])];
  const cards = [...trunk, ...layout.wings, ...layout.foundations, ...(layout.stock ?? []), ...rest];
  expect(new Set(cards.map(parseCardToken)).size).toBe(52);
  return cards.join(' ');
}

function run(deal: string, preset: string, overrides: RuleOverrides, moves: string) {
  return verify(parseDeal(deal), resolveRules(preset, overrides), parseMoveList(moves));
}

