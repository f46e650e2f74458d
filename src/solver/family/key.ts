// The Canfield family's packed position key: every position whole, wings sorted, the waste top and pass state where the table reads them.
import { CARD_COUNT, cardValue, suitOf } from '../../cards.js';
import * as P from '../../position.js';
import { BUILD_ALT_COLOUR_DOWN, BUILD_ANY_SUIT_DOWN, BUILD_EQUAL_RANK } from '../../rules.js';

/*
 * The Canfield family's key (solver/family/search.ts): every position the family search meets is kept whole,
 * so a key names one position exactly, in familyKeyWords(wings, codeBits, linkBits) 32-bit words:
 *
 * | word   | bits  | field                                                                 |
 * |--------|-------|-----------------------------------------------------------------------|
 * | 0      | 0-15  | foundation heights                                                    |
 * | 0      | 16-20 | cards left in the trunk                                               |
 * | 0      | 21-26 | waste top's stock index + 1 (0 = empty waste)                         |
 * | 0      | 27-30 | redeals used (with bits 21-26, the stock as a resource: rules F1, F8) |
 * | 0      | 21-31 | under passes as cycles, the pass state instead of both (below)        |
 * | 1 …    | bits  | from bit 0 of word 1 on, one stream of bits: the n wings' codes       |
 * |        |       | (position.ts wingCode: top card and height), sorted ascending,        |
 * |        |       | `codeBits` each; then, with several trunks (RULES §10.15) or a chosen |
 * |        |       | base (§10.17), 16 bits: each trunk's count and the base (familyTrunkBits); |
 * |        |       | with two foundations a suit (§10.18), the same 16 bits: their heights down, |
 * |        |       | or with four of a rank up at once (§10.18), the ranks up                |
 * |        |       | then, for linked wings only, for each card c by                        |
 * |        |       | number, which suit lies under it (0 where none does), `linkBits` each |
 *
 * A wing dealt several cards (RULES §10.14) with dealt cards still under its run is not like the others:
 * which cards lie under it is the deal's, by wing. Its code adds, above the run's, DEALT_CODE_BITS:
 * the count under the run (1-3) and the wing's number, so that it sorts apart from every other wing and
 * names its dealt cards; a wing whose dealt cards are all gone is a run like any other.
 *
 * A wing code takes 12 bits (a card, 6, and a height, 6), or 10 where the rules keep every wing to
 * at most 15 cards (familyWingCodeBits). Under `wrap base` a wing is one run (RULES §10.5) that
 * never passes over a base-rank card, so it holds at most 13 cards: Solvitaire's Canfield then takes
 * four words a position instead of five, and the family table a quarter more positions.
 *
 * A linked wing (alt-colour-down, any-suit-down, equal-rank) is one run (RULES §10.5): the card under c has
 * c's rank + 1 (round the corner; under equal-rank c's own rank), so only its suit is open: under alt-colour-down one bit (which
 * suit of the other colour: S or H 1), under any-suit-down two (position.ts's suit code). With each
 * wing's top and height they say every wing card, and they belong to the cards, not to the wings,
 * so they need no sorting: the position keeps them (position.ts underSuitCodes), and the key copies
 * them, 52·linkBits bits.
 *
 * Under passes as cycles (unlimited redeals, a fixed turn size) the redeal count never limits a
 * line (position.ts redealUnlimited keeps it at 0), and the table keeps one key a layout: bits 21-31
 * hold the layout's pass state instead of the waste top and the redeals (familyKeyPassState):
 *
 * | bits  | field                                                                            |
 * |-------|----------------------------------------------------------------------------------|
 * | 21    | at a pass boundary (pass.ts passPhase 0)                                         |
 * | 22-26 | in phase 1: the waste's whole turns + 1 (0 = none)                               |
 * | 27-31 | in phase 2: the same                                                             |
 *
 * A key packed for one position sets one of these fields; the key the table keeps gathers the
 * layout's, and says which positions of the layout it covers (familyPassStateCovers).
 *
 * Sorting the wings is exact, not a pruning: the rules never tell wings apart (a trunk fill goes to the
 * first empty wing, and the piles that result are the same whichever it is); two wings share a code
 * only when both are empty. The stock places still filled are implied, as in the Eagle Wing key (a
 * stock card has left exactly when it is on a foundation or a wing); so is the stock pointer beyond
 * the waste's top, since the places between are empty.
 */
