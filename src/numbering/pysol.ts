// PySolFC's game numbers -> decks, exactly as PySolFC deals its Eagle Wing (game 112), the rest of its Canfield type and (deals only, so far) its games of two to four decks: LCRandom31, or Python's Mersenne Twister.
import { mersenneFromState } from 'pure-rand/generator/mersenne';
import { CARD_COUNT, RANK_COUNT } from '../cards.js';
import { numberTwins, type Deck } from '../deal.js';
import { InputError } from '../errors.js';
import { quote, trimBlanks } from '../text.js';
import { EAGLE_WING_PRESETS, fixedBaseRank, wingDealFaces, type RuleSet } from '../rules.js';

/*
 * How PySolFC gets from a number to a deal (pysollib/pysolrandom.py, pysol_cards/random.py,
 * pysollib/games/canfield.py):
 * - `ms<N>` (1 ≤ N < 2^33) and plain numbers below 32000 use LCRandom31 on the deck in Microsoft
 *   order; plain numbers from 32000 use Python's random.Random(number) on the deck in PySolFC order.
 * - Shuffle: for n = 51 down to 1, swap cards n and randint(0, n).
 * - The shuffled list L is dealt from its end (the talon's top): for Eagle Wing, base L[51], trunk
 *   L[50] (bottom) … L[38] (top), wings W1..W8 = L[30..37], then the stock from L[29] (turned face up
 *   at once) down to L[0]. The other family games: familyDealFromPysolNumber.
 */

/** Plain numbers below this use LCRandom31, from it MTRandom (pysolrandom.construct_random). */
const MS_PLAIN_LIMIT = 32000n;
/** LCRandom31.MAX_SEED: 33 bits. */
const MS_MAX = (1n << 33n) - 1n;
/** MTRandom.MAX_SEED: PySolFC shows game numbers in 20 digits and wraps after this one. */
export const PYSOL_MAX = 10n ** 20n;

/** A PySolFC game number: the generator it selects and its seed. */
export interface PysolNumber {
  /** `ms` (LCRandom31) or `mt` (Python's Mersenne Twister). */
  generator: 'ms' | 'mt';
  seed: bigint;
  /** As PySolFC accepts it back: `ms<N>` or the plain number. */
  text: string;
}

const ACCEPTED = `a PySolFC game number: 1 to ${PYSOL_MAX} (its 20-digit display, leading zeros and a leading # allowed; spaces, -, _, . and , are ignored), or ms1 to ms${MS_MAX} (#ms617 too, as PySolFC's status bar shows it)`;

