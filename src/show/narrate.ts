// A winning line told the way a player follows it: each move, the trunk fills it causes, and what PySolFC does by itself.
import { cardValue, formatCard, NO_CARD } from '../cards.js';
import type { Deck } from '../deal.js';
import { Game, NO_MOVE, toNotation, type EngineMove } from '../engine.js';
import { describeMove, formatMove, type Move } from '../notation.js';
import { PYSOL_FAMILY } from '../numbering/pysol.js';
import { canonicalRules, resolveRules, type RuleSet } from '../rules.js';

/** One move of a line, with what follows from it on the table. */
export interface Step {
  move: Move;
  /** Fills right after it: wing number (1-12), card, and where the card came from: the trunk (RULES §3.3), or the waste under `auto-waste` (§10.3). */
  fills: { wing: number; card: number; from: 'trunk' | 'waste' }[];
  /**
   * The last trunk card, when this move leaves it alone in the trunk and so face up (trunk-play last,
   * last-any). Under trunk-play top the top card counts as face up always (the drawing shows it), so
   * nothing is announced.
   */
  trunkFaceUp: number;
  /** The cards a turn turns up, in turning order (the last on the waste's top); empty for other moves. */
  turned: number[];
  /** A turn PySolFC makes by itself (its autodeal: a card is turned whenever the waste is empty). */
  automatic: boolean;
  /** The move left the waste empty, which it was not before: PySolFC turns a card right after it. */
  emptiesWaste: boolean;
  /** RULES §10.17: the move chose the base, before which PySolFC turns nothing: its first turn comes right after it. */
  choosesBase: boolean;
  /** RULES §10.20: the foundation by rank (0 the first) the move's card went onto, and that card (its value, named or not in the move); -1 and NO_CARD for any other move or rules. */
  foundation: number;
  foundationCard: number;
}

/**
 * RULES §10.20: the cards on each foundation by rank after `steps`, bottom first (the base card on the first);
 * `afterEach` sees them after each step (the piles themselves: copy what is kept).
 * The position keeps only the foundations' heights; a picture names their cards from the line that put them there.
 */
export function rankFoundationPiles(game: Game, steps: readonly Step[], afterEach?: (piles: number[][], index: number) => void): number[][] {
  const piles: number[][] = Array.from({ length: 4 * game.decks }, () => []);
  piles[0].push(cardValue(game.layout.baseCard));
  steps.forEach((step, index) => {
    if (step.foundation >= 0) piles[step.foundation].push(step.foundationCard);
    afterEach?.(piles, index);
  });
  return piles;
}

/** The rules of the games PySolFC plays: its Eagle Wing (preset pysol) and its Canfield family's games (RULES §10). */
const PYSOLFC_RULES = new Set(PYSOL_FAMILY.map((game) => canonicalRules(resolveRules(game.preset))));

/**
 * Whether PySolFC plays a game under these rules: only the presets of its own games (pysol, canfield,
 * rainfall …) match one. A PySolFC deal under other rules (`--pysol 7 --preset coops`) is a game
 * PySolFC cannot show, so nothing is said of what PySolFC does in it.
 */
export function pysolPlays(rules: RuleSet): boolean {
  return PYSOLFC_RULES.has(canonicalRules(rules));
}

/** Called with the game after each move (before its trunk fills) and after each fill, for pictures of every moment. */
export type Watcher = (game: Game) => void;

/**
 * Replays a legal line on the engine and says, move by move, what else happens. With `autodeal`,
 * turns made while the waste is empty are marked automatic: PySolFC makes them itself (the first
 * at the start of the game), and making them at once changes nothing else, since no other move
 * needs the waste empty. Only under PySolFC's own rules (pysolPlays): under others, no turn is PySolFC's.
 */
export function narrate(deck: Deck, rules: RuleSet, moves: readonly Move[], pysolDeal: boolean, watch?: Watcher): Step[] {
  const autodeal = pysolDeal && pysolPlays(rules);
  const game = new Game(deck, rules);
  return moves.map((move) => {
    const code = game.legalMoveFor(move);
    if (code === NO_MOVE) throw new Error(`the line is not legal at ${formatMove(move)}`);
    const wasteWasEmpty = game.wasteCount() === 0;
    const trunkBefore = game.trunkCount();
    const pointerBefore = game.stockPointer();
    const baseBefore = game.baseRank();
    const heightsBefore = game.compiled.rankFoundations ? rankHeights(game) : NO_HEIGHTS;
    game.playOnly(code);
    watch?.(game);
    const turned = move.source === 'T' ? stockCardsFrom(game, pointerBefore) : [];
    const step: Step = { move, fills: [], trunkFaceUp: NO_CARD, turned, automatic: autodeal && move.source === 'T' && wasteWasEmpty, emptiesWaste: false, choosesBase: baseBefore < 0 && game.baseRank() >= 0, foundation: -1, foundationCard: NO_CARD };
    // RULES §10.20: the foundation whose height grew, and the engine move's card (a move given without its card names none)
    if (game.compiled.rankFoundations) step.foundation = rankHeights(game).findIndex((height, foundation) => height > heightsBefore[foundation]);
    if (step.foundation >= 0) step.foundationCard = toNotation(code).card;
    for (let trunk = game.trunkCount(), wing = game.fillNext(); wing >= 0; trunk = game.trunkCount(), wing = game.fillNext()) {
      step.fills.push({ wing: wing + 1, card: game.wingTop(wing), from: game.trunkCount() < trunk ? 'trunk' : 'waste' });
      watch?.(game);
    }
    // after the fills: the waste's own fill (RULES §10.3 auto-waste) may be what empties it
    step.emptiesWaste = !wasteWasEmpty && game.wasteCount() === 0;
    if (!game.compiled.trunkTopInPlay && trunkBefore > 1 && game.trunkCount() === 1) step.trunkFaceUp = game.trunkCard();
    return step;
  });
}

