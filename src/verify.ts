// Replays a move list from the rules alone, sharing no code with the engine: the second opinion on every solution.
import { plural } from './text.js';
import { CARD_COUNT, cardValue, formatCard, NO_CARD, RANK_COUNT, RANKS, rankOf, suitOf } from './cards.js';
import type { Deck } from './deal.js';
import { InputError } from './errors.js';
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

type SpaceSource = 'trunk' | 'waste' | 'stock' | 'wings' | 'foundations';

/** RULES §10.5: C and S are black, D and H red (suits in the order C D H S). */
function isRed(card: number): boolean {
  const suit = suitOf(card);
  return suit === 1 || suit === 2;
}

/**
 * A plain, slow table: arrays of cards, bottom first, exactly as a person would lay them out. The test of
 * the Canfield family steps one table through a game and tries moves on copies of it, so it is exported.
 */
export class VerifyTable {
  /** The cards still in each trunk, bottom first (RULES §10.15: one pile a trunk; one pile in every other game). */
  trunkPiles: number[][];
  wings: number[][];
  /** RULES §10.14: for each wing card, bottom first, whether it lies face down (a face-down card never moves; it is turned up once it is a wing's top). */
  faceDown: boolean[][];
  /** Suit s's foundations are foundations[s·n … s·n+n−1] of n decks (RULES §10.19): one a suit of one deck. */
  foundations: number[][];
  /** RULES §10.18: each suit's second foundation, down from the King (empty piles under one foundation a suit). */
  downFoundations: number[][] = [[], [], [], []];
  stock: number[];
  waste: number[] = [];
  redealsUsed = 0;
  /** The base rank; under RULES §10.17 (`base chosen`) -1 until the first card goes up, which sets it. */
  baseRank: number;

  /** Lays out the deal as RULES §10.9 says; a deal that cannot be laid out under `rules` is an InputError. */
  constructor(cards: Deck | null, readonly rules: RuleSet) {
    if (cards === null) {
      // only for copy(): every field is set there
      this.trunkPiles = [];
      this.wings = [];
      this.faceDown = [];
      this.foundations = [];
      this.stock = [];
      this.baseRank = 0;
      return;
    }
    const decks = rules.decks;
    if (cards.length !== CARD_COUNT * decks) throw new Error(`a deal of ${decks} ${decks === 1 ? 'deck' : 'decks'} has ${CARD_COUNT * decks} cards`);
    // RULES §10.19: twins are the same card to every rule, so this table keeps values (0-51) only
    const deck = decks === 1 ? cards : Uint8Array.from(cards, cardValue);
    this.foundations = Array.from({ length: 4 * decks }, () => []);
    const trunkSize = rules.trunk;
    const wingCount = rules.wings;
    const chosen = rules.base === 'chosen';
    const fixedBase = rules.base === 'dealt' ? -1 : chosen ? -1 : RANKS.indexOf(rules.base);
    // RULES §10.7: a fixed base's four cards start on the foundations, or are dealt with the rest; §10.17: no card for a base still to choose
    const foundationSlots = chosen ? 0 : fixedBase < 0 ? 1 : rules.baseCards === 'shuffled' ? 0 : 4 * decks;
    // RULES §10.14: each wing is dealt these cards, bottom first, face up or down
    const faces = rules.wingDeal.split('-');
    if (trunkSize + wingCount * faces.length + foundationSlots > CARD_COUNT * decks) {
      throw new InputError(`a trunk of ${trunkSize}, ${plural(wingCount, 'wing')} of ${plural(faces.length, 'card')} and ${plural(foundationSlots, 'foundation card')} need more than ${CARD_COUNT * decks} cards`);
    }
    // RULES §10.15: the trunk's cards dealt in equal piles, the first pile first
    const perTrunk = trunkSize / rules.trunks;
    this.trunkPiles = Array.from({ length: rules.trunks }, (_, k) => Array.from(deck.subarray(k * perTrunk, (k + 1) * perTrunk)));
    this.wings = Array.from({ length: wingCount }, (_, i) => Array.from(deck.subarray(trunkSize + i * faces.length, trunkSize + (i + 1) * faces.length)));
    this.faceDown = Array.from({ length: wingCount }, () => faces.map((face) => face === 'down'));
    const first = trunkSize + wingCount * faces.length;
    if (foundationSlots === 0) {
      this.baseRank = fixedBase;
    } else if (fixedBase < 0) {
      const base = deck[first];
      this.baseRank = rankOf(base);
      // RULES §10.20: foundations by rank take the base card on the first, whatever its suit
      this.foundations[this.byRank() ? 0 : suitOf(base) * decks].push(base);
    } else {
      this.baseRank = fixedBase;
      const last = first + foundationSlots - 1;
      for (let slot = first; slot <= last; slot++) {
        const card = deck[slot];
        if (rankOf(card) !== fixedBase) {
          throw new InputError(`with base ${rules.base}, cards ${first + 1}-${last + 1} of the deal (d[${first}]-d[${last}]) must be the ${foundationSlots === 4 ? 'four' : foundationSlots} ${rules.base}s, but card ${slot + 1} is ${formatCard(card)}`);
        }
        // of n decks, each base card starts the first of its suit's foundations still empty
        const pile = this.suitFoundations(suitOf(card)).find((foundation) => foundation.length === 0);
        if (pile === undefined) throw new InputError(`with base ${rules.base}, the deal's foundation cards must hold ${decks} of each suit`);
        pile.push(card);
      }
    }
    // stock top is the end of the array, so that pop() turns it
    this.stock = Array.from(deck.subarray(first + foundationSlots)).reverse();
  }

