// Replays a move list from the rules alone, sharing no code with the engine: the second opinion on every solution.
import { plural } from './text.js';
import { CARD_COUNT, formatCard, NO_CARD, RANK_COUNT, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';
import { formatMove, type Move } from './notation.js';
import type { RuleSet } from './rules.js';

export type VerifyStatus = 'ok' | 'incomplete' | 'illegal';

export interface VerifyResult {
  status: VerifyStatus;
  /** 0-based index of the first illegal move, when illegal. */
  moveIndex?: number;
  reason?: string;
  /** Cards on the foundations when the replay stopped. */
  foundationCards: number;
}

const WINGS = 8;

/** A plain, slow table: arrays of cards, bottom first, exactly as a person would lay them out. */
class Table {
  /** The cards still in the trunk, bottom first. */
  trunkCards: number[];
  wings: number[][];
  foundations: number[][] = [[], [], [], []];
  stock: number[];
  waste: number[] = [];
  redealsUsed = 0;
  readonly baseRank: number;

  constructor(deck: Deck, readonly rules: RuleSet) {
    const trunkSize = rules.trunk;
    this.trunkCards = Array.from(deck.subarray(0, trunkSize));
    this.wings = Array.from({ length: WINGS }, (_, i) => [deck[trunkSize + i]]);
    const base = deck[trunkSize + WINGS];
    this.baseRank = rankOf(base);
    this.foundations[suitOf(base)].push(base);
    // stock top is the end of the array, so that pop() turns it
    this.stock = Array.from(deck.subarray(trunkSize + WINGS + 1)).reverse();
  }

  nextFor(card: number): boolean {
    const pile = this.foundations[suitOf(card)];
    if (pile.length === RANK_COUNT) return false;
    return rankOf(card) === (this.baseRank + pile.length) % RANK_COUNT;
  }
  /** The trunk card in play under RULES §3.4, or NO_CARD. */
  trunkCard(): number {
    if (this.trunkCards.length === 0) return NO_CARD;
    if (this.rules.trunkPlay === 'top') return this.trunkCards[this.trunkCards.length - 1];
    return this.trunkCards.length === 1 ? this.trunkCards[0] : NO_CARD;
  }
  /** Why `cards` (bottom first) may not land on wing `index`, or '' when they may. */
  landingProblem(cards: number[], index: number, spaceSource: 'waste' | 'stock' | 'wings' | null): string {
    const wing = this.wings[index];
    const deepest = cards[0];
    if (wing.length === 0) {
      if (this.trunkCards.length > 0) return `wing ${index + 1} is empty but the trunk still has cards`;
      if (spaceSource === null || !this.rules.spaceFrom.includes(spaceSource)) return `a space may not be filled from the ${spaceSource ?? 'trunk'}`;
      return '';
    }
    if (this.rules.build === 'none') return `wings do not build under these rules`;
    const top = wing[wing.length - 1];
    const fits = suitOf(top) === suitOf(deepest) && (rankOf(deepest) + 1) % RANK_COUNT === rankOf(top);
    if (!fits) return `${formatCard(deepest)} cannot go on ${formatCard(top)}`;
    const maxWing = this.rules.maxWing;
    if (maxWing !== 'none' && wing.length + cards.length > maxWing) return `wing ${index + 1} would hold more than ${plural(maxWing, 'card')}`;
    return '';
  }
  fillSpaces(): void {
    for (let i = 0; i < WINGS; i++) {
      if (this.wings[i].length === 0 && this.trunkCards.length > 0) this.wings[i].push(this.trunkCards.pop()!);
    }
  }
  won(): boolean {
    return this.foundations.every((pile) => pile.length === RANK_COUNT);
  }
  foundationCards(): number {
    return this.foundations.reduce((sum, pile) => sum + pile.length, 0);
  }

  /** Plays one move; returns why it is illegal, or '' once played. */
  play(move: Move): string {
    const named = move.card;
    const checkCard = (actual: number): string =>
      named !== NO_CARD && named !== actual ? `it moves ${formatCard(actual)}, not ${formatCard(named)}` : '';
    const wingNumberOk = (n: number) => n >= 1 && n <= WINGS;
    if (move.source === 'T') {
      if (this.stock.length === 0) return 'the stock is empty';
      const card = this.stock[this.stock.length - 1];
      const problem = checkCard(card);
      if (problem) return problem;
      this.waste.push(this.stock.pop()!);
      return '';
    }
    if (move.source === 'R') {
      if (this.stock.length > 0) return 'the stock is not empty';
      if (this.waste.length === 0) return 'the waste is empty';
      if (this.rules.redeals !== 'unlimited' && this.redealsUsed >= this.rules.redeals) return `no redeals left (${this.rules.redeals} allowed)`;
      this.stock = this.waste.reverse();
      this.waste = [];
      this.redealsUsed++;
      return '';
    }
    if (move.source === 'W' && !wingNumberOk(move.fromWing)) return `there is no wing ${move.fromWing}`;
    if (move.target === 'W' && !wingNumberOk(move.toWing)) return `there is no wing ${move.toWing}`;
    // the cards that would move, bottom first
    let cards: number[];
    let spaceSource: 'waste' | 'stock' | 'wings' | null;
    if (move.source === 'W') {
      const wing = this.wings[move.fromWing - 1];
      if (wing.length === 0) return `wing ${move.fromWing} is empty`;
      if (move.target === 'W' && move.toWing === move.fromWing) return 'a wing cannot move onto itself';
      if (move.count > 1 || (move.target === 'W' && this.rules.wingMoves === 'whole')) {
        if (move.target !== 'W') return 'only one card at a time goes to a foundation';
        if (this.rules.wingMoves === 'single') return 'wing cards move one at a time under these rules';
        if (move.count > wing.length) return `wing ${move.fromWing} holds only ${plural(wing.length, 'card')}`;
        if (this.rules.wingMoves === 'whole' && move.count !== wing.length) return `only a whole wing (${plural(wing.length, 'card')}) may move under these rules`;
      }
      cards = wing.slice(wing.length - move.count);
      for (let i = 1; i < cards.length; i++) {
        if (suitOf(cards[i]) !== suitOf(cards[0]) || (rankOf(cards[i]) + 1) % RANK_COUNT !== rankOf(cards[i - 1])) return 'those cards are not in sequence';
      }
      spaceSource = 'wings';
    } else if (move.source === 'X') {
      if (this.waste.length === 0) return 'the waste is empty';
      cards = [this.waste[this.waste.length - 1]];
      spaceSource = 'waste';
    } else if (move.source === 'S') {
      if (this.stock.length === 0) return 'the stock is empty';
      if (move.target !== 'W' || this.wings[move.toWing - 1].length !== 0) return 'a stock card goes only into an empty wing';
      cards = [this.stock[this.stock.length - 1]];
      spaceSource = 'stock';
    } else {
      const card = this.trunkCard();
      if (card === NO_CARD) return this.trunkCards.length === 0 ? 'the trunk is empty' : 'the trunk card is face down';
      if (move.target === 'W') {
        if (this.rules.trunkPlay === 'last') return 'the trunk card goes only to a foundation under these rules';
        if (this.wings[move.toWing - 1].length === 0) return 'the trunk card may not fill a space';
      }
      cards = [card];
      spaceSource = null;
    }
    const problem = checkCard(cards[0]);
    if (problem) return problem;
    if (move.target === 'F') {
      if (!this.nextFor(cards[0])) return `${formatCard(cards[0])} is not next on its foundation`;
    } else {
      const landing = this.landingProblem(cards, move.toWing - 1, spaceSource);
      if (landing) return landing;
    }
    // legal: take the cards away, then put them down
    if (move.source === 'W') this.wings[move.fromWing - 1].splice(-cards.length);
    else if (move.source === 'X') this.waste.pop();
    else if (move.source === 'S') this.stock.pop();
    else this.trunkCards.splice(this.rules.trunkPlay === 'top' ? this.trunkCards.length - 1 : 0, 1);
    if (move.target === 'F') this.foundations[suitOf(cards[0])].push(cards[0]);
    else this.wings[move.toWing - 1].push(...cards);
    this.fillSpaces();
    return '';
  }
}

/** Replays `moves` on the deal under `rules` (RULES §3, §5). */
export function verify(deck: Deck, rules: RuleSet, moves: readonly Move[]): VerifyResult {
  if (deck.length !== CARD_COUNT) throw new Error('a deck has 52 cards');
  const table = new Table(deck, rules);
  for (let i = 0; i < moves.length; i++) {
    if (table.won()) {
      return { status: 'illegal', moveIndex: i, reason: `move ${i + 1} ${formatMove(moves[i])}: the game is already won`, foundationCards: CARD_COUNT };
    }
    const problem = table.play(moves[i]);
    if (problem) return { status: 'illegal', moveIndex: i, reason: `move ${i + 1} ${formatMove(moves[i])}: ${problem}`, foundationCards: table.foundationCards() };
  }
  return { status: table.won() ? 'ok' : 'incomplete', foundationCards: table.foundationCards() };
}
