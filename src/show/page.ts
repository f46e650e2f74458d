// A self-contained HTML page that plays a game back: the positions worked out here, the page itself from src/page/solution.html.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatCard, NO_CARD } from '../cards.js';
import type { Deck } from '../deal.js';
import { Game } from '../engine.js';
import { dealtCard, dealtFaceUp } from '../layout.js';
import { describeMove, type Move } from '../notation.js';
import type { RuleSet } from '../rules.js';
import { narrate, rankFoundationPiles } from './narrate.js';

/** The template: one file of HTML, CSS and JS, read from the source tree (tsc copies no HTML into dist). */
const TEMPLATE = fileURLToPath(new URL('../../src/page/solution.html', import.meta.url));
/** The table's look, which the play page shares (scripts/build-page.mjs inlines it there); its opening comment line is the file's, not the page's. */
const TABLE_CSS = fileURLToPath(new URL('../../src/page/table.css', import.meta.url));

/** What the page shows at one step: face-up cards only (a face-down card is a count, never a name). */
interface View {
  /** Each wing's cards, bottom first; a dealt card still face down (RULES §10.14) is FACE_DOWN. */
  wings: string[][];
  /** Each foundation's cards (clubs, diamonds, hearts, spades; RULES §10.20: by rank, the first first), bottom first. */
  foundations: string[][];
  /** RULES §10.18: each suit's foundation down from the King, bottom (the King) first; absent under one foundation a suit. */
  downFoundations?: string[][];
  /** Cards left in the trunk. */
  trunkLeft: number;
  /** The trunk card that is face up (RULES §3.4), if any. */
  trunkCard: string | null;
  /** Every trunk card, bottom first, when the trunk is dealt face up (trunk-face up); absent otherwise. */
  trunkCards?: string[];
  /** Several trunks (RULES §10.15): each one's cards, bottom first (face up), or its top alone; absent for one trunk. */
  trunks?: string[][];
  stock: number;
  waste: string | null;
  wasteCount: number;
  redeals: number;
}

export interface PageGame {
  title: string;
  subtitle: string;
  /** "WON in 120 moves", "LOST: …": shown above the move list. */
  verdict: string;
  deck: Deck;
  rules: RuleSet;
  /** The moves played, in the order shown (for PySolFC, inPysolOrder's); empty for a deal shown as it is dealt. */
  moves: readonly Move[];
  /** Mark the turns PySolFC makes by itself. */
  autodeal: boolean;
  /** How many of `moves` the player has played already (solve --after): shown as played, and the page opens after them. */
  played?: number;
}

/** A face-down card on the page (the template draws its back). */
const FACE_DOWN = '??';

function view(game: Game): View {
  const cards = (list: number[]) => list.map(formatCard);
  const wings: string[][] = [];
  for (let wing = 0; wing < game.wings; wing++) {
    // the dealt cards under the run (RULES §10.14): a face-down one is never named
    const dealt = Array.from({ length: game.dealtUnder(wing) }, (_, i) => (dealtFaceUp(game.layout, i) ? formatCard(dealtCard(game.layout, wing, i)) : FACE_DOWN));
    const pile: number[] = [];
    for (let depth = game.wingHeight(wing) - 1; depth >= 0; depth--) pile.push(game.wingCard(wing, depth));
    wings.push([...dealt, ...cards(pile)]);
  }
  const foundations: string[][] = [];
  // RULES §10.19: each suit's foundations together, highest first
  for (let suit = 0; suit < 4; suit++) for (let copy = 0; copy < game.decks; copy++) foundations.push(cards(game.decks === 1 ? game.foundationCards(suit) : game.foundationCardsOf(suit, copy)));
  const trunkCard = game.trunkCard();
  const waste = game.wasteTop();
  const seen: number[] = [];
  // every trunk's cards left, trunk by trunk (RULES §10.15), each bottom first
  if (game.compiled.trunkFaceUp) for (let trunk = 0; trunk < game.compiled.trunks; trunk++) for (let i = 0; i < game.trunkCountOf(trunk); i++) seen.push(game.layout.deck[game.trunkStart(trunk) + i]);
  return {
    wings,
    foundations,
    trunkLeft: game.trunkCount(),
    trunkCard: trunkCard === NO_CARD ? null : formatCard(trunkCard),
    stock: game.stockCount(),
    waste: waste === NO_CARD ? null : formatCard(waste),
    wasteCount: game.wasteCount(),
    redeals: game.redealsUsed(),
    ...(game.compiled.trunkFaceUp ? { trunkCards: cards(seen) } : {}),
    ...(game.compiled.upDown ? { downFoundations: [0, 1, 2, 3].map((suit) => cards(game.foundationDownCards(suit))) } : {}),
    // RULES §10.15: several trunks, each its cards bottom first (face up) or its top alone
    ...(game.compiled.trunks > 1 ? { trunks: Array.from({ length: game.compiled.trunks }, (_, trunk) => trunkView(game, trunk)) } : {}),
  };
}