const FAMILY_FOUNDATIONS_MASK = 0xffff;
const FAMILY_TRUNK_SHIFT = 16;
const FAMILY_TRUNK_MASK = 0x1f;
const FAMILY_WASTE_SHIFT = 21;
const FAMILY_REDEALS_SHIFT = 27;
/** A wing code's bits: a card (6) and a height (6), or a height below 16 (4). */
const WIDE_WING_CODE_BITS = 12;
const NARROW_WING_CODE_BITS = 10;
const NARROW_WING_MOST_CARDS = 15;
/** The dealt part of a wing code (above): the count under the run, 2 bits, over the wing's number, 3. */
const DEALT_CODE_BITS = 5;
const DEALT_WING_BITS = 3;
/**
 * The family key's word (familyWasteWord) and bits holding the stock as a resource (rules F1 and F8):
 * the redeals used above the waste top, so that as one number in place they order positions by
 * redeals used, then waste top, and lower is at least as good.
 */
const FAMILY_STOCK_RESOURCE_MASK = 0x3ff << FAMILY_WASTE_SHIFT;
export function familyWasteWord(): number {
  return 0;
}
/** The waste-top field of a family key for stock place `wasteTopIndex` (-1: empty waste), in place. */
export function familyWasteField(wasteTopIndex: number): number {
  return (wasteTopIndex + 1) << FAMILY_WASTE_SHIFT;
}

/** The redeals-used field of a family key for `redealsUsed` redeals, in place. */
export function familyRedealsField(redealsUsed: number): number {
  return redealsUsed << FAMILY_REDEALS_SHIFT;
}

/** The family key's bits (of familyWasteWord's word) holding the pass state under passes as cycles: the waste top's and the redeals' bits, and bit 31. */
const FAMILY_PASS_STATE_MASK = 0x7ff << FAMILY_WASTE_SHIFT;

/**
 * How the family table matches keys (FamilyTable.clear): bit for bit; with the stock as a resource
 * (one-card turns: the redeals used, then the waste top, lower covering higher); or by the pass state of a layout (passes as cycles,
 * familyPassStateCovers). The table asks which bits of which word are the resource (keyResourceWord,
 * keyResourceMask) and whether they are a pass state (keyHasPassState), so that only this file knows
 * where they lie. The DECKS kinds are the same two for the key of two to four decks
 * (packFamilyDecksKey), whose fields lie elsewhere.
 */
export const KEYS_EXACT = 0;
export const KEYS_WASTE_RESOURCE = 1;
export const KEYS_PASS_STATES = 2;
export const KEYS_DECKS_WASTE_RESOURCE = 3;
export const KEYS_DECKS_PASS_STATES = 4;
export type KeyMatch = typeof KEYS_EXACT | typeof KEYS_WASTE_RESOURCE | typeof KEYS_PASS_STATES | typeof KEYS_DECKS_WASTE_RESOURCE | typeof KEYS_DECKS_PASS_STATES;

/** The stock as a resource (`resource`: rules F1, F8), passes as cycles (`passStates`: F4, F5, F7) or neither: how a key of one deck (`decks` false) or several is matched. */
export function keyMatch(decks: boolean, resource: boolean, passStates: boolean): KeyMatch {
  if (passStates) return decks ? KEYS_DECKS_PASS_STATES : KEYS_PASS_STATES;
  if (resource) return decks ? KEYS_DECKS_WASTE_RESOURCE : KEYS_WASTE_RESOURCE;
  return KEYS_EXACT;
}

/** Whether keys matched as `match` carry a pass state (familyPassStateCovers) rather than a number. */
export function keyHasPassState(match: KeyMatch): boolean {
  return match === KEYS_PASS_STATES || match === KEYS_DECKS_PASS_STATES;
}

/** The word of a key whose bits keyResourceMask(match) are its resource (-1: none, keys match bit for bit). */
export function keyResourceWord(match: KeyMatch): number {
  return match === KEYS_EXACT ? -1 : familyWasteWord();
}

/** The bits of keyResourceWord's word that are a resource under `match` (0: none). */
export function keyResourceMask(match: KeyMatch): number {
  switch (match) {
    case KEYS_WASTE_RESOURCE:
      return FAMILY_STOCK_RESOURCE_MASK;
    case KEYS_PASS_STATES:
      return FAMILY_PASS_STATE_MASK;
    case KEYS_DECKS_WASTE_RESOURCE:
      return DECKS_STOCK_RESOURCE_MASK;
    case KEYS_DECKS_PASS_STATES:
      return DECKS_PASS_STATE_MASK;
    default:
      return 0;
  }
}