  /** An independent copy, to try a move on without touching this table. */
  copy(): VerifyTable {
    const twin = new VerifyTable(null, this.rules);
    twin.trunkPiles = this.trunkPiles.map((pile) => [...pile]);
    twin.wings = this.wings.map((wing) => [...wing]);
    twin.faceDown = this.faceDown.map((wing) => [...wing]);
    twin.foundations = this.foundations.map((pile) => [...pile]);
    twin.downFoundations = this.downFoundations.map((pile) => [...pile]);
    twin.stock = [...this.stock];
    twin.waste = [...this.waste];
    twin.redealsUsed = this.redealsUsed;
    twin.baseRank = this.baseRank;
    return twin;
  }

  /** The foundations of a suit: one of one deck, n of n decks (RULES §10.19). */
  suitFoundations(suit: number): number[][] {
    const decks = this.rules.decks;
    return this.foundations.slice(suit * decks, suit * decks + decks);
  }
  nextFor(card: number): boolean {
    return this.foundationFor(card) !== undefined;
  }
  /** RULES §10.20: the foundations take any suit by rank, the first one alone until it holds 13. */
  byRank(): boolean {
    return this.rules.foundations === 'any-suit-in-turn';
  }
  /** The foundation `card` goes next on (of n decks the first of its suit's that takes it), or undefined. */
  foundationFor(card: number): number[] | undefined {
    // RULES §10.18 four-of-a-rank: never one card alone (the four go up together: play(), a wing's four onto F)
    if (this.rules.foundations === 'four-of-a-rank' || this.baseRank < 0) return undefined;
    // RULES §10.20: the first foundation until it is full, then any other, whatever the suit
    const next = (pile: number[]) => pile.length < RANK_COUNT && rankOf(card) === (this.baseRank + pile.length) % RANK_COUNT;
    if (this.byRank()) return this.foundations[0].length < RANK_COUNT ? (next(this.foundations[0]) ? this.foundations[0] : undefined) : this.foundations.slice(1).find(next);
    const down = this.downFoundations[suitOf(card)].length;
    return this.suitFoundations(suitOf(card)).find((pile) => pile.length + down !== RANK_COUNT && rankOf(card) === (this.baseRank + pile.length) % RANK_COUNT);
  }
  /** RULES §10.18: whether `card` goes next on its suit's foundation down from the King (the suit's cards not yet up lie between the two tops). */
  nextDownFor(card: number): boolean {
    if (this.rules.foundations !== 'up-down') return false;
    const pile = this.downFoundations[suitOf(card)];
    if (pile.length + this.foundations[suitOf(card)].length === RANK_COUNT) return false;
    return rankOf(card) === RANK_COUNT - 1 - pile.length;
  }
  /** RULES §10.5: whether card x may lie straight on card y in a wing. */
  goesOn(x: number, y: number): boolean {
    const build = this.rules.build;
    if (build === 'none') return false;
    if (build === 'suit-down' && suitOf(x) !== suitOf(y)) return false;
    // equal-rank: a card of the same rank, any suit
    if (build === 'equal-rank') return rankOf(x) === rankOf(y);
    if (build === 'alt-colour-down' && isRed(x) === isRed(y)) return false;
    if (this.rules.wrap === 'round') return (rankOf(x) + 1) % RANK_COUNT === rankOf(y);
    // wrap none: the ranks as printed, A lowest, so a King goes on nothing and nothing on an Ace
    if (this.rules.wrap === 'none') return rankOf(x) + 1 === rankOf(y);
    // wrap base: ranks counted from the base rank, so nothing goes on a base-rank card
    const rel = (card: number) => (rankOf(card) - this.baseRank + RANK_COUNT) % RANK_COUNT;
    return rel(y) >= 1 && rel(x) === rel(y) - 1;
  }
  /** RULES §10.5: how many cards from the top of wing `index` run down in sequence. */
  runLength(index: number): number {
    const wing = this.wings[index];
    let length = wing.length === 0 ? 0 : 1;
    while (length < wing.length && this.goesOn(wing[wing.length - length], wing[wing.length - length - 1])) length++;
    return length;
  }
  /** Cards per turn on this pass (RULES §10.8). */
  turnSize(): number {
    const turn = this.rules.turn;
    if (turn === '3-2-1') return Math.max(1, 3 - this.redealsUsed);
    return Number(turn);
  }
  /** Every trunk card left, trunk by trunk, each bottom first. */
  get trunkCards(): number[] {
    return this.trunkPiles.flat();
  }
  /** The card in play of trunk `index` (0-based) under RULES §3.4, or NO_CARD. */
  trunkCard(index = 0): number {
    const pile = this.trunkPiles[index];
    if (pile.length === 0) return NO_CARD;
    // RULES §10.20: top-foundation plays the top too, to a foundation only (play())
    if (this.rules.trunkPlay === 'top' || this.rules.trunkPlay === 'top-foundation') return pile[pile.length - 1];
    return pile.length === 1 ? pile[0] : NO_CARD;
  }
  /** Whether some trunk still has cards. */
  trunkLeft(): boolean {
    return this.trunkPiles.some((pile) => pile.length > 0);
  }
  /** The number of the first empty wing, or 0. */
  emptyWing(): number {
    return this.wings.findIndex((wing) => wing.length === 0) + 1;
  }
  /** Why `cards` (bottom first) may not land on wing `index`, or '' when they may. */
  landingProblem(cards: number[], index: number, spaceSource: SpaceSource): string {
    const wing = this.wings[index];
    const deepest = cards[0];
    if (wing.length === 0) {
      if (this.trunkLeft() && this.rules.trunkFill !== 'player') return `wing ${index + 1} is empty but the trunk still has cards`;
      if (!this.rules.spaceFrom.includes(spaceSource)) return `a space may not be filled from the ${spaceSource}`;
      if (spaceSource === 'waste' && this.rules.spaceWaste === 'trunk-empty' && this.trunkLeft()) return 'the waste fills a space only once every trunk is empty';
      // RULES §10.3 --space-rank: only that rank goes into a space (the card that heads what moves)
      const rank = this.rules.spaceRank;
      // RULES §10.20 base-first: the base rank only, until the first foundation holds 13 cards
      if (rank === 'base-first') {
        if (this.foundations[0].length < RANK_COUNT && rankOf(deepest) !== this.baseRank) return `a space takes only a base-rank card until the first foundation is full, not ${formatCard(deepest)}`;
      } else if (rank !== 'any' && RANKS[rankOf(deepest)] !== rank) return `a space takes only a card of rank ${rank}, not ${formatCard(deepest)}`;
      return '';
    }
    if (this.rules.build === 'none') return `wings do not build under these rules`;
    const top = wing[wing.length - 1];
    if (!this.goesOn(deepest, top)) return `${formatCard(deepest)} cannot go on ${formatCard(top)}`;
    const maxWing = this.rules.maxWing;
    if (maxWing !== 'none' && wing.length + cards.length > maxWing) return `wing ${index + 1} would hold more than ${plural(maxWing, 'card')}`;
    return '';
  }
  /**
   * RULES §3.3 under `trunkFill auto`: the trunk's top drops into every space at once (with several
   * trunks, RULES §10.15, the top of the one holding the most cards, the first of them on a tie).
   * Under `auto-waste` (§10.3) only the wing the move left empty (`emptied`, 0-based, or -1) is
   * filled, by the trunks so, or once they are empty by the waste's top.
   */
  fillSpaces(emptied: number): void {
    const fill = this.rules.trunkFill;
    if (fill === 'player') return;
    for (let i = 0; i < this.wings.length; i++) {
      if (this.wings[i].length !== 0 || (fill === 'auto-waste' && i !== emptied)) continue;
      let fullest = this.trunkPiles[0];
      for (const pile of this.trunkPiles) if (pile.length > fullest.length) fullest = pile;
      let card = fullest.length > 0 ? fullest.pop()! : NO_CARD;
      // once the trunks are empty, the waste's top; where the waste is empty, the stock's top, which PySolFC
      // (turning whenever its waste is empty) would have on its waste
      if (card === NO_CARD && fill === 'auto-waste') card = this.waste.length > 0 ? this.waste.pop()! : this.stock.length > 0 ? this.stock.pop()! : NO_CARD;
      if (card === NO_CARD) continue;
      this.wings[i].push(card);
      this.faceDown[i].push(false);
    }
  }
  won(): boolean {
    return this.foundationCards() === CARD_COUNT * this.rules.decks;
  }
  foundationCards(): number {
    return [...this.foundations, ...this.downFoundations].reduce((sum, pile) => sum + pile.length, 0);
  }

