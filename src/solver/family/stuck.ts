// The family search's dead-end test: a trunk card that can be shown never to move, so that the trunk never empties and the deal is lost from here.
import { CARD_COUNT, MAX_DECKS, RANK_COUNT, cardOf, rankFromBase, suitOf } from '../../cards.js';
import type { Game } from '../../engine.js';
import { dealtCard } from '../../layout.js';
import { BUILD_ALT_COLOUR_DOWN, BUILD_ANY_SUIT_DOWN, WING_MOVES_WHOLE } from '../../rules.js';

/** heldForever's answers. */
const HELD = 0;
const HELD_ESCAPES = 1;
const WING_EMPTIES = 2;
/** The card numbers of four decks (RULES §10.19: card v of deck k is v + 52k), and the words of a set of them, a bit each. */
const MAX_CARDS = CARD_COUNT * MAX_DECKS;
const MAX_WORDS = Math.ceil(MAX_CARDS / 32);
/** The words of one deck's sets: StuckTrunk's own steps write them in (DecksStuckTrunk loops over `words`). */
const ONE_DECK_WORDS = 2;
/** Where a card in play lies (`where`): the stock or waste, the trunk, a wing (a foundation card's entry is never read). */
const IN_STOCK = 1;
const IN_TRUNK = 2;
const ON_WING = 3;

/** Every rank, a bit each. */
const ALL_RANKS = (1 << RANK_COUNT) - 1;

/** A suit's ranks, a bit each, in a one-deck set of cards (two words: card suit·13 + rank at bit c & 31 of word c >> 5). */
function suitRanks(low: number, high: number, suit: number): number {
  const from = suit * RANK_COUNT;
  if (from + RANK_COUNT <= 32) return (low >>> from) & ALL_RANKS;
  if (from >= 32) return (high >>> (from - 32)) & ALL_RANKS;
  return ((low >>> from) | (high << (32 - from))) & ALL_RANKS;
}

/**
 * The runs' places in walk order (runsNeeded): a run steps down one rank a card, round the corner, and under alternate
 * colours turns colour too. Walk position k holds rank 12 - (k mod 13), red where k is even (the 26 places of alternate
 * colours: k and k + 13 are one rank's two colours, since 13 is odd), and under any suit rank 12 - k (13 places). So a
 * step down is a step to k + 1, and from the last position back to the first. Each table turns a 13-bit rank mask, in two
 * pieces (ranks 0-6 and 7-12), into the walk positions of those ranks' red places, black places, or any-suit places.
 */
const WALK_LOW_BITS = 7;
const WALK_RED_LOW = new Int32Array(1 << WALK_LOW_BITS);
const WALK_RED_HIGH = new Int32Array(1 << (RANK_COUNT - WALK_LOW_BITS));
const WALK_BLACK_LOW = new Int32Array(1 << WALK_LOW_BITS);
const WALK_BLACK_HIGH = new Int32Array(1 << (RANK_COUNT - WALK_LOW_BITS));
const WALK_ANY_LOW = new Int32Array(1 << WALK_LOW_BITS);
const WALK_ANY_HIGH = new Int32Array(1 << (RANK_COUNT - WALK_LOW_BITS));
for (let rank = 0; rank < RANK_COUNT; rank++) {
  const k = RANK_COUNT - 1 - rank;
  const red = 1 << (k % 2 === 0 ? k : k + RANK_COUNT);
  const black = 1 << (k % 2 === 0 ? k + RANK_COUNT : k);
  const high = rank >= WALK_LOW_BITS;
  const index = high ? rank - WALK_LOW_BITS : rank;
  for (let mask = 0; mask < (high ? WALK_RED_HIGH : WALK_RED_LOW).length; mask++) {
    if (((mask >> index) & 1) === 0) continue;
    (high ? WALK_RED_HIGH : WALK_RED_LOW)[mask] |= red;
    (high ? WALK_BLACK_HIGH : WALK_BLACK_LOW)[mask] |= black;
    (high ? WALK_ANY_HIGH : WALK_ANY_LOW)[mask] |= 1 << k;
  }
}
function walkRed(ranks: number): number {
  return WALK_RED_LOW[ranks & 0x7f] | WALK_RED_HIGH[ranks >> WALK_LOW_BITS];
}
function walkBlack(ranks: number): number {
  return WALK_BLACK_LOW[ranks & 0x7f] | WALK_BLACK_HIGH[ranks >> WALK_LOW_BITS];
}
function walkAny(ranks: number): number {
  return WALK_ANY_LOW[ranks & 0x7f] | WALK_ANY_HIGH[ranks >> WALK_LOW_BITS];
}

