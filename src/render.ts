// Text pictures for people: the eagle-shaped layout of a position and the rules table.
import { formatCard, formatCardSymbol, NO_CARD, RANK_COUNT, RANKS, suitOf, SUIT_SYMBOLS } from './cards.js';
import type { Game } from './engine.js';
import { dealtCard, dealtFaceUp } from './layout.js';
import { canonicalRules, DEFAULT_PRESET, optionName, optionUsage, PRESET_GROUPS, PRESETS, resolveRules, RULE_OPTIONS, wingsBuild, type Preset } from './rules.js';

export interface RenderOptions {
  color: boolean;
  symbols: boolean;
}

function paint(card: number, options: RenderOptions): string {
  if (card === NO_CARD) return '--';
  const text = options.symbols ? formatCardSymbol(card) : formatCard(card);
  const red = suitOf(card) === 1 || suitOf(card) === 2;
  return options.color && red ? `\x1b[31m${text}\x1b[0m` : text;
}

/** A wing bottom first: dealt cards still under its run (RULES §10.14; a face-down one in brackets), then the run. */
function wingText(game: Game, wing: number, options: RenderOptions): string {
  const height = game.wingHeight(wing);
  const cards: string[] = [];
  for (let i = 0; i < game.dealtUnder(wing); i++) {
    const card = paint(dealtCard(game.layout, wing, i), options);
    cards.push(dealtFaceUp(game.layout, i) ? card : `[${card}]`);
  }
  for (let depth = height - 1; depth >= 0; depth--) cards.push(paint(game.wingCard(wing, depth), options));
  return cards.length === 0 ? '(space)' : cards.join(' ');
}