/*
 * A pass state (the table above: one deck's at bit 21, fields of 5 bits) is a boundary bit at `shift`,
 * then phase 1's field and phase 2's, `fieldBits` each, holding the waste's whole turns + 1 (0 = none).
 * The key of two to four decks holds its pass state at bit 6 with fields of 7 bits (packFamilyDecksKey's
 * table): four decks' stock holds up to 224 places, 74 whole turns of three.
 */
const FAMILY_PASS_STATE_SHIFT = FAMILY_WASTE_SHIFT;
/** Phases 1 and 2 have a field each: a turn is three cards at most (RULES §10.8). */
const PHASE_FIELD_BITS = 5;
const PASS_BOUNDARY_BIT = 1 << FAMILY_PASS_STATE_SHIFT;
const PHASE_FIELD_SHIFT = FAMILY_PASS_STATE_SHIFT + 1;
const PHASE_FIELD_MASK = (1 << PHASE_FIELD_BITS) - 1;

/** Where a key's pass state starts in word 0 under `match` (-1: none). */
function keyPassStateShift(match: KeyMatch): number {
  return match === KEYS_PASS_STATES ? FAMILY_PASS_STATE_SHIFT : match === KEYS_DECKS_PASS_STATES ? DECKS_PASS_STATE_SHIFT : -1;
}
/** The bits of each of a pass state's two mid-pass fields under `match`. */
function keyPassFieldBits(match: KeyMatch): number {
  return match === KEYS_DECKS_PASS_STATES ? DECKS_PHASE_FIELD_BITS : PHASE_FIELD_BITS;
}

/** A family key's foundations, from its word 0, packed as position.ts foundationHeights packs them. */
export function familyKeyFoundationHeights(word0: number): number {
  return word0 & FAMILY_FOUNDATIONS_MASK;
}
/** A family key's trunk count, from its word 0. */
export function familyKeyTrunkCount(word0: number): number {
  return (word0 >>> FAMILY_TRUNK_SHIFT) & FAMILY_TRUNK_MASK;
}
/**
 * Which pass states a stored family key's layout holds, from its word 0 under passes as cycles: bit 0 the
 * boundary, bit 1 phase 1, bit 2 phase 2 (so 0-7). One deck's key unless `match` says otherwise.
 */
export function familyKeyPassPhases(word0: number, match: KeyMatch = KEYS_PASS_STATES): number {
  const shift = keyPassStateShift(match);
  const bits = keyPassFieldBits(match);
  const mask = (1 << bits) - 1;
  return (
    ((word0 >>> shift) & 1) |
    (((word0 >>> (shift + 1)) & mask) !== 0 ? 2 : 0) |
    (((word0 >>> (shift + 1 + bits)) & mask) !== 0 ? 4 : 0)
  );
}

/**
 * A family key under passes as cycles, in place: its pass state says the position's pass phase (pass.ts
 * passPhase) and, in mid-pass, the waste's whole turns (its cards div the turn size: at most 25 for one deck's
 * turns of two cards and more, 74 for four decks'). One deck's key; familyDecksKeyPassState for several decks'.
 */
export function familyKeyPassState(key: Int32Array, phase: number, wasteTurns: number): void {
  const state = phase === 0 ? PASS_BOUNDARY_BIT : (wasteTurns + 1) << (PHASE_FIELD_SHIFT + PHASE_FIELD_BITS * (phase - 1));
  key[0] = (key[0] & ~FAMILY_PASS_STATE_MASK) | state;
}
/** RULES §10.19: familyKeyPassState for the key of two to four decks (packFamilyDecksKey). */
export function familyDecksKeyPassState(key: Int32Array, phase: number, wasteTurns: number): void {
  writePassState(key, phase, wasteTurns, DECKS_PASS_STATE_SHIFT, DECKS_PHASE_FIELD_BITS);
}
/**
 * Several decks' pass state at `shift`, fields of `fieldBits`, written into word 0. One deck's functions
 * (familyKeyPassState, familyPassStateCovers, familyPassStateMerged) say the same with their own constants
 * written in: through these shared helpers they cost the one-deck family 0.14% of its instructions (V8 folds
 * no constant through them: docs/measurements.md "2026-12-06: the stock's rules for two to four decks").
 */