/**
 * Shows, where it can, that a trunk card never moves again: then the trunk never empties, and no line
 * from the position wins. The test supposes that a trunk card A never moves and follows what that
 * allows, always allowing more than the rules do:
 * - A and the cards under it stay in the trunk; the cards above it may leave it, in any order.
 * - A wing empties only when its deepest card moves. The test answers "not shown" when a wing is empty
 *   now. Under `trunkFill player`, it also answers "not shown" when a wing's deepest card might ever
 *   move: so no space is ever there to fill, and no card comes to lie in one. Under `trunkFill auto`
 *   (the spaces' count), the trunk's top fills a space at once, and the trunk is never empty while A
 *   stays: so once some wing's deepest card might move, each trunk card above A might come to lie in a
 *   space, a wing's top there, and no other card ever does.
 * - A card might come to be a wing's top (`canTop`) when it is one now, when the card on it might
 *   leave it (below), or when it is off the wings (stock, waste, the trunk above A) and a card it goes
 *   on (RULES §10.5) might be a wing's top.
 * - A stock or waste card is in play only where it might come to the waste's top: it is the top now,
 *   or a turn ends on it (in the pass under way, or in a pass from the start with the cards there now),
 *   or a card after it in dealing order might move (the card on it in the waste is played; or the
 *   cards after it are gone and it ends the pass), or a card before it might move (the groups of
 *   later passes shift). Under three-card turns that keeps a card buried under cards that never
 *   move out of play: a card can leave the waste only from its top.
 * - A card might go up (`canGoUp`) when it might be a wing's top or is off the wings (in play), and
 *   each card of its suit it needs first might go up (RULES §10.19, several decks: some copy of each rank
 *   from its slot's height, readFoundations; every copy is a card of its own in the sets, and "a card it goes on"
 *   is each copy of each value it goes on).
 * - A wing card leaves the card under it only when it goes up or heads a group moved onto a card it
 *   goes on (any group, whatever the preset's wing moves, but under `whole`, where only a whole wing
 *   moves, a wing's deepest card alone heads one): so when it might go up, or a card it goes on might
 *   be a wing's top. A card moved inside a group stays on the same card, and the card it lies on
 *   after heading a group was a wing's top already. A wing's deepest card that leaves empties the wing
 *   (`canMove`, which also holds each stock or waste card that might leave: played to a wing or up).
 * The sets only grow, to a fixed point. A then never moves when a card of its suit it needs first
 * might never go up, no card it goes on might be a wing's top, and it never meets a space: its three
 * ways out (foundation, a build, a space) are shut. It never meets a space when no wing's deepest card
 * might move, or (the spaces' count, spacesRunOut) when every wing is held for good by the time A is
 * the trunk's top. A wing is held for good by a deepest card that never moves, or by a trunk card above
 * A that never goes up and goes on no card that might be a wing's top: such a card can leave the trunk
 * only into a space, must leave before A is the top, and never moves from there, so it holds that wing
 * alone; or (the runs, runsNeeded) when the cards that never go up need as many wings as there are, by the runs they
 * must lie in then. Each card that moves, goes up or is a wing's top at some point in a line is in the sets by then
 * (induction on the line), so the test never calls a position lost that a line wins.
 *
 * The fixed point is the least one whatever the order its steps are taken in, so it is grown from a set of
 * cards to look at (`pending`): a card is looked at again only when something its step reads has grown
 * (a card it goes on joins canTop, its suit's run lengthens, it comes into play, or, for a wing card that
 * might go up, it joins canTop itself), not in sweeps over every card in play. A wing card that leaves the card under
 * it reads nothing more from canTop's growth but its own going up, and one that might go up reads nothing at all: it
 * is not looked at again for them.
 *
 * Only under `trunkPlay top`, where the trunk's cards leave it from the top down.
 */
export class StuckTrunk {
  /** The card numbers of the game's decks (52 a deck), and the words of a set of them (two with one deck). */
  protected cards = CARD_COUNT;
  protected words = ONE_DECK_WORDS;
  /** RULES §10.19: the game's decks, and so each suit's foundations. */
  protected decks = 1;
  /** 1 for each card on a wing. */
  private readonly onWing = new Uint8Array(MAX_CARDS);
  /** The card lying on each wing card (-1: none). */
  private readonly onTop = new Int16Array(MAX_CARDS);
  /** canTop as a set of cards, a bit each (card c: word c >> 5, bit c & 31), so that "a card it goes on might be a wing's top" is one mask test. */
  protected readonly canTop = new Int32Array(MAX_WORDS);
  /** The stock or waste cards that might leave (played to a wing or up), and the wings' deepest cards that might leave their wing, as a set of cards (the stock's walk and spacesRunOut read it; a trunk card's bit is never read). */
  protected readonly canMove = new Int32Array(MAX_WORDS);
  /** The cards that might go up, as a set of cards (the foundations' runs count these alone: a card moved inside a group does not). */
  protected readonly canGoUp = new Int32Array(MAX_WORDS);
  /** For each card, the cards it goes on (RULES §10.5), as a set of cards (`words` words a card, as canTop). */
  private readonly landings = new Int32Array(MAX_CARDS * MAX_WORDS);
  /** For each card, the cards that go on it (RULES §10.5), as a set of cards: landings turned round. */
  protected readonly landers = new Int32Array(MAX_CARDS * MAX_WORDS);
  /** The cards that go on some card of canTop (landingMightBeTop as one bit), grown with canTop. */
  protected readonly landsOnTop = new Int32Array(MAX_WORDS);
  /** Wing cards, each wing from its deepest card up. */
  private readonly wingCards = new Uint8Array(MAX_CARDS);
  private readonly wingStarts = new Uint8Array(16);
  /** Each card's rank counted from the base, and its suit (tables: the fixed point reads them for every card it looks at). */
  protected readonly fromBase = new Int8Array(MAX_CARDS);
  protected readonly suit = new Int8Array(MAX_CARDS);
  /**
   * Each card's foundation, the one whose upTo says whether it might go up (upAllowed): with one deck its suit's (the
   * suit table itself); with several, its suit's highest foundation at or below the card's rank, written for the
   * position (readFoundations; suit·decks + the foundation's place, highest first).
   */
  protected slot = this.suit;
  /** Each suit's first deck's cards in foundation order: suit·13 + k is the k-th from the base. */
  protected readonly inFoundationOrder = new Uint8Array(CARD_COUNT);
  /** Per foundation (as slot): its height, and the rank from the base up to which cards might go up on it (upAllowed): the height and the run of ranks from its next on of which some card might go up. */
  protected readonly heights = new Int8Array(4 * MAX_DECKS);
  protected readonly upTo = new Int8Array(4 * MAX_DECKS);
  /** The stock's and waste's cards in dealing order (the waste's first), and the places a turn may end on (readStock), a bit each (as canTop). */
  private readonly stockOrder = new Uint8Array(MAX_CARDS);
  protected readonly turnEnds = new Int32Array(MAX_WORDS);
  private stockCount = 0;
  /** Cards a turn puts on the waste: 0 where every card can be turned to alone (one-card turns, or a turn that shrinks). */
  private turn = 0;
  /** The redeals the rules allow (UNLIMITED_REDEALS: no last pass), and the rules' turn (turnShrinks: 3-2-1). */
  private redeals = 0;
  private dealtTurn = 1;
  private turnShrinks = false;
  /** `trunkFill auto`: the trunk's top fills a space at once (the spaces' count, above). */
  private trunkFills = false;
  /** `wingMoves whole` (RULES §3.8): a wing card heads a group only as its wing's deepest card. */
  private wholeWings = false;
  /** In the sets under way: some wing's deepest card might move (under `trunkFill auto`, the trunk's cards in play might then lie in a space). */
  private spaceMayOpen = false;
  /** The trunk cards from this place up are in play (the trunk's count: none yet). */
  private trunkInPlayFrom = 0;
  /** For each card in play, where it lies (IN_STOCK …), and its place there: its index in stockOrder, or in wingCards. */
  private readonly where = new Uint8Array(MAX_CARDS);
  private readonly placeOf = new Uint8Array(MAX_CARDS);
  /** The wings' deepest cards, as a set of cards (as canTop). */
  protected readonly feet = new Int32Array(MAX_WORDS);
  /** The cards in play, as a set of cards (as canTop): the wings' (until they might go up: their steps are done), the trunk's above the held card, and the stock's that might come to the waste's top. */
  protected readonly live = new Int32Array(MAX_WORDS);
  /** The wing cards whose step found that they leave the card under them (or, a wing's deepest, their wing): a card joining canTop that they go on is no news to them. */
  protected readonly leaving = new Int32Array(MAX_WORDS);
  /** The cards in play to look at again: something their step reads has grown since they were last looked at (a set of cards). */
  protected readonly pending = new Int32Array(MAX_WORDS);
  /** Per suit and rank from the base k (0 … 13): the suit's cards up to k, every deck's, as a set of cards (at (suit·14 + k)·words). */
  protected readonly suitUpTo = new Int32Array(4 * (RANK_COUNT + 1) * MAX_WORDS);
  /** The stock places (dealing order) whose card might come to the waste's top, a bit each (as canTop). */
  protected readonly reached = new Int32Array(MAX_WORDS);
  /** The first stock place whose card might leave (stockCount: none): every card after it might come to the waste's top. */
  private firstStockMover = 0;
  /** The wings spacesRunOut last counted as held for good (at most the wings' number). */
  private wingsHeld = 0;
  /** The runs are counted (runsNeeded): `trunkFill auto`, wings dealt one card each, one deck, building down in alternate colours or in any suit. */
  private runsArgued = false;
  private altColour = false;
  /** For the runs' count, as sets of cards: the wings' cards (readPosition), and the trunk's in play (above the held card). */
  private readonly wingSet = new Int32Array(ONE_DECK_WORDS);
  private readonly trunkAbove = new Int32Array(ONE_DECK_WORDS);
  /**
   * The walk positions (runsNeeded) a run cannot step into from the one before, whatever lies where: no card of the rank
   * before takes a card of theirs (RULES §10.5; no corner).
   */
  private linkEdges = 0;