function pad(text: string, width: number): string {
  // eslint-disable-next-line no-control-regex
  const visible = text.replace(/\x1b\[[0-9;]*m/g, '').length;
  return text + ' '.repeat(Math.max(0, width - visible));
}

/** The trunk's cards, bottom first (the top is the last dealt to it, deck[count - 1]): seen when the rules deal it face up. */
function trunkCardsText(game: Game, options: RenderOptions): string {
  const cards: string[] = [];
  for (let i = 0; i < game.trunkCount(); i++) cards.push(paint(game.layout.deck[i], options));
  return cards.join(' ');
}

/** RULES §10.15: each of several trunks by its number, with its count and, face up, every card bottom first (else its top). */
function severalTrunksText(game: Game, options: RenderOptions): string {
  const parts: string[] = [];
  for (let trunk = 0; trunk < game.compiled.trunks; trunk++) {
    const count = game.trunkCountOf(trunk);
    const start = game.trunkStart(trunk);
    const cards: string[] = [];
    if (game.compiled.trunkFaceUp) for (let i = start; i < start + count; i++) cards.push(paint(game.layout.deck[i], options));
    else if (count > 0) cards.push(paint(game.trunkCardOf(trunk), options));
    parts.push(count === 0 ? `K${trunk + 1} empty` : `K${trunk + 1} [${count}] ${cards.join(' ')}`);
  }
  return `Trunks${game.compiled.trunkFaceUp ? ' (face up, top last)' : ''}  ${parts.join('   ')}`;
}

/**
 * The layout as a picture: foundations above, the wings with the trunk, stock and waste below. Eight
 * wings (or five to seven) take the eagle's shape, the first half left and the rest right of the
 * trunk; four wings or fewer, as in Canfield, stand in one column under the trunk, since their piles
 * grow long. A trunk dealt face up (trunk-face up) shows every card, bottom first.
 */
export function renderLayout(game: Game, options: RenderOptions): string {
  const foundations: string[] = [];
  for (let suit = 0; suit < 4; suit++) {
    // RULES §10.19: each of the suit's foundations, highest first
    const tops = Array.from({ length: game.decks }, (_, copy) => paint(game.decks === 1 ? game.foundationTop(suit) : game.foundationTopOf(suit, copy), options));
    foundations.push(`${SUIT_SYMBOLS[suit]} ${tops.join(' ')}`);
  }
  // RULES §10.18: one foundation, four of a rank at once: the ranks up
  const ranks = RANKS.split('').filter((_, rank) => (game.ranksUp() >> rank) & 1);
  if (game.compiled.fourOfARank) foundations.splice(0, 4, ranks.length === 0 ? '--' : ranks.join(' '));
  // RULES §10.20: foundations by rank in any suit: each one's top rank, the first apart (the position keeps no suits there)
  const byRank = game.rules.foundations === 'any-suit-in-turn';
  if (byRank) {
    const tops = Array.from({ length: 4 * game.decks }, (_, foundation) => game.rankFoundationHeight(foundation)).map((height) => (height === 0 ? '--' : RANKS[(game.baseRank() + height - 1) % RANK_COUNT]));
    foundations.splice(0, 4, `${tops[0]} | ${tops.slice(1).join(' ')}`);
  }
  const trunkCount = game.trunkCount();
  const trunkCard = game.trunkCard();
  const faceUp = game.compiled.trunkFaceUp && trunkCount > 0;
  const trunkText = trunkCount === 0 ? 'Trunk empty' : `Trunk [${trunkCount}]${trunkCard === NO_CARD ? '' : ' ' + paint(trunkCard, options)}`;
  // RULES §10.17: a chosen base is named once chosen
  const base = game.baseRank();
  const lines = [`          Foundations  ${foundations.join('   ')}   (${base < 0 ? 'base rank not chosen yet' : game.compiled.upDown ? 'up from A' : game.compiled.fourOfARank ? 'four of a rank at once' : byRank ? `any suit, base rank ${RANKS[base]}, the first full first` : `base rank ${RANKS[base]}`})`];
  // RULES §10.18: each suit's second foundation, down from the King, on a line of its own
  if (game.compiled.upDown) lines.push(`                       ${[0, 1, 2, 3].map((suit) => `${SUIT_SYMBOLS[suit]} ${paint(game.foundationDownTop(suit), options)}`).join('   ')}   (down from K)`);
  lines.push('');
  const wings = game.wings;
  // wing names as wide as the longest (RULES §10.1: W10 … W12), so that the wings' cards line up
  const label = (wing: number) => pad(`W${wing + 1}`, `W${wings}`.length);
  if (game.compiled.trunks > 1) {
    // RULES §10.15: several trunks, one line above the wings, K1 first
    lines.push(`  ${severalTrunksText(game, options)}`, '');
    for (let wing = 0; wing < wings; wing++) lines.push(`  ${label(wing)}  ${wingText(game, wing, options)}`);
  } else if (wings <= 4) {
    lines.push(faceUp ? `  Trunk [${trunkCount}]  ${trunkCardsText(game, options)}  (face up, top last)` : `  ${trunkText}`, '');
    for (let wing = 0; wing < wings; wing++) lines.push(`  ${label(wing)}  ${wingText(game, wing, options)}`);
  } else {
    const rows = Math.ceil(wings / 2);
    // the left column as wide as its longest wing (dealt cards under the runs make them long)
    let leftWidth = 22;
    for (let row = 0; row < rows; row++) leftWidth = Math.max(leftWidth, `  ${label(row)}  ${wingText(game, row, { ...options, color: false })}`.length + 2);
    for (let row = 0; row < rows; row++) {
      const left = pad(`  ${label(row)}  ${wingText(game, row, options)}`, leftWidth);
      const middle = row === 1 ? trunkText : '';
      const right = row + rows < wings ? `${label(row + rows)}  ${wingText(game, row + rows, options)}` : '';
      lines.push(right === '' ? `${left}${middle}`.trimEnd() : `${left}${pad(middle, 24)}${right}`);
    }
    if (faceUp) lines.push('', `  Trunk face up, top last: ${trunkCardsText(game, options)}`);
  }
  lines.push('');
  lines.push(`  Stock ${game.stockCount()}   Waste ${game.wasteCount()} ${paint(game.wasteTop(), options)}   Redeals used ${game.redealsUsed()} of ${game.rules.redeals}`);
  return lines.join('\n');
}

/** How many rule options each usage line of the listing holds: build and wing options, trunk card and spaces, counts; any new one after. */
const USAGE_LINES = [3, 2, 2, 4, 3];

/** RULES §4 and §10 as tables, one per group of presets, plus the option ranges: all from the rule options table (rules.ts). */
export function renderRulesTable(): string {
  const header = ['preset', ...RULE_OPTIONS.map(optionName)];
  const rowOf = (preset: Preset): string[] => {
    const rules = resolveRules(preset.name);
    const builds = wingsBuild(rules);
    return [
      preset.name,
      ...RULE_OPTIONS.map((option) => {
        if (option.onlyWhenBuilding && !builds) return '-';
        const value = rules[option.field];
        return Array.isArray(value) ? value.join(',') || 'none' : String(value);
      }),
    ];
  };
  const rows = PRESETS.map(rowOf);
  // one set of column widths for every group, so the groups line up
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const format = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  const groups = PRESET_GROUPS.flatMap((group) => {
    const members = PRESETS.filter((preset) => preset.group === group);
    return members.length === 0 ? [] : [`${group}:`, format(header), format(widths.map((width) => '-'.repeat(width))), ...members.map((preset) => format(rowOf(preset))), ''];
  });
  const usages = RULE_OPTIONS.map((option) => `${option.flag} ${optionUsage(option)}`);
  const usageLines: string[] = [];
  let start = 0;
  for (const count of [...USAGE_LINES, usages.length]) {
    if (start < usages.length) usageLines.push(`  ${usages.slice(start, start + count).join('   ')}`);
    start += count;
  }
  return [
    ...groups,
    'Override any option on top of a preset:',
    ...usageLines,
    '',
    `Canonical form, e.g. strict: ${canonicalRules(resolveRules(DEFAULT_PRESET))}`,
    '(the Canfield family\'s options are written only where they differ from their defaults)',
  ].join('\n');
}