const NO_HEIGHTS: number[] = [];
/** RULES §10.20: each foundation by rank's height. */
function rankHeights(game: Game): number[] {
  return Array.from({ length: 4 * game.decks }, (_, foundation) => game.rankFoundationHeight(foundation));
}

/** The stock cards between stock place `from` and the stock pointer, in turning order: the cards a turn from `from` turned. */
function stockCardsFrom(game: Game, from: number): number[] {
  const cards: number[] = [];
  for (let index = from; index < game.stockPointer(); index++) if (game.stockPlaceFilled(index)) cards.push(game.layout.stockCards[index]);
  return cards;
}

/** The cards the turn `code` would turn up in the game's position, in turning order (the game is left as it was). */
export function cardsTurnedBy(game: Game, code: EngineMove): number[] {
  const from = game.stockPointer();
  game.apply(code);
  const cards = stockCardsFrom(game, from);
  game.undo();
  return cards;
}

/**
 * The steps in the order a PySolFC player sees them: PySolFC turns a card as soon as the waste is
 * empty (at the start, and right after the move that empties it; under a base the player chooses,
 * RULES §10.17, not before the move that chooses it), so each automatic turn moves up to that point. Turning changes only the stock and waste, and the moves passed over never touch them
 * (the waste is empty; a stock card put straight into a space, possible only under other rules, keeps
 * the turn behind it), so the line stays legal and every other step keeps its fills.
 */
export function inPysolOrder(steps: readonly Step[]): Step[] {
  const ordered: Step[] = [];
  // where the waste last became empty in `ordered`: an automatic turn goes there
  let emptySince = 0;
  for (const step of steps) {
    if (step.automatic) ordered.splice(emptySince, 0, step);
    else ordered.push(step);
    if (step.emptiesWaste || step.move.source === 'S' || step.choosesBase) emptySince = ordered.length;
  }
  return ordered;
}

/**
 * The steps as numbered lines: "12. 6D wing 3 → foundation", then indented lines for trunk fills and
 * the last trunk card. Automatic turns are shown unnumbered, so the numbers count what the player does;
 * `firstNumber` numbers on from moves already played.
 */
export function stepLines(steps: readonly Step[], firstNumber = 1): string {
  const numbered = steps.filter((step) => !step.automatic).length;
  const width = String(firstNumber - 1 + numbered).length;
  const indent = ' '.repeat(width + 2);
  const lines: string[] = [];
  let number = firstNumber - 1;
  for (const step of steps) {
    if (step.automatic) lines.push(`${indent}(PySolFC turns up ${formatCard(step.move.card)} by itself)`);
    else lines.push(`${String(++number).padStart(width)}. ${describeMove(step.move, step.turned)}`);
    for (const fill of step.fills) lines.push(`${indent}${fill.from} → wing ${fill.wing}: ${formatCard(fill.card)}`);
    if (step.trunkFaceUp !== NO_CARD) lines.push(`${indent}the last trunk card, ${formatCard(step.trunkFaceUp)}, turns face up`);
  }
  return lines.join('\n');
}

/**
 * The steps for JSON: every RULES §5 token, with its fills, in the order the player makes them; for a
 * game PySolFC plays, in PySolFC's order (its own turns where it makes them, as the text lists them),
 * each with whether PySolFC makes it itself. Steps already in that order stay as they are.
 */
export function stepsJson(steps: readonly Step[], pysolDeal: boolean) {
  // narrate() marks turns automatic only in a game PySolFC plays; a won one always has such a turn (its stock must be turned)
  const autodeal = pysolDeal && steps.some((step) => step.automatic);
  return (autodeal ? inPysolOrder(steps) : steps).map((step) => ({
    move: formatMove(step.move),
    fills: step.fills.map((fill) => ({ wing: fill.wing, card: formatCard(fill.card), ...(fill.from === 'waste' ? { from: 'waste' } : {}) })),
    ...(step.trunkFaceUp === NO_CARD ? {} : { trunkFaceUp: formatCard(step.trunkFaceUp) }),
    ...(autodeal ? { automatic: step.automatic } : {}),
  }));
}