  /**
   * `lastPass`: read the last pass's waste as a stack (rule F9); `byWholeWings`: under `wingMoves whole`, let a wing's
   * deepest card alone head a group (rule F6); `byRuns`: count the runs the cards that never go up must lie in (rule
   * F6's runs). Each false only in the tests, which show that the positions they check are the rule's own (the test
   * without it does not call them lost).
   */
  constructor(
    private readonly lastPass = true,
    private readonly byWholeWings = true,
    private readonly byRuns = true,
  ) {}

  /** Reads the rules' builds and the trunk's order for the solve of `game`. */
  prepare(game: Game): void {
    const base = game.layout.baseRank;
    const rules = game.compiled;
    this.turn = rules.turn > 1 && !rules.turnShrinks ? rules.turn : 0;
    this.trunkFills = rules.trunkFillsAuto;
    this.wholeWings = this.byWholeWings && rules.wingMoves === WING_MOVES_WHOLE;
    this.redeals = rules.redeals;
    this.dealtTurn = rules.turn;
    this.turnShrinks = rules.turnShrinks;
    const decks = game.decks;
    // one deck's sets are two words written in: DecksStuckTrunk takes more
    if (decks > this.decksTaken()) throw new Error(`stuck-trunk test: ${decks} decks asked of a one-deck test`);
    const cards = CARD_COUNT * decks;
    const words = Math.ceil(cards / 32);
    this.decks = decks;
    this.cards = cards;
    this.words = words;
    const landings = this.landings;
    landings.fill(0);
    this.landers.fill(0);
    for (let card = 0; card < cards; card++) {
      this.fromBase[card] = rankFromBase(card, base);
      this.suit[card] = suitOf(card);
      if (card < CARD_COUNT) this.inFoundationOrder[suitOf(card) * RANK_COUNT + this.fromBase[card]] = card;
      for (let onto = 0; onto < cards; onto++) {
        if (!game.goesOn(card, onto)) continue;
        landings[card * words + (onto >> 5)] |= 1 << (onto & 31);
        this.landers[onto * words + (card >> 5)] |= 1 << (card & 31);
      }
    }
    // the runs' count reads one deck's ranks and colours, and wings that are runs from their deepest card up
    this.altColour = rules.build === BUILD_ALT_COLOUR_DOWN;
    this.runsArgued = this.byRuns && this.trunkFills && decks === 1 && game.layout.wingCards === 1 && (this.altColour || rules.build === BUILD_ANY_SUIT_DOWN);
    this.linkEdges = 0;
    const walkPlaces = this.altColour ? 2 * RANK_COUNT : RANK_COUNT;
    for (let rank = 0; rank < RANK_COUNT && this.runsArgued; rank++) {
      let linked = false;
      for (let suit = 0; suit < 16 && !linked; suit++) linked = game.goesOn(cardOf(suit >> 2, (rank + RANK_COUNT - 1) % RANK_COUNT), cardOf(suit & 3, rank));
      if (linked) continue;
      // the positions whose position before holds this rank (rank 12 - k mod 13 at k): one a colour
      for (let k = RANK_COUNT - rank; k <= walkPlaces - rank; k += RANK_COUNT) this.linkEdges |= 1 << (k % walkPlaces);
    }
    const suitUpTo = this.suitUpTo;
    suitUpTo.fill(0);
    for (let suit = 0; suit < 4; suit++) {
      for (let k = 0; k <= RANK_COUNT; k++) {
        for (let from = 0; from <= k && from < RANK_COUNT; from++) {
          // every deck's copy (RULES §10.19: v + 52k)
          for (let card = this.inFoundationOrder[suit * RANK_COUNT + from]; card < cards; card += CARD_COUNT) {
            suitUpTo[(suit * (RANK_COUNT + 1) + k) * words + (card >> 5)] |= 1 << (card & 31);
          }
        }
      }
    }
  }

  /** The decks this test's sets take. */
  protected decksTaken(): number {
    return 1;
  }