  /**
   * RULES §10.18: whether `card`, the top of one of its suit's two foundations while the two hold the
   * whole suit, may go onto the other (`to`): the card next to it in rank tops that other one, or it is
   * empty and `card` is its Ace or King.
   */
  suitMeets(card: number, to: 'up' | 'down'): boolean {
    const up = this.foundations[suitOf(card)];
    const down = this.downFoundations[suitOf(card)];
    if (this.rules.foundations !== 'up-down' || up.length + down.length !== RANK_COUNT) return false;
    const onto = to === 'up' ? up : down;
    if (onto.length === 0) return rankOf(card) === (to === 'up' ? 0 : RANK_COUNT - 1);
    return rankOf(onto[onto.length - 1]) + (to === 'up' ? 1 : -1) === rankOf(card);
  }

  /** Why wing `from` may not give its top `count` cards to wing `to` under RULES §10.6, or ''. */
  groupProblem(count: number, from: number, to: number): string {
    const wingMoves = this.rules.wingMoves;
    const wing = this.wings[from - 1];
    const height = wing.length;
    if (wingMoves === 'single' && count > 1) return 'wing cards move one at a time under these rules';
    if (count > height) return `wing ${from} holds only ${plural(height, 'card')}`;
    if (wingMoves === 'whole' && count !== height) return `only a whole wing (${plural(height, 'card')}) may move under these rules`;
    if (wingMoves === 'single-or-whole' && count !== 1 && count !== height) {
      return `only the top card or the whole wing (${plural(height, 'card')}) may move under these rules`;
    }
    if (wingMoves === 'sv-partial' && this.wings[to - 1].length > 0) {
      // part of a run goes onto a wing only when the card it uncovers can go up now
      const run = this.runLength(from - 1);
      if (count < run) {
        const uncovered = wing[height - 1 - count];
        if (!this.nextFor(uncovered)) return `part of a run moves onto a wing only when the card it uncovers can go to its foundation, and ${formatCard(uncovered)} cannot`;
      }
    }
    return '';
  }