function writePassState(key: Int32Array, phase: number, wasteTurns: number, shift: number, fieldBits: number): void {
  const state = phase === 0 ? 1 << shift : (wasteTurns + 1) << (shift + 1 + fieldBits * (phase - 1));
  key[0] = (key[0] & ~(((1 << (1 + 2 * fieldBits)) - 1) << shift)) | state;
}

/**
 * Whether a layout's stored pass state `stored` covers the position whose key has the pass state
 * `packed` (both as their words, other bits ignored; one deck's key, familyDecksPassStateCovers for several
 * decks'): docs/solver.md "Rule F7", argued in family.ts. A
 * boundary position is covered by any position of its layout: the layout is stored only with a
 * boundary or a mid-pass position, and a mid-pass one reaches the pass start through the redeal. A
 * mid-pass position is covered by one of its phase with no more whole turns in the waste (the stock as
 * a resource within a phase).
 */
export function familyPassStateCovers(stored: number, packed: number): boolean {
  if ((packed & PASS_BOUNDARY_BIT) !== 0) return true;
  const shift = ((packed >>> PHASE_FIELD_SHIFT) & PHASE_FIELD_MASK) !== 0 ? PHASE_FIELD_SHIFT : PHASE_FIELD_SHIFT + PHASE_FIELD_BITS;
  const had = (stored >>> shift) & PHASE_FIELD_MASK;
  return had !== 0 && had <= ((packed >>> shift) & PHASE_FIELD_MASK);
}
export function familyDecksPassStateCovers(stored: number, packed: number): boolean {
  return passStateCovers(stored, packed, DECKS_PASS_STATE_SHIFT, DECKS_PHASE_FIELD_BITS);
}
function passStateCovers(stored: number, packed: number, shift: number, fieldBits: number): boolean {
  if (((packed >>> shift) & 1) !== 0) return true;
  const mask = (1 << fieldBits) - 1;
  const field = phaseFieldShift(packed, shift, fieldBits);
  const had = (stored >>> field) & mask;
  return had !== 0 && had <= ((packed >>> field) & mask);
}

/** The pass state `stored` (its word) once the position with `packed`'s pass state, which it does not cover, is stored too (one deck's key; familyDecksPassStateMerged for several decks'). */
export function familyPassStateMerged(stored: number, packed: number): number {
  if ((packed & PASS_BOUNDARY_BIT) !== 0) return stored | PASS_BOUNDARY_BIT;
  const shift = ((packed >>> PHASE_FIELD_SHIFT) & PHASE_FIELD_MASK) !== 0 ? PHASE_FIELD_SHIFT : PHASE_FIELD_SHIFT + PHASE_FIELD_BITS;
  return (stored & ~(PHASE_FIELD_MASK << shift)) | (packed & (PHASE_FIELD_MASK << shift));
}
export function familyDecksPassStateMerged(stored: number, packed: number): number {
  return passStateMerged(stored, packed, DECKS_PASS_STATE_SHIFT, DECKS_PHASE_FIELD_BITS);
}
function passStateMerged(stored: number, packed: number, shift: number, fieldBits: number): number {
  if (((packed >>> shift) & 1) !== 0) return stored | (1 << shift);
  const fieldMask = ((1 << fieldBits) - 1) << phaseFieldShift(packed, shift, fieldBits);
  return (stored & ~fieldMask) | (packed & fieldMask);
}

/** Where the one mid-pass field of a packed pass state starts. */
function phaseFieldShift(packed: number, shift: number, fieldBits: number): number {
  return ((packed >>> (shift + 1)) & ((1 << fieldBits) - 1)) !== 0 ? shift + 1 : shift + 1 + fieldBits;
}

/** Bits per card under a wing's top in the key: 0 where a wing's top and height say every card on it. */
export function familyLinkBits(build: number): number {
  // RULES §10.5 equal-rank: the card under c has c's rank, so again only its suit is open (two bits)
  return build === BUILD_ALT_COLOUR_DOWN ? 1 : build === BUILD_ANY_SUIT_DOWN || build === BUILD_EQUAL_RANK ? 2 : 0;
}

/**
 * Bits per wing code in the key: 10 where no wing's run ever holds more than 15 cards (a run under `wrap
 * base` or `none` holds at most 13), else 12; DEALT_CODE_BITS more where wings are dealt several cards.
 */