  /** Whether some trunk card can be shown never to move (the position is then lost). */
  isStuck(game: Game): boolean {
    const trunk = game.trunkCount();
    if (trunk === 0) return false;
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) if (game.wingHeight(wing) === 0) return false;
    let read = false;
    // the deepest place still worth a fixed point after the spaces' count fell short (below)
    let nextWorth = trunk - 1;
    // every trunk card is worth the test: one whose foundation's next cards lie on the wings may wait on a
    // card that only ever moves inside a group as surely as on a card under it in the trunk
    for (let place = trunk - 1; place >= 0; place--) {
      if (place > nextWorth) continue;
      if (!read) {
        this.readPosition(game);
        this.startSets(game);
        if (!this.trunkFills && this.wingMayEmpty(game)) return false;
        read = true;
      }
      const found = this.heldForever(game, place);
      if (found === HELD) return true;
      if (found === WING_EMPTIES) {
        // a card deeper down frees more cards above it: the wing that might empty still might
        if (!this.trunkFills) return false;
        // but under trunkFill auto more cards leave the trunk before it. The count only falls as the
        // sets grow, so a place deeper down gains at most its new cards above: one a place
        nextWorth = place - (wings - this.wingsHeld);
      }
    }
    return false;
  }

  /** The foundations' heights, the wings' cards (each wing from its deepest card up) and the stock's. */
  private readPosition(game: Game): void {
    const onTop = this.onTop;
    // which card lies on which is for wingMayEmpty alone (trunkFill player)
    const marks = !this.trunkFills;
    // the game's cards alone: the table is four decks long
    if (marks) this.onWing.fill(0, 0, this.cards);
    // a foundation card's entry is left as it was, and a trunk card's is written when it comes into play (heldForever):
    // only cards in play are ever looked up
    this.readFoundations(game);
    let at = 0;
    const wings = game.wings;
    const live = this.live;
    const feet = this.feet;
    this.clearWingSets();
    // RULES §10.14: the dealt cards under a run are read as more cards of the wing under it (docs/solver.md, rule F6)
    const dealt = game.layout.wingCards > 1;
    // one deck names each card by its own number (nameOf is for twins)
    const twins = this.decks > 1;
    for (let wing = 0; wing < wings; wing++) {
      const height = game.wingHeight(wing);
      const total = dealt ? height + game.dealtUnder(wing) : height;
      this.wingStarts[wing] = at;
      at += total;
      let above = -1;
      let read = game.wingTop(wing);
      let card = read;
      for (let depth = 0; depth < total; depth++) {
        if (depth >= height) read = dealtCard(game.layout, wing, total - 1 - depth);
        else if (depth > 0) read = game.cardUnderOnWing(read);
        card = twins ? this.nameOf(read) : read;
        if (marks) {
          this.onWing[card] = 1;
          onTop[card] = above;
        }
        this.wingCards[at - 1 - depth] = card;
        this.where[card] = ON_WING;
        this.placeOf[card] = at - 1 - depth;
        live[card >> 5] |= 1 << (card & 31);
        above = card;
      }
      if (total > 0) feet[card >> 5] |= 1 << (card & 31);
    }
    this.wingStarts[wings] = at;
    if (this.runsArgued) {
      // live holds the wings' cards alone until the stock's and the trunk's come into play
      this.wingSet[0] = live[0];
      this.wingSet[1] = live[1];
      this.trunkAbove[0] = this.trunkAbove[1] = 0;
    }
    this.readStock(game);
  }

  /** Each suit's foundation height (DecksStuckTrunk: each foundation's, and the cards' slots). */
  protected readFoundations(game: Game): void {
    for (let suit = 0; suit < 4; suit++) this.heights[suit] = game.foundationHeight(suit);
  }

  /** A wing card's number for the test: its own with one deck (DecksStuckTrunk: a twin's where another card has it). */
  protected nameOf(card: number): number {
    return card;
  }

  /** Empties the sets readPosition fills: two words with one deck. */
  protected clearWingSets(): void {
    this.live[0] = this.live[1] = this.feet[0] = this.feet[1] = 0;
  }

  /**
   * The stock's and waste's cards in dealing order, and turnEnds: the places where a card is the waste's top now,
   * or a turn of the pass under way, or of a pass from the start, ends on it (each group of `turn`
   * cards, the last group perhaps shorter). Other cards come to the waste's top only when a card
   * after them (the one on them in the waste) or before them (shifting the groups) leaves.
   */
  private readStock(game: Game): void {
    const stock = game.layout.stockCards;
    const pointer = game.stockPointer();
    const turn = this.turn;
    let count = 0;
    let firstStock = -1;
    // the filled places word by word, lowest first: dealing order
    const stockWords = (stock.length + 31) >> 5;
    for (let word = 0; word < stockWords; word++) {
      for (let bits = game.stockPlaceBits(word); bits !== 0; bits &= bits - 1) {
        const index = 32 * word + 31 - Math.clz32(bits & -bits);
        const card = stock[index];
        if (index >= pointer && firstStock < 0) firstStock = count;
        this.where[card] = IN_STOCK;
        this.placeOf[card] = count;
        this.stockOrder[count++] = card;
      }
    }
    this.stockCount = count;
    const ends = this.turnEnds;
    if (this.lastPass && game.redealsUsed() >= this.redeals) {
      // RULES §10.8: a turn that shrinks is 3, 2, then 1 card a pass
      this.lastPassEnds(count, firstStock, this.turnShrinks ? Math.max(1, 3 - game.redealsUsed()) : this.dealtTurn);
      return;
    }
    if (turn === 0) {
      this.everyPlaceEnds(count);
      return;
    }
    this.clearEnds();
    // where turns end: counters from the pass's start (fresh) and from the stock's first card (inPass), cheaper than a division a card
    let fromStart = 0;
    let fromStock = 0;
    for (let j = 0; j < count; j++) {
      const last = j === count - 1;
      const fresh = ++fromStart === turn || last;
      if (fromStart === turn) fromStart = 0;
      let inPass = false;
      if (firstStock >= 0 && j >= firstStock) {
        inPass = ++fromStock === turn || last;
        if (fromStock === turn) fromStock = 0;
      }
      const wasteTop = firstStock < 0 ? last : j === firstStock - 1;
      if (fresh || inPass || wasteTop) ends[j >> 5] |= 1 << (j & 31);
    }
  }

  /**
   * turnEnds on the last pass (no redeal left): the waste's top, and the stock's places a turn of this
   * pass ends on (each of them under one-card turns). A waste card under the top comes to the top only
   * when the card on it leaves (stockCardMoves), since no later pass turns to it.
   */
  private lastPassEnds(count: number, firstStock: number, turn: number): void {
    const ends = this.turnEnds;
    this.clearEnds();
    const wasteTop = firstStock < 0 ? count - 1 : firstStock - 1;
    if (wasteTop >= 0) ends[wasteTop >> 5] |= 1 << (wasteTop & 31);
    if (firstStock < 0) return;
    for (let j = firstStock, fromStock = 0; j < count; j++) {
      if (++fromStock === turn || j === count - 1) {
        fromStock = 0;
        ends[j >> 5] |= 1 << (j & 31);
      }
    }
  }

  /** turnEnds: every place of `count` (at most 52 with one deck, below 64). */
  protected everyPlaceEnds(count: number): void {
    this.turnEnds[0] = count >= 32 ? -1 : (1 << count) - 1;
    this.turnEnds[1] = count > 32 ? (1 << (count - 32)) - 1 : 0;
  }

  protected clearEnds(): void {
    this.turnEnds[0] = this.turnEnds[1] = 0;
  }

  /** A quick look before the fixed point: a wing's deepest card goes on another wing's top now, or is alone and goes up now. */
  private wingMayEmpty(game: Game): boolean {
    const wings = game.wings;
    for (let wing = 0; wing < wings; wing++) {
      const deepest = this.wingCards[this.wingStarts[wing]];
      if (this.wingStarts[wing + 1] - this.wingStarts[wing] === 1 && game.canGoToFoundation(deepest)) return true;
      for (let word = 0; word < this.words; word++) {
        for (let bits = this.landings[deepest * this.words + word]; bits !== 0; bits &= bits - 1) {
          const onto = 32 * word + 31 - Math.clz32(bits & -bits);
          if (this.onWing[onto] !== 0 && this.onTop[onto] < 0) return true;
        }
      }
    }
    return false;
  }

  /** Empty sets but for the wings' tops, before the first heldForever of a position; the wings' cards and the stock's that might come to the waste's top now in play. */
  private startSets(game: Game): void {
    this.clearSets();
    this.spaceMayOpen = false;
    this.trunkInPlayFrom = game.trunkCount();
    this.firstStockMover = this.stockCount;
    // the wings' cards are in play already (readPosition): a wing card does something only once it or a card it goes
    // on might be a wing's top, and addToCanTop looks at it then
    for (let word = 0; word < this.words; word++) {
      for (let bits = this.turnEnds[word]; bits !== 0; bits &= bits - 1) this.reach(32 * word + 31 - Math.clz32(bits & -bits));
    }
    for (let wing = 0; wing < game.wings; wing++) this.addToCanTop(this.wingCards[this.wingStarts[wing + 1] - 1]);
  }

  /** Empties the fixed point's sets, and starts each foundation's run at its height. */
  protected clearSets(): void {
    // two-word sets: cheaper cleared word by word than by fill()
    this.canTop[0] = this.canTop[1] = 0;
    this.landsOnTop[0] = this.landsOnTop[1] = 0;
    this.canMove[0] = this.canMove[1] = 0;
    this.canGoUp[0] = this.canGoUp[1] = 0;
    this.pending[0] = this.pending[1] = 0;
    this.leaving[0] = this.leaving[1] = 0;
    this.reached[0] = this.reached[1] = 0;
    for (let suit = 0; suit < 4; suit++) this.upTo[suit] = this.heights[suit];
  }

  /**
   * The fixed point for "deck[place] never moves", from the sets of the last held card above it (or
   * startSets'): those hold only cards that might move, go up or be a wing's top here too, since every card
   * in play there is in play here, so the sets grow to the same fixed point. HELD when its ways out
   * are then shut, else which one might open. The cards in play are looked at again only when
   * something their step reads has grown (pending), and what is pending when an answer comes early
   * carries over to the next place.
   */
  private heldForever(game: Game, place: number): number {
    const deck = game.layout.deck;
    const where = this.where;
    const held = deck[place];
    const heldWord = held >> 5;
    const heldBit = 1 << (held & 31);
    const heldSlot = this.slot[held];
    const heldFrom = this.fromBase[held];
    const upTo = this.upTo;
    const landsOnTop = this.landsOnTop;
    // the cards from the last held card down to this one are in play now, and in the spaces once they might open
    for (let i = place + 1; i < this.trunkInPlayFrom; i++) {
      where[deck[i]] = IN_TRUNK;
      if (this.runsArgued) this.trunkAbove[deck[i] >> 5] |= 1 << (deck[i] & 31);
      this.bringIn(deck[i]);
      if (this.spaceMayOpen) this.addToCanTop(deck[i]);
    }
    this.trunkInPlayFrom = place + 1;
    // the count of wings held for good changes with the place, and with a wing's deepest card that might leave
    let countAgain = true;
    for (;;) {
      // the sets only grow (those carried from above may free the held card already), and the count of
      // wings held for good only falls with them: short already, it stays short
      if (heldFrom <= upTo[heldSlot] || (landsOnTop[heldWord] & heldBit) !== 0) return HELD_ESCAPES;
      if (countAgain && this.spaceMayOpen) {
        countAgain = false;
        if (!this.spacesRunOut(game, place)) return WING_EMPTIES;
      }
      const card = this.nextPending();
      if (card < 0) return this.spaceMayOpen && !this.spacesRunOut(game, place) ? WING_EMPTIES : HELD;
      if (where[card] !== ON_WING) this.offWingStep(card);
      else if (this.wingStep(card)) {
        // the trunk's top fills the space at once
        if (!this.trunkFills) return WING_EMPTIES;
        countAgain = true;
        if (!this.spaceMayOpen) {
          this.spaceMayOpen = true;
          for (let i = this.trunkInPlayFrom; i < game.trunkCount(); i++) this.addToCanTop(deck[i]);
        }
      }
    }
  }

  /** Takes a card out of pending, the lowest first (-1: none). */
  protected nextPending(): number {
    const pending = this.pending;
    const low = pending[0];
    if (low !== 0) {
      const bit = low & -low;
      pending[0] = low ^ bit;
      return 31 - Math.clz32(bit);
    }
    const high = pending[1];
    if (high === 0) return -1;
    const bit = high & -high;
    pending[1] = high ^ bit;
    return 63 - Math.clz32(bit);
  }

  /**
   * Whether, at the fixed point, every wing has a card at its foot for good by the time deck[place]
   * is the trunk's top, so that it never meets a space: the wings whose deepest card never moves,
   * and the trunk cards above it that can leave the trunk only into a space and never move from
   * there (they never go up and nothing they go on might be a wing's top), each of which must leave
   * before deck[place] is the top and then holds a wing of its own for good. Or the runs that the cards that never go
   * up must lie in then (runsNeeded) need every wing; wingsHeld, for the skip to a deeper card, is the larger count.
   */
  private spacesRunOut(game: Game, place: number): boolean {
    const wings = game.wings;
    let held = 0;
    for (let wing = 0; wing < wings; wing++) {
      const foot = this.wingCards[this.wingStarts[wing]];
      if ((this.canMove[foot >> 5] & (1 << (foot & 31))) === 0) held++;
    }
    const deck = game.layout.deck;
    for (let i = place + 1; i < game.trunkCount() && held < wings; i++) {
      const card = deck[i];
      if (!this.upAllowed(card) && !this.landingMightBeTop(card)) held++;
    }
    if (held < wings && this.runsArgued) {
      const runs = this.runsNeeded();
      if (runs > held) held = runs;
    }
    this.wingsHeld = held;
    return held >= wings;
  }

  /**
   * The fewest runs that can hold, on the wings, every card that never goes up of the wings' cards and the trunk's above
   * deck[place], when deck[place] would meet a space (rule F6's runs). Then each of them lies on a wing (a wing card
   * leaves the wings only by going up: the trunk fills each space at once; a trunk card above deck[place] has left the
   * trunk, onto a wing or into a space), every wing is one run down from its deepest card, and some wing is empty: so
   * when the runs number at least the wings, deck[place] never meets a space. A run steps down one rank a card, under
   * alternate colours turning colour too: round the places (rank, colour), 26 of them (any suit: the 13 ranks). It stops
   * at a place none of whose cards might lie on a wing (each up now, in the trunk from deck[place] down, or a stock card
   * that lands on no wing's top), and where nothing of the rank below goes on the rank; cut there, the places fall into
   * stretches, each run within one and holding at most one card of a place. So a stretch needs at least the most cards
   * of one place. 0 when nothing cuts: a run may then go round and hold a place's cards twice. Counted a word at a time:
   * the places in walk order (walkRed …), each stretch a run of bits from a start to the next shut place or start, and
   * its count the most cards of a place in it (one, two, three or four at some place of it).
   */
  private runsNeeded(): number {
    // the cards that might lie on a wing (canTop holds the stock's that might), and those of them that stay, as ranks a suit
    const may0 = this.wingSet[0] | this.trunkAbove[0] | this.canTop[0];
    const may1 = this.wingSet[1] | this.trunkAbove[1] | this.canTop[1];
    const stay0 = (this.wingSet[0] | this.trunkAbove[0]) & ~this.canGoUp[0];
    const stay1 = (this.wingSet[1] | this.trunkAbove[1]) & ~this.canGoUp[1];
    if ((stay0 | stay1) === 0) return 0;
    const clubs = suitRanks(stay0, stay1, 0);
    const diamonds = suitRanks(stay0, stay1, 1);
    const hearts = suitRanks(stay0, stay1, 2);
    const spades = suitRanks(stay0, stay1, 3);
    const redMay = suitRanks(may0, may1, 1) | suitRanks(may0, may1, 2);
    const blackMay = suitRanks(may0, may1, 0) | suitRanks(may0, may1, 3);
    // the places that might hold a card on a wing, and those holding at least one, two (… four, any suit) cards that stay
    let places: number;
    let open: number;
    let one: number;
    let two: number;
    let three = 0;
    let four = 0;
    if (this.altColour) {
      places = 2 * RANK_COUNT;
      open = walkRed(redMay) | walkBlack(blackMay);
      one = walkRed(diamonds | hearts) | walkBlack(clubs | spades);
      two = walkRed(diamonds & hearts) | walkBlack(clubs & spades);
    } else {
      places = RANK_COUNT;
      open = walkAny(redMay | blackMay);
      one = walkAny(clubs | diamonds | hearts | spades);
      two = walkAny((clubs & (diamonds | hearts | spades)) | (diamonds & (hearts | spades)) | (hearts & spades));
      three = walkAny((clubs & diamonds & (hearts | spades)) | (hearts & spades & (clubs | diamonds)));
      four = walkAny(clubs & diamonds & hearts & spades);
    }
    const full = (1 << places) - 1;
    const edges = this.linkEdges;
    // nothing cuts: a run may go round
    if (open === full && edges === 0) return 0;
    // a stretch starts at an open place whose place before is shut, or where the rank before takes nothing from its own
    const before = ((open << 1) | (open >>> (places - 1))) & full;
    let starts = open & (~before | edges);
    // turned so that a stretch starts at position 0: none then runs over the word's end
    const turn = 31 - Math.clz32(starts & -starts);
    const back = places - turn;
    starts = ((starts >>> turn) | (starts << back)) & full;
    open = ((open >>> turn) | (open << back)) & full;
    one = ((one >>> turn) | (one << back)) & full;
    two = ((two >>> turn) | (two << back)) & full;
    three = ((three >>> turn) | (three << back)) & full;
    four = ((four >>> turn) | (four << back)) & full;
    const ends = ~open | starts;
    let runs = 0;
    for (; starts !== 0; starts &= starts - 1) {
      const from = starts & -starts;
      // the stretch: from its start up to the next shut place or start
      const after = ends & ~(from | (from - 1));
      const stretch = (after === 0 ? full + 1 : after & -after) - from;
      if ((one & stretch) !== 0) runs += 1 + ((two & stretch) !== 0 ? 1 + ((three & stretch) !== 0 ? 1 + ((four & stretch) !== 0 ? 1 : 0) : 0) : 0);
    }
    return runs;
  }

  /** A card off the wings, in play (the stock's or the trunk's): it might be put on a wing's top it goes on, or go up. */
  private offWingStep(card: number): void {
    const word = card >> 5;
    const bit = 1 << (card & 31);
    let top = (this.canTop[word] & bit) !== 0;
    if (!top && (this.landsOnTop[word] & bit) !== 0) {
      this.addToCanTop(card);
      top = true;
    }
    const up = this.fromBase[card] <= this.upTo[this.slot[card]];
    if (up && (this.canGoUp[word] & bit) === 0) this.goesUp(card);
    if ((this.canMove[word] & bit) === 0 && (up || top)) {
      this.canMove[word] |= bit;
      if (this.where[card] === IN_STOCK) this.stockCardMoves(this.placeOf[card]);
    }
  }

  /**
   * A wing card: it might go up, and it leaves the card under it when it might go up or head a group
   * onto a card it goes on that might be a wing's top (that card becomes a possible top). Whether it
   * is a wing's deepest card that has just become one that might leave (a space might open). Under
   * `wingMoves whole` only a wing's deepest card heads a group (a whole wing): any other leaves the card
   * under it only by going up. No wing card lands in a space here: under `trunkFill auto` the trunk's top
   * fills each at once (the held card keeps the trunk from emptying), and under `trunkFill player` the
   * test ends as soon as a wing's deepest card might move.
   */
  private wingStep(card: number): boolean {
    const word = card >> 5;
    const bit = 1 << (card & 31);
    const up = (this.canTop[word] & bit) !== 0 && this.fromBase[card] <= this.upTo[this.slot[card]];
    if (up && (this.canGoUp[word] & bit) === 0) this.goesUp(card);
    if (!up && ((this.landsOnTop[word] & bit) === 0 || (this.wholeWings && (this.feet[word] & bit) === 0))) return false;
    // it leaves the card under it now: a card joining canTop that it goes on is no news to it from here on, and once
    // it might go up nothing is (its step would do nothing again, so it leaves the cards in play)
    this.leaving[word] |= bit;
    if (up) this.live[word] &= ~bit;
    if ((this.feet[word] & bit) === 0) {
      this.addToCanTop(this.wingCards[this.placeOf[card] - 1]);
      return false;
    }
    if ((this.canMove[word] & bit) !== 0) return false;
    this.canMove[word] |= bit;
    return true;
  }

  /** The stock card at `j` (dealing order) might leave: each card after it might come to the waste's top (the groups shift), and the card before it (it lay on that one). */
  private stockCardMoves(j: number): void {
    if (j > 0) this.reach(j - 1);
    for (let k = j + 1; k < this.firstStockMover; k++) this.reach(k);
    if (j < this.firstStockMover) this.firstStockMover = j;
  }

  /** The stock card at `j` might come to the waste's top: it is in play. */
  private reach(j: number): void {
    const bit = 1 << (j & 31);
    if ((this.reached[j >> 5] & bit) !== 0) return;
    this.reached[j >> 5] |= bit;
    this.bringIn(this.stockOrder[j]);
  }

  /** `card`, off the wings, is in play: looked at where its step might do something now (later, what it reads grows and looks at it again). */
  private bringIn(card: number): void {
    const word = card >> 5;
    const bit = 1 << (card & 31);
    this.live[word] |= bit;
    if (((this.landsOnTop[word] | this.canTop[word]) & bit) !== 0 || this.fromBase[card] <= this.upTo[this.slot[card]]) this.pending[word] |= bit;
  }

  /** Marks `card` as one that might go up, lengthens its suit's run of such cards from the foundation's next, and looks again at the cards in play that the longer run lets go up. */
  protected goesUp(card: number): void {
    this.canGoUp[card >> 5] |= 1 << (card & 31);
    const suit = this.suit[card];
    const was = this.upTo[suit];
    let to = was;
    for (; to < RANK_COUNT; to++) {
      const next = this.inFoundationOrder[suit * RANK_COUNT + to];
      if ((this.canGoUp[next >> 5] & (1 << (next & 31))) === 0) break;
    }
    if (to === was) return;
    this.upTo[suit] = to;
    const before = (suit * (RANK_COUNT + 1) + was) * ONE_DECK_WORDS;
    const now = (suit * (RANK_COUNT + 1) + to) * ONE_DECK_WORDS;
    this.pending[0] |= this.suitUpTo[now] & ~this.suitUpTo[before] & this.live[0];
    this.pending[1] |= this.suitUpTo[now + 1] & ~this.suitUpTo[before + 1] & this.live[1];
  }

  /** Whether a card `card` goes on might be a wing's top. */
  private landingMightBeTop(card: number): boolean {
    return ((this.landsOnTop[card >> 5] >>> (card & 31)) & 1) !== 0;
  }

  /** Puts `card` in canTop, and looks again at it and at the cards in play that go on it. */
  private addToCanTop(card: number): void {
    const word = card >> 5;
    const bit = 1 << (card & 31);
    if ((this.canTop[word] & bit) !== 0) return;
    this.canTop[word] |= bit;
    this.mergeLanders(card);
    // the card's own step reads its canTop only where it is a wing card that might go up (a card off the wings is put
    // in canTop by its own step, or by the spaces where nothing reads it again: a trunk card's canMove is never read)
    if ((this.live[word] & bit) !== 0 && this.where[card] === ON_WING && this.fromBase[card] <= this.upTo[this.slot[card]]) this.pending[word] |= bit;
  }

  /** The cards that go on `card`, now a possible wing's top: they land on a top, and those in play and not yet leaving are looked at again. */
  protected mergeLanders(card: number): void {
    const at = card * ONE_DECK_WORDS;
    this.landsOnTop[0] |= this.landers[at];
    this.landsOnTop[1] |= this.landers[at + 1];
    this.pending[0] |= this.landers[at] & this.live[0] & ~this.leaving[0];
    this.pending[1] |= this.landers[at + 1] & this.live[1] & ~this.leaving[1];
  }

  /** Whether each card of `card`'s suit that must go up before it might go up. */
  private upAllowed(card: number): boolean {
    return this.fromBase[card] <= this.upTo[this.slot[card]];
  }
}

