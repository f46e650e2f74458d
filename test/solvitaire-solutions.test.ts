// Solvitaire's own winning lines, converted into RULES §5 moves and replayed in eaglewing's verifier: every state on the way must be the one Solvitaire printed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCard, parseCardToken } from '../src/cards.js';
import { parseMove } from '../src/notation.js';
import { canfieldDealFromSolvitaireSeed } from '../src/numbering/solvitaire.js';
import { resolveRules } from '../src/rules.js';
import { verify, VerifyTable } from '../src/verify.js';

/*
 * The fixture (scripts/solvitaire/canfield_solutions.py) holds, for 12 seeds of each of Solvitaire's
 * canfield and canfield-strict, every state Solvitaire printed along its winning line. Each step from one
 * state to the next is converted here, from the two states alone: the card that moved is found by where it
 * went (a foundation, or the top of a pile that grew), its source by where it was, and a waste card's turns
 * by turning the verifier's own stock until that card is the waste's top. The verifier must accept the
 * moves, and the table it reaches must be Solvitaire's next state. So Solvitaire's lines are legal under
 * eaglewing's reading of its rules (RULES §10's presets `sv-canfield`, `sv-canfield-strict`), and each of its moves
 * does there what it does in Solvitaire. Two of Solvitaire's habits are read as RULES §10.12 says:
 * - it fills a space from the reserve as a step of its own; under trunkFill auto that is no move;
 * - it turns the waste over as soon as a move empties the stock (RULES §10.12): an `R` at once.
 */

type PrintedState = [string[], string[], string, string, string];
interface PrintedLine {
  type: 'canfield' | 'canfield-strict';
  seed: number;
  states: PrintedState[];
}
const FIXTURE = JSON.parse(readFileSync(new URL('./fixtures/solvitaire-canfield-solutions.json', import.meta.url), 'utf8')) as { solutions: PrintedLine[] };
const PRESETS = { canfield: 'sv-canfield', 'canfield-strict': 'sv-canfield-strict' } as const;

/** Solvitaire writes ten as `10`. */
function card(name: string): number {
  const parsed = parseCardToken(name.replace(/^10/, 'T'));
  if (parsed < 0) throw new Error(`not a card: ${name}`);
  return parsed;
}
function cards(text: string): number[] {
  return text === '' ? [] : text.split(' ').map(card);
}

/** A table as the two programs can both show it: the wings as a set (Solvitaire prints them sorted), the rest as is. */
interface Shown {
  foundationTops: string;
  wings: string;
  trunk: string;
  stock: string;
  waste: string;
}
const names = (pile: number[]) => pile.map(formatCard).join(' ');

function shownTable(table: VerifyTable): Shown {
  return {
    foundationTops: table.foundations.filter((pile) => pile.length > 0).map((pile) => formatCard(pile[pile.length - 1])).sort().join(' '),
    wings: table.wings.map(names).sort().join(' | '),
    trunk: names(table.trunkCards),
    stock: names(table.stock),
    waste: names(table.waste),
  };
}

/** A printed state; a space Solvitaire has not filled yet from a non-empty reserve is filled, as trunkFill auto does at once. */
function shownPrinted([foundations, piles, reserve, stock, waste]: PrintedState): Shown {
  const wings = piles.map(cards);
  const trunk = cards(reserve);
  for (const wing of wings) if (wing.length === 0 && trunk.length > 0) wing.push(trunk.pop()!);
  return {
    foundationTops: foundations.filter((top) => top !== '').map((top) => formatCard(card(top))).sort().join(' '),
    wings: wings.map(names).sort().join(' | '),
    trunk: names(trunk),
    stock: names(cards(stock)),
    waste: names(cards(waste)),
  };
}

const sameShown = (a: Shown, b: Shown) => JSON.stringify(a) === JSON.stringify(b);

/** Plays tokens on a copy of `table`; the copy, or undefined when the verifier refuses one. */
function played(table: VerifyTable, tokens: string[]): VerifyTable | undefined {
  const copy = table.copy();
  for (const token of tokens) if (copy.play(parseMove(token)) !== '') return undefined;
  return copy;
}

/** Whether `tokens` reach `next` (with the `R` Solvitaire makes at once when the stock has run out); the tokens that do. */
function reaching(table: VerifyTable, tokens: string[], next: Shown): string[] | undefined {
  for (const tried of [tokens, [...tokens, 'R']]) {
    const after = played(table, tried);
    if (after !== undefined && sameShown(shownTable(after), next)) return tried;
  }
  return undefined;
}