export function familyWingCodeBits(rules: { readonly wrapBase: boolean; readonly wrapNone: boolean; readonly maxWing: number; readonly wingCards: number }): number {
  const run = rules.wrapBase || rules.wrapNone || rules.maxWing <= NARROW_WING_MOST_CARDS ? NARROW_WING_CODE_BITS : WIDE_WING_CODE_BITS;
  return rules.wingCards > 1 ? run + DEALT_CODE_BITS : run;
}

/**
 * Bits of the key's trunk counts and chosen base (position.ts trunksAndBase): 16 under RULES §10.15's
 * several trunks (3 bits each) or §10.17's chosen base (4 bits above them), or the same bits' four
 * down foundations under §10.18, or the ranks up under its four of a rank; 0 otherwise, where word 0's count is the one trunk's and the base is
 * the deal's.
 */
export function familyTrunkBits(rules: { readonly trunks: number; readonly baseChosen: boolean; readonly upDown: boolean; readonly fourOfARank: boolean }): number {
  return rules.trunks > 1 || rules.baseChosen || rules.upDown || rules.fourOfARank ? 16 : 0;
}

export function familyKeyWords(wings: number, codeBits: number, linkBits: number, trunkBits = 0): number {
  return 1 + Math.ceil((wings * codeBits + trunkBits + CARD_COUNT * linkBits) / 32);
}

/** Scratch: the wings' codes, sorted. */
const sortedWings = new Int32Array(16);

/** Writes the family key of `position` (with `wings` wings in play) into key[0 … familyKeyWords-1]. */
export function packFamilyKey(position: P.Position, wings: number, codeBits: number, linkBits: number, key: Int32Array, trunkBits = 0): void {
  // 0 in every game whose wings are dealt one card
  const dealt = P.dealtUnderCounts(position);
  for (let wing = 0; wing < wings; wing++) {
    let code = P.wingCode(position, wing);
    if (dealt !== 0) {
      const under = P.dealtUnder(position, wing);
      if (under > 0) code |= ((under << DEALT_WING_BITS) | wing) << (codeBits - DEALT_CODE_BITS);
    }
    let at = wing;
    while (at > 0 && sortedWings[at - 1] > code) {
      sortedWings[at] = sortedWings[at - 1];
      at--;
    }
    sortedWings[at] = code;
  }
  key[0] =
    P.foundationHeights(position) |
    (P.trunkCount(position) << FAMILY_TRUNK_SHIFT) |
    familyWasteField(P.wasteTopIndex(position)) |
    (P.redealsUsed(position) << FAMILY_REDEALS_SHIFT);
  const words = familyKeyWords(wings, codeBits, linkBits, trunkBits);
  for (let i = 1; i < words; i++) key[i] = 0;
  let bit = 0;
  for (let i = 0; i < wings; i++, bit += codeBits) putBits(key, bit, sortedWings[i], codeBits);
  if (trunkBits > 0) {
    putBits(key, bit, P.trunksAndBase(position), trunkBits);
    bit += trunkBits;
  }
  if (linkBits === 0) return;
  // the cards' links in 16-card chunks; the last chunk is cut at the 52nd card (the places past it hold 0),
  // so that no bit is written past the key's last word
  const chunkBits = 16 * linkBits;
  const linkEnd = bit + CARD_COUNT * linkBits;
  for (let i = 0; i < P.UNDER_SUIT_WORDS; i++, bit += chunkBits) {
    const chunk = linkBits === 2 ? P.underSuitCodes(position, i) : P.underSuitChoices(position, i);
    if (chunk !== 0) putBits(key, bit, chunk, Math.min(chunkBits, linkEnd - bit));
  }
}