/**
 * RULES §10.19: the stuck-trunk test for two to four decks (docs/solver.md "Two to four decks"). Every copy is a
 * card of its own in the sets, of two to seven words; a card might go up when some copy of each rank from its slot's
 * height might (readFoundations); a wing card whose number another card has is named by a free twin (nameOf). Its own
 * class, as DecksGame is Game's, so that one deck's sets keep their two words written in.
 */
export class DecksStuckTrunk extends StuckTrunk {
  /** Each card's slot (as StuckTrunk's): its suit's highest foundation at or below its rank, suit·decks + the foundation's place. */
  private readonly decksSlot = new Int8Array(MAX_CARDS);
  /** Per suit·13 + k: 1 once some copy of the suit's k-th card from the base might go up. */
  private readonly rankMayGoUp = new Uint8Array(4 * RANK_COUNT);
  /** The card numbers readPosition has named (stamp), so that a wing's card whose number the trunk or stock holds takes a twin's. */
  private readonly named = new Int32Array(MAX_CARDS);
  private stamp = 0;

  protected override decksTaken(): number {
    return MAX_DECKS;
  }

  override prepare(game: Game): void {
    super.prepare(game);
    this.slot = this.decksSlot;
    this.named.fill(0);
    this.stamp = 0;
  }

  /**
   * RULES §10.19: each foundation's height (a suit's highest first), and each card's slot: its suit's highest
   * foundation at or below its rank. A card goes up onto some foundation of its suit that has come to its rank;
   * climbing there from below that slot's height takes a copy of every rank between, so the card might go up
   * only when some copy of each rank from the slot's height up to it might (docs/solver.md "Two to four decks").
   * The stock's and trunk's card numbers are named as readPosition's wings must not name theirs.
   */
  protected override readFoundations(game: Game): void {
    const decks = this.decks;
    for (let suit = 0; suit < 4; suit++) {
      for (let copy = 0; copy < decks; copy++) this.heights[suit * decks + copy] = game.foundationHeightOf(suit, copy);
      for (let k = 0; k < RANK_COUNT; k++) {
        let copy = 0;
        while (copy < decks - 1 && this.heights[suit * decks + copy] > k) copy++;
        for (let card = this.inFoundationOrder[suit * RANK_COUNT + k]; card < this.cards; card += CARD_COUNT) this.decksSlot[card] = suit * decks + copy;
      }
    }
    const stamp = ++this.stamp;
    const deck = game.layout.deck;
    for (let i = 0; i < game.trunkCount(); i++) this.named[deck[i]] = stamp;
    const stock = game.layout.stockCards;
    for (let index = game.nextFilledStockPlace(0); index >= 0; index = game.nextFilledStockPlace(index + 1)) this.named[stock[index]] = stamp;
  }