/** Reads a game number as PySolFC accepts it (pysolrandom.construct_random); exit 2 otherwise. */
export function parsePysolNumber(input: string): PysolNumber {
  const text = trimBlanks(input);
  // `#ms617` is how PySolFC's status bar shows games 1-31999 (its Microsoft-compatible deals): copied from there, it is taken
  const ms = /^#?ms([0-9]+)$/.exec(text);
  if (ms) {
    const seed = BigInt(ms[1]);
    if (seed < 1n || seed > MS_MAX) throw new InputError(`PySolFC number ${quote(input)} is out of range: ms takes 1 to ${MS_MAX}`);
    return { generator: 'ms', seed, text: `ms${seed}` };
  }
  // PySolFC drops a trailing L (Python 2 longs), then these separators; what is left must be digits
  const digits = text.replace(/L$/, '').replace(/[ \t\r\n#\-_.,]/g, '');
  if (!/^[0-9]+$/.test(digits)) throw new InputError(`${quote(input)} is not ${ACCEPTED}`);
  const seed = BigInt(digits);
  if (seed < 1n || seed > PYSOL_MAX) throw new InputError(`PySolFC number ${quote(input)} is out of range: it takes 1 to ${PYSOL_MAX}`);
  return { generator: seed < MS_PLAIN_LIMIT ? 'ms' : 'mt', seed, text: String(seed) };
}

/** Which numbers a bulk run's deal numbers are: eaglewing's own (docs/usage.md "Deal numbers"), PySolFC's plain game numbers, or Solvitaire's seeds. */
export type Numbering = 'eaglewing' | 'pysol' | 'solvitaire';
export const NUMBERINGS: readonly Numbering[] = ['eaglewing', 'pysol', 'solvitaire'];

/** A plain PySolFC game number (1 up to 2^53-1 here: bulk runs count in doubles). */
export function plainPysolNumber(number: number): PysolNumber {
  if (!Number.isSafeInteger(number) || number < 1) throw new InputError(`PySolFC number ${number} is out of range`);
  const seed = BigInt(number);
  return { generator: seed < MS_PLAIN_LIMIT ? 'ms' : 'mt', seed, text: String(seed) };
}

/** The rules column of rows made under a numbering: eaglewing's own adds nothing, so old files stay as they are. */
export function numberingSuffix(numbering: Numbering): string {
  return numbering === 'eaglewing' ? '' : `;numbering=${numbering}`;
}

/** PySolFC card ids run suit by suit clubs, spades, hearts, diamonds; ours clubs, diamonds, hearts, spades. */
const OUR_SUIT = [0, 3, 2, 1];

/** The value (0 … 51) of a PySolFC card id: of n decks, ids run deck by deck (Game.createCards), 52 a deck. */
function pysolCard(id: number): number {
  return OUR_SUIT[Math.floor((id % CARD_COUNT) / RANK_COUNT)] * RANK_COUNT + (id % RANK_COUNT);
}

/** Microsoft order (pysol_cards.cards.ms_rearrange): rank by rank, each as clubs, diamonds, hearts, spades. */
function msOrder(): number[] {
  const ids: number[] = [];
  for (let rank = 0; rank < RANK_COUNT; rank++) for (const offset of [0, 39, 26, 13]) ids.push(rank + offset);
  return ids;
}

/** LCRandom31's randint(0, n): the state and output rules of its three seed ranges. */
function lcRandom31(seed: bigint): (n: number) => number {
  // the state stays below 2^33 and the product below 2^51: exact in BigInt (and would be in a double)
  let state = seed < 1n << 32n ? seed : seed - (1n << 32n);
  const mask = (1n << 33n) - 1n;
  return (n: number) => {
    state = (state * 214013n + 2531011n) & mask;
    let output: bigint;
    if (seed < 1n << 31n) output = (state >> 16n) & 0x7fffn;
    else if (seed < 1n << 32n) output = ((state >> 16n) & 0x7fffn) | 0x8000n;
    else output = ((state >> 16n) & 0xffffn) + 1n;
    return Number(output % BigInt(n + 1));
  };
}

const MT_N = 624;
const MT_M = 397;

/**
 * Python's random.Random(seed): init_by_array over the seed's 32-bit words (least significant first),
 * then the first twist. pure-rand's Mersenne Twister seeds from one 32-bit word only, so the state is
 * made here and handed to it; it tempers and twists from there on.
 */
function pythonMersenne(seed: bigint): () => number {
  const key: number[] = [];
  for (let rest = seed; rest > 0n || key.length === 0; rest >>= 32n) key.push(Number(rest & 0xffffffffn));
  const mt = new Array<number>(MT_N);
  mt[0] = 19650218;
  for (let i = 1; i < MT_N; i++) mt[i] = (Math.imul(1812433253, mt[i - 1] ^ (mt[i - 1] >>> 30)) + i) >>> 0;
  let i = 1;
  let j = 0;
  for (let k = Math.max(MT_N, key.length); k > 0; k--) {
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1664525)) + key[j] + j) >>> 0;
    i++;
    j++;
    if (i >= MT_N) {
      mt[0] = mt[MT_N - 1];
      i = 1;
    }
    if (j >= key.length) j = 0;
  }
  for (let k = MT_N - 1; k > 0; k--) {
    mt[i] = ((mt[i] ^ Math.imul(mt[i - 1] ^ (mt[i - 1] >>> 30), 1566083941)) - i) >>> 0;
    i++;
    if (i >= MT_N) {
      mt[0] = mt[MT_N - 1];
      i = 1;
    }
  }
  mt[0] = 0x80000000;
  // the twist Python makes before its first output; pure-rand's state is a twisted array and an index
  for (let k = 0; k < MT_N; k++) {
    const y = (mt[k] & 0x80000000) | (mt[(k + 1) % MT_N] & 0x7fffffff);
    mt[k] = (mt[(k + MT_M) % MT_N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0)) >>> 0;
  }
  const generator = mersenneFromState([0, ...mt.map((word) => word | 0)]);
  return () => generator.next() >>> 0;
}

/** Python's random() from two 32-bit outputs: a 53-bit integer over 2^53, as a double (exact). */
function pythonRandom(next32: () => number): () => number {
  return () => {
    const a = next32() >>> 5;
    const b = next32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  };
}