/*
 * RULES §10.19: the key of a position of two to four decks (packFamilyDecksKey), familyDecksKeyWords words.
 * Twins are one card to every rule, so the key writes card values, never card numbers: two positions
 * that differ only in which twin lies where share a key. The table matches them as one deck's keys are
 * matched (KEYS_DECKS_WASTE_RESOURCE, KEYS_DECKS_PASS_STATES: rules F1, F8, F4, F5 and F7 read the stock
 * alone, and hold for twins as argued; docs/solver.md "Two to four decks").
 *
 * | word   | bits  | field                                                                 |
 * |--------|-------|-----------------------------------------------------------------------|
 * | 0      | 0-5   | cards left in the trunk (up to 40)                                    |
 * | 0      | 6-13  | waste top's stock index + 1 (0 = empty waste; up to 160 places)       |
 * | 0      | 14-17 | redeals used (with bits 6-13, the stock as a resource: rules F1, F8)  |
 * | 0      | 6-20  | under passes as cycles, the pass state instead of both: the boundary  |
 * |        |       | bit 6, phase 1's field 7-13, phase 2's 14-20 (familyDecksKeyPassState) |
 * | 1 …    | bits  | one stream of bits: the foundations' heights (position.ts: word 8, and |
 * |        |       | with three or four decks the tail's word), 16 bits a deck; the stock  |
 * |        |       | places still filled, one bit a place; the wings' codes (top card's    |
 * |        |       | value, 6 bits, and height, 8), sorted ascending;                      |
 * |        |       | then for linked wings, wing by wing in that order, top down, the suit |
 * |        |       | (linkBits: under alt-colour-down which of the colour's two) of each   |
 * |        |       | card under another                                                    |
 *
 * The stock's places are written out, where one deck's key leaves them implied: a twin may have left
 * the stock from either of two places, and the stock's order then differs.
 *
 * Wings of equal codes (twin tops, one height) sort by their cards' suits, top down (decksWingAfter), so
 * that a key is one position whatever the wings' order, and one position one key.
 */
const DECKS_WASTE_SHIFT = 6;
const DECKS_REDEALS_SHIFT = 14;
/** The stock as a resource (rules F1, F8): the redeals used above the waste top, as one number (as in one deck's key). */
const DECKS_STOCK_RESOURCE_MASK = 0xfff << DECKS_WASTE_SHIFT;
/** Under passes as cycles: the pass state (above) in place of the waste top and the redeals, bits 6-20. */
const DECKS_PASS_STATE_SHIFT = DECKS_WASTE_SHIFT;
const DECKS_PHASE_FIELD_BITS = 7;
const DECKS_PASS_STATE_MASK = ((1 << (1 + 2 * DECKS_PHASE_FIELD_BITS)) - 1) << DECKS_PASS_STATE_SHIFT;
const DECKS_WING_CODE_BITS = 14;
const DECKS_CODE_HEIGHT_SHIFT = 6;
/** Bits a deck of the foundations' heights (four suits, 4 bits each). */
const DECKS_FOUNDATION_BITS = 16;
/** Bits of a wing's number below its code in sortedDeckWings' entries (twelve wings: RULES §10.1). */
const DECKS_WING_NUMBER_BITS = 4;
const DECKS_WING_NUMBER_MASK = (1 << DECKS_WING_NUMBER_BITS) - 1;
/** Scratch: the wings' codes (above their numbers), sorted. */
const sortedDeckWings = new Int32Array(16);

/**
 * Whether sorted wing entry `a` (code above, wing number in the low DECKS_WING_NUMBER_BITS) goes after `b`: a higher
 * code, or an equal one whose first card that differs, top down, is of a higher suit (linked wings: with
 * one code, two wings hold the same ranks, so the suits say the rest; unlinked wings of one code are alike).
 */
function decksWingAfter(position: P.Position, a: number, b: number, linkBits: number): boolean {
  if (a >>> DECKS_WING_NUMBER_BITS !== b >>> DECKS_WING_NUMBER_BITS) return a > b;
  if (linkBits === 0 || a >>> DECKS_WING_NUMBER_BITS === 0) return false;
  let cardA = P.decksWingTop(position, a & DECKS_WING_NUMBER_MASK);
  let cardB = P.decksWingTop(position, b & DECKS_WING_NUMBER_MASK);
  for (let depth = P.decksWingHeight(position, a & DECKS_WING_NUMBER_MASK) - 1; depth > 0; depth--) {
    cardA = P.cardUnder(position, cardA);
    cardB = P.cardUnder(position, cardB);
    if (suitOf(cardA) !== suitOf(cardB)) return suitOf(cardA) > suitOf(cardB);
  }
  return false;
}

/** RULES §10.19: a key's trunk count, from its word 0 (the bits below the waste top's). */
export function familyDecksKeyTrunkCount(word0: number): number {
  return word0 & ((1 << DECKS_WASTE_SHIFT) - 1);
}
/** RULES §10.19: the cards on a key's foundations (the key at words[at …]): its first 16 bits a deck, four a suit's foundation. */
export function familyDecksKeyCardsUp(words: ArrayLike<number>, at: number, decks: number): number {
  let total = 0;
  for (let nibble = 0; nibble < 4 * decks; nibble++) total += (words[at + 1 + (nibble >> 3)] >>> (4 * (nibble & 7))) & 0xf;
  return total;
}