/** A waste play of `moved` to `target` (`F` or `W2` …): the turns (and redeals) that bring it to the waste's top first. */
function fromStock(table: VerifyTable, moved: number, target: string, next: Shown): string[] | undefined {
  const prefix: string[] = [];
  let walk = table.copy();
  for (let steps = 0; steps <= 2 * 52; steps++) {
    if (walk.waste.length > 0 && walk.waste[walk.waste.length - 1] === moved) {
      const tokens = reaching(table, [...prefix, `X${target}`], next);
      if (tokens !== undefined) return tokens;
    }
    const step = walk.stock.length > 0 ? 'T' : 'R';
    if (walk.play(parseMove(step)) !== '') return undefined;
    prefix.push(step);
  }
  return undefined;
}

/** The RULES §5 moves for one of Solvitaire's steps, from `table` (which shows its state before) to `next`. */
function convertStep(table: VerifyTable, next: Shown): string[] {
  const before = shownTable(table);
  if (sameShown(before, next)) return []; // Solvitaire's own fill of a space from the reserve
  const trunkTop = table.trunkCards.length > 0 ? table.trunkCards[table.trunkCards.length - 1] : -1;
  const tried: string[][] = [];
  const source = (moved: number, count: number, target: string): string[] | undefined => {
    for (let wing = 0; wing < table.wings.length; wing++) {
      const pile = table.wings[wing];
      if (pile.length >= count && pile[pile.length - count] === moved) {
        const tokens = [`${count > 1 ? count : ''}W${wing + 1}${target}`];
        tried.push(tokens);
        const reached = reaching(table, tokens, next);
        if (reached) return reached;
      }
    }
    if (moved === trunkTop && count === 1) {
      tried.push([`K${target}`]);
      const reached = reaching(table, [`K${target}`], next);
      if (reached) return reached;
    }
    return count === 1 && (table.stock.includes(moved) || table.waste.includes(moved)) ? fromStock(table, moved, target, next) : undefined;
  };
  // a card that went up: the foundation tops it adds
  const upBefore = new Set(before.foundationTops.split(' '));
  for (const top of next.foundationTops.split(' ').filter((name) => name !== '' && !upBefore.has(name))) {
    const found = source(card(top), 1, 'F');
    if (found) return found;
  }
  // a group that landed on a wing: a printed pile that is a wing of the table with cards on top
  const printedWings = next.wings.split(' | ').map((pile) => (pile === '' ? [] : pile.split(' ')));
  for (const pile of printedWings) {
    for (let wing = 0; wing < table.wings.length; wing++) {
      const under = table.wings[wing].map(formatCard);
      if (under.length >= pile.length || under.some((name, i) => pile[i] !== name)) continue;
      const found = source(card(pile[under.length]), pile.length - under.length, `W${wing + 1}`);
      if (found) return found;
    }
  }
  throw new Error(`no move of the verifier leads from ${JSON.stringify(before)} to ${JSON.stringify(next)} (tried ${JSON.stringify(tried)})`);
}

describe("Solvitaire's winning lines replay in the verifier", () => {
  it('the fixture holds 12 lines of each game type', () => {
    for (const type of Object.keys(PRESETS)) expect(FIXTURE.solutions.filter((line) => line.type === type)).toHaveLength(12);
  });

  for (const line of FIXTURE.solutions) {
    it(`${line.type} seed ${line.seed}: ${line.states.length - 1} steps, every state Solvitaire's`, () => {
      const rules = resolveRules(PRESETS[line.type]);
      const deck = canfieldDealFromSolvitaireSeed(line.seed);
      let table = new VerifyTable(deck, rules);
      expect(shownTable(table)).toEqual(shownPrinted(line.states[0]));
      const moves: string[] = [];
      for (let step = 1; step < line.states.length; step++) {
        const next = shownPrinted(line.states[step]);
        const tokens = convertStep(table, next);
        table = played(table, tokens)!;
        expect(shownTable(table), `step ${step}: ${tokens.join(' ')}`).toEqual(next);
        moves.push(...tokens);
      }
      expect(table.won()).toBe(true);
      // and as one line from the deal, through the verifier's own entry point
      expect(verify(deck, rules, moves.map(parseMove)).status).toBe('ok');
    });
  }
});