/**
 * PySolFC's shuffled card ids for a game number, before any game's _shuffleHook; the last is the talon's top.
 * Of n decks the ids are 0 … 52·n − 1 in PySolFC's order under either generator: ms_rearrange leaves any
 * deck but one of 52 as it is.
 */
function shuffledPysolIds(number: PysolNumber, decks = 1): number[] {
  let ids: number[];
  let randint: (n: number) => number;
  if (number.generator === 'ms') {
    ids = decks === 1 ? msOrder() : Array.from({ length: CARD_COUNT * decks }, (_, id) => id);
    randint = lcRandom31(number.seed);
  } else {
    ids = Array.from({ length: CARD_COUNT * decks }, (_, id) => id);
    const random = pythonRandom(pythonMersenne(number.seed));
    // pysol_cards RandomBase.randint(a, b) = a + int(random() * (b + 1 - a)): the same double product here
    randint = (n) => Math.floor(random() * (n + 1));
  }
  for (let n = ids.length - 1; n > 0; n--) {
    const j = randint(n);
    [ids[n], ids[j]] = [ids[j], ids[n]];
  }
  return ids;
}

/** One PySolFC game of the Canfield family or type: its preset (RULES §10) and its deal's layout (§10.9). */
export interface PysolFamilyGame {
  /** PySolFC's game id (GameInfo). */
  id: number;
  /** The preset that follows it (RULES §10). */
  preset: string;
  /** Decks (RULES §10.19): 1, or 2 to 4 for PYSOL_DECK_GAMES. */
  decks: number;
  /** Trunk size k, wings n of c cards each, foundation cards f in the deal (1: the base card; 4 (8 of two decks): a fixed base; 0: none), stock 52·decks − k − n·c − f. */
  trunk: number;
  wings: number;
  wingCards: number;
  foundation: 0 | 1 | 4 | 8;
  stock: number;
  /** The fixed base rank (0 = A, 1 = 2) that _shuffleHook puts on the talon's top, or null when the base card is dealt or none is. */
  fixedRank: number | null;
  /** PySolFC deals the rows first, left to right, then the trunk (Minerva.startGame), instead of Canfield.startGame's trunk first. */
  rowsFirst: boolean;
  /** RULES §10.15: trunks (PySolFC's reserves), dealt a card each in turn (Gate.startGame, Duke.startGame). */
  trunks: number;
  /** The trunks first, a card each in turn, then one row left to right (Gate.startGame, Duke.startGame, and Lafayette.startGame's one reserve). */
  trunksFirst: boolean;
}

function familyGame(id: number, preset: string, trunk: number, wings: number, fixedRank: number | null, wingCards = 1, foundation: 0 | 1 | 4 | 8 = fixedRank === null ? 1 : 4, trunks = 1, trunksFirst = trunks > 1, rowsFirst = foundation === 0 && !trunksFirst, decks = 1): PysolFamilyGame {
  return { id, preset, decks, trunk, wings, wingCards, foundation, stock: CARD_COUNT * decks - trunk - wings * wingCards - foundation, fixedRank, rowsFirst, trunks, trunksFirst };
}
/** A game of two to four decks, dealt as Canfield.startGame deals (the base card, the trunk, one row Wn to W1) or with a fixed base. */
function deckGame(id: number, preset: string, decks: number, trunk: number, wings: number, fixedRank: number | null = null): PysolFamilyGame {
  return familyGame(id, preset, trunk, wings, fixedRank, 1, fixedRank === null ? 1 : 8, 1, false, false, decks);
}

/** The games of two to four decks in PySolFC's Canfield type (RULES §10.19, §10.20), each by its preset. */
export const PYSOL_DECK_GAMES: readonly PysolFamilyGame[] = [
  deckGame(106, 'double-canfield', 2, 13, 5),
  deckGame(396, 'triple-canfield', 3, 26, 7),
  deckGame(922, 'quadruple-canfield', 4, 39, 8),
  deckGame(476, 'demon', 2, 40, 8),
  deckGame(103, 'american-toad', 2, 20, 8),
  // VariegatedCanfield._shuffleHook: the eight Aces on the talon's top, seven dealt to foundations[:7], the eighth the base card
  deckGame(102, 'variegated-canfield', 2, 13, 5, 0),
  // ThePlot: ALIGN_FOUNDATIONS = False puts the base card on the first foundation, which changes no card's place in the deal
  deckGame(896, 'the-plot', 2, 13, 12),
];