  /** Plays one move; returns why it is illegal, or '' once played. */
  play(move: Move): string {
    // RULES §10.17: until the first card up, which must be a trunk's, sets the base, nothing else moves
    if (this.rules.base === 'chosen' && this.baseRank < 0 && move.source !== 'K') return 'until the base is chosen (the first card up from a trunk) only trunk cards move';
    const named = move.card;
    const checkCard = (actual: number): string =>
      named !== NO_CARD && named !== actual ? `it moves ${formatCard(actual)}, not ${formatCard(named)}` : '';
    const wingNumberOk = (n: number) => n >= 1 && n <= this.wings.length;
    if (move.source === 'T') {
      if (this.stock.length === 0) return 'the stock is empty';
      // RULES §10.8: min(k, stock) cards one by one; the last one turned is the waste's top
      const turned = Math.min(this.turnSize(), this.stock.length);
      const top = this.stock[this.stock.length - turned];
      if (turned === 1) {
        const problem = checkCard(top);
        if (problem) return problem;
      } else if (named !== NO_CARD && named !== top) return `it leaves ${formatCard(top)} on the waste, not ${formatCard(named)}`;
      for (let i = 0; i < turned; i++) this.waste.push(this.stock.pop()!);
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
    // RULES §10.4 spaceBlock: while a wing is empty, nothing moves from a wing or the trunk onto a wing
    const blockedBy = move.target === 'W' && this.rules.spaceBlock === 'yes' ? this.emptyWing() : 0;
    // the cards that would move, bottom first
    let cards: number[];
    let spaceSource: SpaceSource;
    if (move.source === 'W') {
      const wing = this.wings[move.fromWing - 1];
      if (wing.length === 0) return `wing ${move.fromWing} is empty`;
      if (move.target === 'W' && move.toWing === move.fromWing) return 'a wing cannot move onto itself';
      if (blockedBy > 0) return `wing moves are blocked while wing ${blockedBy} is empty`;
      if (move.count > 1 && move.target !== 'W' && this.rules.foundations !== 'four-of-a-rank') return 'only one card at a time goes to a foundation';
      if (move.target === 'W') {
        const problem = this.groupProblem(move.count, move.fromWing, move.toWing);
        if (problem) return problem;
      }
      if (move.count > wing.length) return `wing ${move.fromWing} holds only ${plural(wing.length, 'card')}`;
      cards = wing.slice(wing.length - move.count);
      if (this.faceDown[move.fromWing - 1].slice(wing.length - move.count).includes(true)) return 'a face-down card cannot move';
      for (let i = 1; i < cards.length; i++) {
        if (!this.goesOn(cards[i], cards[i - 1])) return 'those cards are not in sequence';
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
    } else if (move.source === 'F') {
      // RULES §10.16: a foundation's top card back onto a wing; the card names the foundation
      if (this.rules.foundationBack !== 'yes') return 'no card comes back from a foundation under these rules';
      if (named === NO_CARD) return 'name the card that comes back from its foundation';
      const tops = [this.foundations[suitOf(named)], this.downFoundations[suitOf(named)]].map((pile) => pile[pile.length - 1]);
      if (!tops.includes(named)) return `${formatCard(named)} is not a foundation's top card`;
      if (move.target === 'F' && tops[0] === named) return `${formatCard(named)} is already on that foundation`;
      if (move.target === 'D' && tops[1] === named) return `${formatCard(named)} is already on that foundation`;
      cards = [named];
      spaceSource = 'foundations';
    } else {
      const several = this.rules.trunks > 1;
      if (several ? !(move.fromTrunk >= 1 && move.fromTrunk <= this.rules.trunks) : move.fromTrunk !== 0) {
        return several ? `name one of the ${this.rules.trunks} trunks, K1 to K${this.rules.trunks}` : `there is one trunk, written K`;
      }
      const index = several ? move.fromTrunk - 1 : 0;
      const card = this.trunkCard(index);
      if (card === NO_CARD) return this.trunkPiles[index].length === 0 ? `the trunk${several ? ` K${move.fromTrunk}` : ''} is empty` : 'the trunk card is face down';
      if (move.target === 'W') {
        if (this.rules.trunkPlay === 'last' || this.rules.trunkPlay === 'top-foundation') return 'the trunk card goes only to a foundation under these rules';
        const fillsSpace = this.wings[move.toWing - 1].length === 0;
        if (fillsSpace && !(this.rules.trunkFill === 'player' && this.rules.spaceFrom.includes('trunk'))) return 'the trunk card may not fill a space';
        if (blockedBy > 0) return `moves from the trunk onto a wing are blocked while wing ${blockedBy} is empty`;
      }
      cards = [card];
      spaceSource = 'trunk';
    }
    const problem = checkCard(cards[0]);
    if (problem) return problem;
    const choosing = this.rules.base === 'chosen' && this.baseRank < 0;
    if (move.target === 'F' && choosing) {
      // the first card up, of any rank, is the base
      this.baseRank = rankOf(cards[0]);
    } else if (move.target === 'F' && this.rules.foundations === 'four-of-a-rank') {
      // RULES §10.18: the foundation takes four cards of one rank at once, from a wing
      if (cards.length !== 4 || cards.some((card) => rankOf(card) !== rankOf(cards[0]))) return 'the foundation takes four cards of one rank at once, from a wing';
    } else if (move.target === 'F') {
      if (!this.nextFor(cards[0]) && !(move.source === 'F' && this.suitMeets(cards[0], 'up'))) return `${formatCard(cards[0])} is not next on its foundation`;
    } else if (move.target === 'D') {
      if (this.rules.foundations !== 'up-down') return 'no foundation builds down from the King under these rules';
      if (!this.nextDownFor(cards[0]) && !(move.source === 'F' && this.suitMeets(cards[0], 'down'))) return `${formatCard(cards[0])} is not next on its foundation down from the King`;
    } else {
      const landing = this.landingProblem(cards, move.toWing - 1, spaceSource);
      if (landing) return landing;
    }
    // legal: take the cards away, then put them down
    let emptied = -1;
    if (move.source === 'W') {
      const from = move.fromWing - 1;
      if (this.wings[from].length === cards.length) emptied = from;
      this.wings[from].splice(-cards.length);
      this.faceDown[from].splice(-cards.length);
      // RULES §10.14: a face-down card left on top is turned up
      if (this.faceDown[from].length > 0) this.faceDown[from][this.faceDown[from].length - 1] = false;
    }
    else if (move.source === 'X') this.waste.pop();
    else if (move.source === 'S') this.stock.pop();
    else if (move.source === 'F') {
      const up = this.foundations[suitOf(cards[0])];
      (up[up.length - 1] === cards[0] ? up : this.downFoundations[suitOf(cards[0])]).pop();
    }
    else {
      const pile = this.trunkPiles[this.rules.trunks > 1 ? move.fromTrunk - 1 : 0];
      pile.splice(this.rules.trunkPlay === 'top' || this.rules.trunkPlay === 'top-foundation' ? pile.length - 1 : 0, 1);
    }
    // a card onto the foundation it is next on; four of a rank (RULES §10.18), and a card over from its suit's other foundation, onto their suit's one
    if (move.target === 'F') for (const card of cards) (this.foundationFor(card) ?? this.suitFoundations(suitOf(card))[0]).push(card);
    else if (move.target === 'D') this.downFoundations[suitOf(cards[0])].push(cards[0]);
    else {
      this.wings[move.toWing - 1].push(...cards);
      this.faceDown[move.toWing - 1].push(...cards.map(() => false));
    }
    this.fillSpaces(emptied);
    return '';
  }
}

/**
 * Replays `moves` on the deal under `rules` (RULES §3, §5, §10, §10.9, §10.10). A deal the rules cannot
 * lay out (a fixed base whose slots hold other cards) is an InputError.
 */
export function verify(deck: Deck, rules: RuleSet, moves: readonly Move[]): VerifyResult {
  const table = new VerifyTable(deck, rules);
  for (let i = 0; i < moves.length; i++) {
    if (table.won()) {
      return { status: 'illegal', moveIndex: i, reason: `move ${i + 1} ${formatMove(moves[i])}: the game is already won`, foundationCards: CARD_COUNT * rules.decks };
    }
    const problem = table.play(moves[i]);
    if (problem) return { status: 'illegal', moveIndex: i, reason: `move ${i + 1} ${formatMove(moves[i])}: ${problem}`, foundationCards: table.foundationCards() };
  }
  return { status: table.won() ? 'ok' : 'incomplete', foundationCards: table.foundationCards() };
}
