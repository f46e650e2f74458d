// Test fixtures (the hand-checked rule cases in test/fixtures) and small helpers for tests.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveRules, type RuleOverrides, type RuleSet } from '../src/rules.js';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '..');
export const FIXTURES = join(here, 'fixtures');
export const CASES_FILE = join(FIXTURES, 'rules-cases.txt');

/** `--preset coops --redeals 0` -> RuleSet */
export function rulesFromArgs(args: string): RuleSet {
  const words = args.trim().split(/\s+/).filter(Boolean);
  let preset = 'strict';
  const overrides: RuleOverrides & Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) {
    const name = words[i].replace(/^--/, '');
    const value = words[i + 1];
    if (name === 'preset') preset = value;
    else overrides[name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return resolveRules(preset, overrides);
}

export interface RuleCase {
  kind: 'solve' | 'verify';
  expected: string;
  options: string;
  deal: string;
  moves: string;
  line: number;
}

export function loadCases(): RuleCase[] {
  if (!existsSync(CASES_FILE)) throw new Error(`missing fixture file ${CASES_FILE}`);
  return readFileSync(CASES_FILE, 'utf8')
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => text.trim() !== '' && !text.startsWith('#'))
    .map(({ text, line }) => {
      const [kind, expected, options, deal, moves = ''] = text.split('|');
      return { kind: kind as 'solve' | 'verify', expected, options, deal, moves, line };
    });
}

/** A small deterministic generator for test playouts (not the deal generator). */
export function testRandom(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % n;
  };
}

import { CARD_COUNT, formatCard, parseCardToken } from '../src/cards.js';
import { type EngineMove, Game, toNotation } from '../src/engine.js';
import { formatMove, parseMoveList } from '../src/notation.js';
import { verify } from '../src/verify.js';
import type { Deck } from '../src/deal.js';

/** Builds a deal string from its parts (RULES §2); unused cards go to the bottom of the stock. */
export function makeDeal(parts: { trunk?: string; wings: string; base: string; stock?: string }): Deck {
  const words = (text?: string) => (text ?? '').split(/\s+/).filter(Boolean);
  const trunk = words(parts.trunk).reverse(); // written top first, dealt bottom first
  const order = [...trunk, ...words(parts.wings), parts.base, ...words(parts.stock)];
  const used = new Set(order.map((token) => parseCardToken(token)));
  for (let card = 0; card < CARD_COUNT; card++) if (!used.has(card)) order.push(formatCard(card));
  if (order.length !== CARD_COUNT || new Set(order).size !== CARD_COUNT) throw new Error(`bad test deal: ${order.join(' ')}`);
  return Uint8Array.from(order, parseCardToken);
}

export function engineTokens(game: Game): string[] {
  const moves = new Int32Array(256);
  const count = game.legalMoves(moves);
  return Array.from(moves.subarray(0, count), (move) => bareToken(move as EngineMove));
}

/** A move's token without its card, but for a foundation's card coming back (RULES §10.16), whose card names the foundation. */
export function bareToken(move: EngineMove): string {
  const written = toNotation(move);
  return formatMove(written, written.source === 'F');
}

/** Plays tokens on the engine by matching them to its legal moves; throws when one is not legal. */
export function playTokens(game: Game, tokens: string): void {
  for (const token of tokens.split(/\s+/).filter(Boolean)) {
    const moves = new Int32Array(256);
    const count = game.legalMoves(moves);
    const wanted = token.toUpperCase();
    const index = Array.from(moves.subarray(0, count)).findIndex((move) => bareToken(move as EngineMove) === wanted);
    if (index < 0) throw new Error(`engine: ${token} is not legal; legal: ${engineTokens(game).join(' ')}`);
    game.apply(moves[index]);
  }
}

/** Whether engine and verifier each allow `token` after `prefix`; tests demand they agree. */
export function allows(deck: Deck, rules: RuleSet, prefix: string, token: string): { engine: boolean; verifier: boolean } {
  const game = new Game(deck, rules);
  playTokens(game, prefix);
  const engine = engineTokens(game).includes(token.toUpperCase());
  const moves = parseMoveList(`${prefix} ${token}`);
  const result = verify(deck, rules, moves);
  const verifier = !(result.status === 'illegal' && result.moveIndex === moves.length - 1);
  if (result.status === 'illegal' && result.moveIndex! < moves.length - 1) throw new Error(`verifier refused the prefix: ${result.reason}`);
  return { engine, verifier };
}

/** One step of a PySolFC playout (test/fixtures/pysolfc-family.md): PySolFC's legal moves, the move made, the turns PySolFC then made itself. */
export interface FamilyStep {
  legal: string[];
  move: string;
  auto?: string[];
}
/** One random PySolFC playout of a family game, from its deal (RULES §10.11) and PySolFC's own first turn(s). */
export interface FamilyPlayout {
  game: number;
  preset: string;
  number: string;
  deal: string;
  auto: string[];
  won: boolean;
  steps: FamilyStep[];
}

/** The 300 playouts of test/fixtures/pysolfc-family-moves.json (30 of each PySolFC game). */
export function familyPlayouts(): FamilyPlayout[] {
  return (JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'pysolfc-family-moves.json'), 'utf8')) as { playouts: FamilyPlayout[] }).playouts;
}

/** RULES §10.19-10.20: the presets of PySolFC's games of two to four decks, whose playouts are test/fixtures/pysolfc-decks-moves.json. */
export const DECK_PRESETS = ['double-canfield', 'triple-canfield', 'quadruple-canfield', 'demon', 'american-toad', 'variegated-canfield', 'the-plot'];

/** The 210 playouts of test/fixtures/pysolfc-decks-moves.json (30 of each of DECK_PRESETS). */
export function decksPlayouts(): FamilyPlayout[] {
  return (JSON.parse(readFileSync(join(FIXTURES, 'pysolfc-decks-moves.json'), 'utf8')) as { playouts: FamilyPlayout[] }).playouts;
}

/** A deal as Solvitaire printed it (`--deal-only`): each pile bottom card first, ten written `10`. */
export interface SolvitairePrintedDeal {
  type: string;
  seed: number;
  'tableau piles': string[][];
  reserve: string[][];
  foundations: (string | string[])[];
  stock: string[];
  waste: string | string[];
}

/** The deals of test/fixtures/solvitaire-canfield-deals.json (scripts/solvitaire/canfield_deals.py made them with Solvitaire). */
export function solvitairePrintedDeals(): SolvitairePrintedDeal[] {
  return (JSON.parse(readFileSync(join(FIXTURES, 'solvitaire-canfield-deals.json'), 'utf8')) as { deals: SolvitairePrintedDeal[] }).deals;
}