/** RULES §10.19: a key's foundations as text (the key at words[at …]: 16 bits a deck, the stock's places after them masked off), for tools that group keys. */
export function familyDecksKeyFoundations(words: ArrayLike<number>, at: number, decks: number): string {
  const parts: number[] = [];
  for (let copies = 0; copies < decks; copies += 2) parts.push(copies + 1 < decks ? words[at + 1 + (copies >> 1)] : words[at + 1 + (copies >> 1)] & 0xffff);
  return parts.join(':');
}
/** RULES §10.19: the words of the key of a position of `decks` decks and `stockPlaces` stock places. */
export function familyDecksKeyWords(wings: number, decks: number, linkBits: number, stockPlaces: number): number {
  return 1 + Math.ceil((DECKS_FOUNDATION_BITS * decks + stockPlaces + DECKS_WING_CODE_BITS * wings + CARD_COUNT * decks * linkBits) / 32);
}

/** RULES §10.19: writes the key of `position` (`wings` wings in play, `decks` decks, `stockPlaces` stock places) into key[0 … familyDecksKeyWords-1]. */
export function packFamilyDecksKey(position: P.Position, wings: number, decks: number, linkBits: number, stockPlaces: number, key: Int32Array): void {
  for (let wing = 0; wing < wings; wing++) {
    const height = P.decksWingHeight(position, wing);
    const code = height === 0 ? 0 : cardValue(P.decksWingTop(position, wing)) | (height << DECKS_CODE_HEIGHT_SHIFT);
    const entry = (code << DECKS_WING_NUMBER_BITS) | wing;
    let at = wing;
    while (at > 0 && decksWingAfter(position, sortedDeckWings[at - 1], entry, linkBits)) {
      sortedDeckWings[at] = sortedDeckWings[at - 1];
      at--;
    }
    sortedDeckWings[at] = entry;
  }
  key[0] = P.trunkCount(position) | ((P.decksWasteTopIndex(position) + 1) << DECKS_WASTE_SHIFT) | (P.redealsUsed(position) << DECKS_REDEALS_SHIFT);
  const words = familyDecksKeyWords(wings, decks, linkBits, stockPlaces);
  for (let i = 1; i < words; i++) key[i] = 0;
  let bit = 0;
  for (let copies = 0; copies < decks; copies += 2, bit += 2 * DECKS_FOUNDATION_BITS) {
    const heights = P.decksFoundationWord(position, copies >> 1);
    putBits(key, bit, copies + 1 < decks ? heights : heights & 0xffff, copies + 1 < decks ? 32 : DECKS_FOUNDATION_BITS);
  }
  bit = DECKS_FOUNDATION_BITS * decks;
  for (let index = 0; index < stockPlaces; index += 32, bit += 32) {
    const width = Math.min(32, stockPlaces - index);
    putBits(key, bit, width === 32 ? P.stockPlaceBits(position, index >> 5) : P.stockPlaceBits(position, index >> 5) & ((1 << width) - 1), width);
  }
  bit = DECKS_FOUNDATION_BITS * decks + stockPlaces;
  for (let i = 0; i < wings; i++, bit += DECKS_WING_CODE_BITS) putBits(key, bit, sortedDeckWings[i] >>> DECKS_WING_NUMBER_BITS, DECKS_WING_CODE_BITS);
  if (linkBits === 0) return;
  for (let i = 0; i < wings; i++) {
    const wing = sortedDeckWings[i] & DECKS_WING_NUMBER_MASK;
    let card = P.decksWingTop(position, wing);
    for (let depth = P.decksWingHeight(position, wing) - 1; depth > 0; depth--, bit += linkBits) {
      card = P.cardUnder(position, card);
      // any-suit-down: the suit; alt-colour-down: which of the colour's two (C D 0, H S 1)
      putBits(key, bit, linkBits === 2 ? suitOf(card) : suitOf(card) >> 1, linkBits);
    }
  }
}

/** ORs `value` (below 2^width, width ≤ 32) into the family key's bit stream at `bit` (bit 0 = word 1's bit 0). */
function putBits(key: Int32Array, bit: number, value: number, width: number): void {
  const word = 1 + (bit >>> 5);
  const shift = bit & 31;
  key[word] |= value << shift;
  if (shift + width > 32) key[word + 1] |= value >>> (32 - shift);
}