  /**
   * RULES §10.19: a wing card's number for the test, one no other card of the position has. Twins are one card to
   * every rule, and a wing whose cards the position tells by value alone (a run down in suit) may name one the trunk
   * or stock holds; any one-to-one naming of the cards out is the same position, so the first twin not yet named.
   */
  protected override nameOf(card: number): number {
    const stamp = this.stamp;
    if (this.named[card] !== stamp) {
      this.named[card] = stamp;
      return card;
    }
    for (let twin = card % CARD_COUNT; twin < this.cards; twin += CARD_COUNT) {
      if (this.named[twin] === stamp) continue;
      this.named[twin] = stamp;
      return twin;
    }
    // as many copies are out as there are numbers: a position that names more is a bug
    throw new Error(`stuck-trunk test: no twin of card ${card} left to name`);
  }

  protected override clearWingSets(): void {
    for (let word = 0; word < this.words; word++) this.live[word] = this.feet[word] = 0;
  }

  protected override everyPlaceEnds(count: number): void {
    for (let word = 0; word < this.words; word++) {
      const from = 32 * word;
      this.turnEnds[word] = count >= from + 32 ? -1 : count > from ? (1 << (count - from)) - 1 : 0;
    }
  }

  protected override clearEnds(): void {
    for (let word = 0; word < this.words; word++) this.turnEnds[word] = 0;
  }