/** RULES §10's PySolFC rows, in its order, then §10.19's games of two to four decks. */
export const PYSOL_FAMILY: readonly PysolFamilyGame[] = [
  familyGame(105, 'canfield', 13, 4, null),
  familyGame(101, 'superior-canfield', 13, 4, null),
  familyGame(99, 'rainfall', 13, 4, null),
  familyGame(521, 'canfield-rush', 13, 4, null),
  familyGame(108, 'rainbow', 13, 4, null),
  familyGame(100, 'storehouse', 13, 4, 1),
  familyGame(43, 'chameleon', 12, 3, null),
  familyGame(403, 'acme', 13, 4, 0),
  familyGame(835, 'casino-canfield', 13, 4, null),
  familyGame(989, 'candike', 13, 7, null, 2),
  familyGame(494, 'mystique', 9, 7, null, 4, 0),
  familyGame(360, 'munger', 7, 7, null, 4, 0),
  familyGame(422, 'minerva', 11, 7, null, 4, 0),
  familyGame(316, 'little-gate', 10, 4, null, 1, 0, 2),
  familyGame(315, 'gate', 10, 8, null, 1, 0, 2),
  familyGame(413, 'duke', 12, 4, null, 1, 0, 4),
  familyGame(282, 'dutchess', 12, 4, null, 1, 0, 4),
  familyGame(642, 'lafayette', 13, 4, null, 1, 0, 1, true),
  // Canfield.startGame without its base card (SEPARATE_FOUNDATIONS = False): the trunk, then the row W6 to W1
  familyGame(789, 'beehive', 13, 6, null, 1, 0, 1, false, false),
  familyGame(112, 'pysol', 13, 8, null),
  ...PYSOL_DECK_GAMES,
];

/** A family game by PySolFC id or by preset name; exit 2 for anything else. */
export function pysolFamilyGame(game: number | string): PysolFamilyGame {
  const found = PYSOL_FAMILY.find((entry) => entry.id === game || entry.preset === game);
  if (!found) throw new InputError(`${quote(String(game))} is not a PySolFC game of the Canfield family (${PYSOL_FAMILY.map((entry) => `${entry.id} ${entry.preset}`).join(', ')})`);
  return found;
}

/**
 * The PySolFC game whose numbers deal a preset's games (--pysol, --numbering pysol): a family preset's own
 * game, Eagle Wing's (112) for every Eagle Wing preset. Exit 2 for a preset PySolFC has no game of (sv-*),
 * and for rules whose deal PySolFC's game does not make: another base, or (outside Eagle Wing, whose
 * --trunk has always read game 112's cards) another trunk or wing count.
 */
export function pysolGameFor(preset: string, rules: RuleSet): PysolFamilyGame {
  const eagleWing = EAGLE_WING_PRESETS.includes(preset);
  const game = eagleWing ? pysolFamilyGame(112) : PYSOL_FAMILY.find((entry) => entry.preset === preset);
  if (!game) throw new InputError(`preset ${preset} has no PySolFC numbering: PySolFC has no such game (PySolFC's numbers deal ${PYSOL_FAMILY.filter((entry) => entry.id !== 112).map((entry) => entry.preset).join(', ')} and the Eagle Wing presets)`);
  const base = game.foundation === 0 ? 0 : game.fixedRank === null ? -1 : game.fixedRank;
  const sameBase = fixedBaseRank(rules) === base && (rules.baseCards === 'shuffled') === (game.foundation === 0);
  const sameWings = wingDealFaces(rules).length === game.wingCards && rules.trunks === game.trunks && rules.decks === game.decks;
  if (!sameBase || !sameWings || (!eagleWing && (rules.trunk !== game.trunk || rules.wings !== game.wings))) {
    const wings = game.wingCards === 1 ? `${game.wings} wings` : `${game.wings} wings of ${game.wingCards} cards`;
    const dealt = `${game.trunk} trunk cards, ${wings}, base ${base < 0 ? 'dealt' : base === 0 ? 'A' : String(base + 1)}${game.foundation === 0 ? ' (shuffled in)' : ''}`;
    throw new InputError(`PySolFC's game ${game.id} (${game.preset}) deals ${dealt}: its numbers do not deal ${preset} with trunk=${rules.trunk}, wings=${rules.wings}, wing-deal=${rules.wingDeal}, base=${rules.base}`);
  }
  return game;
}

/** Our suit order C D H S: the fixed-base cards are written in it (RULES §10.9). */
function ourSuitOrder(id: number): number {
  return OUR_SUIT[Math.floor((id % CARD_COUNT) / RANK_COUNT)];
}