/** One of several trunks (RULES §10.15): its cards, bottom first, face up; or its top alone. */
function trunkView(game: Game, trunk: number): string[] {
  const start = game.trunkStart(trunk);
  const count = game.trunkCountOf(trunk);
  if (!game.compiled.trunkFaceUp) return count === 0 ? [] : [formatCard(game.trunkCardOf(trunk))];
  return Array.from({ length: count }, (_, i) => formatCard(game.layout.deck[start + i]));
}

/** The page's steps: each move, then each trunk fill it causes as a step of its own, with a picture after every one. */
function stepsOf(page: PageGame): { moves: { label: string; kind: string }[]; views: View[]; start: number } {
  const views: View[] = [view(new Game(page.deck, page.rules))];
  const steps = narrate(page.deck, page.rules, page.moves, page.autodeal, (game) => views.push(view(game)));
  // RULES §10.20: the position keeps the foundations' heights alone; the line names their cards (each step's pictures: its move's, then its fills')
  if (page.rules.foundations === 'any-suit-in-turn') {
    const game = new Game(page.deck, page.rules);
    let at = 0;
    views[at].foundations = rankFoundationPiles(game, []).map((pile) => pile.map(formatCard));
    rankFoundationPiles(game, steps, (piles, index) => {
      const shown = piles.map((pile) => pile.map(formatCard));
      for (let picture = 0; picture <= steps[index].fills.length; picture++) views[++at].foundations = shown;
    });
  }
  const moves: { label: string; kind: string }[] = [];
  const played = page.played ?? 0;
  let number = 0;
  let start = 0;
  steps.forEach((step, index) => {
    const kind = (plain: string) => (index < played ? `${plain} played` : plain);
    const label = step.automatic ? `PySolFC turns up ${formatCard(step.move.card)}` : `${++number}. ${describeMove(step.move, step.turned)}`;
    moves.push({ label, kind: kind(step.automatic ? 'auto' : 'move') });
    for (const fill of step.fills) moves.push({ label: `${fill.from} → wing ${fill.wing}: ${formatCard(fill.card)}`, kind: kind('fill') });
    if (index < played) start = moves.length;
  });
  return { moves, views, start };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A page template with its title (as HTML text) and its data (as JSON in <script>) written in: the solution page's and the play page's. */
export function fillPage(template: string, title: string, data: unknown): string {
  // inside <script>, "</" would end the element early: JSON allows \u003c for "<"
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return template.replace('{{TITLE}}', () => escapeHtml(title)).replace('{{DATA}}', () => json);
}

/** The page's HTML: no network request of any kind, opening from disk in any current browser. */
export function solutionPage(page: PageGame): string {
  const { moves, views, start } = stepsOf(page);
  // RULES §10.20: foundations by rank are numbered, not named by suit
  const data = { title: page.title, subtitle: page.subtitle, verdict: page.verdict, redeals: page.rules.redeals, moves, views, start, byRank: page.rules.foundations === 'any-suit-in-turn' };
  const template = readFileSync(TEMPLATE, 'utf8').replace('{{TABLE_CSS}}\n', () => readFileSync(TABLE_CSS, 'utf8').replace(/^\/\*.*\*\/\n/, ''));
  return fillPage(template, page.title, data);
}