  protected override clearSets(): void {
    for (let word = 0; word < this.words; word++) {
      this.canTop[word] = 0;
      this.landsOnTop[word] = 0;
      this.canMove[word] = 0;
      this.canGoUp[word] = 0;
      this.pending[word] = 0;
      this.leaving[word] = 0;
      this.reached[word] = 0;
    }
    for (let slot = 0; slot < 4 * this.decks; slot++) this.upTo[slot] = this.heights[slot];
    this.rankMayGoUp.fill(0);
  }

  protected override nextPending(): number {
    const pending = this.pending;
    for (let word = 0; word < this.words; word++) {
      const bits = pending[word];
      if (bits === 0) continue;
      const bit = bits & -bits;
      pending[word] = bits ^ bit;
      return 32 * word + 31 - Math.clz32(bit);
    }
    return -1;
  }

  /** Some copy of the suit's k-th card from the base might go up: each of the suit's foundations climbs as far as some copy of each next rank might. */
  protected override goesUp(card: number): void {
    this.canGoUp[card >> 5] |= 1 << (card & 31);
    const suit = this.suit[card];
    const index = suit * RANK_COUNT;
    this.rankMayGoUp[index + this.fromBase[card]] = 1;
    for (let slot = suit * this.decks; slot < (suit + 1) * this.decks; slot++) {
      const was = this.upTo[slot];
      let to = was;
      while (to < RANK_COUNT && this.rankMayGoUp[index + to] !== 0) to++;
      if (to !== was) this.lengthened(suit, slot, was, to);
    }
  }

  /** A foundation's run of cards that might go up now reaches `to`: the cards in play of the suit's ranks past `was` (every copy) are looked at again. */
  private lengthened(suit: number, slot: number, was: number, to: number): void {
    this.upTo[slot] = to;
    const words = this.words;
    const before = (suit * (RANK_COUNT + 1) + was) * words;
    const now = (suit * (RANK_COUNT + 1) + to) * words;
    for (let word = 0; word < words; word++) this.pending[word] |= this.suitUpTo[now + word] & ~this.suitUpTo[before + word] & this.live[word];
  }


  protected override mergeLanders(card: number): void {
    const words = this.words;
    const at = card * words;
    for (let word = 0; word < words; word++) {
      const landers = this.landers[at + word];
      this.landsOnTop[word] |= landers;
      this.pending[word] |= landers & this.live[word] & ~this.leaving[word];
    }
  }
}