/**
 * The deck of a PySolFC game number for a family game, in RULES §10.9 order: trunk bottom to top,
 * W1…Wn (each bottom first), the foundation card(s), then the stock in the order PySolFC turns it (its
 * first turn first). With P[i] the i-th card off the talon (P[0] its top):
 * - base dealt (Canfield.startGame): P[0] is the base card, P[1..k] the trunk; with c cards a wing,
 *   c − 1 rows dealt face down W1 first (`dealRow(flip=0)`), then the face-up row from Wn to W1
 *   (`dealRow(reverse=1)`); then the rest;
 * - fixed base: _shuffleHookMoveToTop puts the four base-rank cards on top, dealt C, S, H, D
 *   (P[0..3]; the other 48 keep their order), then as above from P[4], the four written C D H S;
 * - no foundation card (Minerva.startGame): c rows, each W1 first, then the trunk, then the rest;
 * - several trunks (Gate.startGame, Duke.startGame; no foundation card): a card to each trunk in turn,
 *   K1 first, until each has its share (so trunk k, bottom first, is P[k], P[k+t], …), then one row W1
 *   first, then the rest; Lafayette.startGame the same with its one trunk (P[0..12], bottom first);
 * - Beehive (Canfield.startGame with SEPARATE_FOUNDATIONS False): as a dealt base, with no base card.
 */
export function familyDealFromPysolNumber(game: number | string, number: PysolNumber): Deck {
  return pysolDeal(pysolFamilyGame(game), number);
}

/** The deck of a PySolFC game number for a game of two to four decks (PYSOL_DECK_GAMES, by id), as familyDealFromPysolNumber deals, the twins numbered as the deal meets them. */
export function deckDealFromPysolNumber(id: number, number: PysolNumber): Deck {
  const game = PYSOL_DECK_GAMES.find((entry) => entry.id === id);
  if (!game) throw new InputError(`${id} is not a PySolFC game of two to four decks in the Canfield type (${PYSOL_DECK_GAMES.map((entry) => `${entry.id} ${entry.preset}`).join(', ')})`);
  return pysolDeal(game, number);
}

function pysolDeal(game: PysolFamilyGame, number: PysolNumber): Deck {
  const { decks, trunk, wings, wingCards, fixedRank, foundation, rowsFirst, trunks, trunksFirst } = game;
  let ids = shuffledPysolIds(number, decks);
  let base: number[];
  if (foundation === 0) {
    base = [];
  } else if (fixedRank === null) {
    base = [ids[ids.length - 1]];
    ids = ids.slice(0, ids.length - 1);
  } else {
    base = ids.filter((id) => id % RANK_COUNT === fixedRank).sort((a, b) => ourSuitOrder(a) - ourSuitOrder(b));
    ids = ids.filter((id) => id % RANK_COUNT !== fixedRank);
  }
  // off the talon, the rest: the last id first
  const off = ids.reverse();
  const rowCards = wings * wingCards;
  const rowsAt = rowsFirst ? 0 : trunk;
  const trunkCards = rowsFirst ? off.slice(rowCards, rowCards + trunk) : trunks > 1 ? dealtInTurn(off, trunk, trunks) : off.slice(0, trunk);
  // row r of the deal, card of wing w: the last row goes right to left under Canfield.startGame
  const wingCardsDealt: number[] = [];
  for (let w = 0; w < wings; w++) {
    for (let r = 0; r < wingCards; r++) {
      const lastReversed = !rowsFirst && !trunksFirst && r === wingCards - 1;
      wingCardsDealt.push(off[rowsAt + r * wings + (lastReversed ? wings - 1 - w : w)]);
    }
  }
  const order = [...trunkCards, ...wingCardsDealt, ...base, ...off.slice(trunk + rowCards)];
  return decks === 1 ? Uint8Array.from(order, pysolCard) : numberTwins(order.map(pysolCard));
}

/** The first `count` cards off the talon dealt a card to each of `trunks` trunks in turn, written trunk by trunk, each bottom first. */
function dealtInTurn(off: readonly number[], count: number, trunks: number): number[] {
  const cards: number[] = [];
  for (let trunk = 0; trunk < trunks; trunk++) for (let at = trunk; at < count; at += trunks) cards.push(off[at]);
  return cards;
}

/** The deck of a PySolFC game number for its Eagle Wing (game 112), in RULES §2 order. */
export function dealFromPysolNumber(number: PysolNumber): Deck {
  return familyDealFromPysolNumber(112, number);
}
