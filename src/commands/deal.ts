// eaglewing deal: a numbered deal as the eagle-shaped layout, its deal string, or JSON.
import type { Command } from 'commander';
import { formatCard } from '../cards.js';
import { formatDeal } from '../deal.js';
import { Game, NO_MOVE } from '../engine.js';
import { UsageError } from '../errors.js';
import { dealtCard, dealtFaceUp, dealtWingCard } from '../layout.js';
import { renderLayout } from '../render.js';
import { canonicalRules, PRESETS, type RuleSet } from '../rules.js';
import { addPysolOption, type ChosenDeal, deckFrom } from './deals.js';
import { addRuleOptions, type RuleFlags, rulesFrom } from './flags.js';
import { dealHeading, print, useColor } from './output.js';
import { parseMove } from '../notation.js';
import { pysolPlays } from '../show/narrate.js';

/** Which wing is which of PySolFC's Eagle Wing piles (it lays rows 0-3 left of the trunk and 4-7 right of it, and deals them from row 7 down: pysollib/games/canfield.py). */
const PYSOLFC_EAGLE_PILES =
  " Its piles: W1-W4 are the four left of the trunk, from the far left in;\nW5-W8 the four right of it, from the trunk out (PySolFC deals them right to left, W8 first).";

/** What the layout of a PySolFC deal shows: its first turn where PySolFC makes one (RULES §10.11: Dutchess turns none until the base is chosen), and for Eagle Wing which pile is which. */
function pysolNote(preset: string, turned: boolean): string {
  const shown = turned ? '\nAs PySolFC shows it, after the turn it makes by itself.' : '\nAs PySolFC shows it: it turns no card up until the first move allows a turn.';
  return PRESETS.find((entry) => entry.name === preset)?.group === 'Eagle Wing' ? shown + PYSOLFC_EAGLE_PILES : shown;
}

function describeDeal({ deck, number, pysol, solvitaire }: ChosenDeal, rules: RuleSet) {
  // the rules' own layout: a Canfield deal has 4 wings, so its base and stock start earlier than Eagle Wing's
  const layout = new Game(deck, rules).layout;
  const trunk = layout.trunkSize;
  // RULES §10.14: every card dealt to each wing, bottom first, a face-down one in brackets
  const dealtCards = (wing: number) =>
    Array.from({ length: layout.wingCards }, (_, i) => (dealtFaceUp(layout, i) ? formatCard(dealtCard(layout, wing, i)) : `[${formatCard(dealtCard(layout, wing, i))}]`));
  return {
    number: number ?? null,
    ...(pysol ? { pysol: pysol.text } : {}),
    ...(solvitaire !== undefined ? { solvitaire } : {}),
    deal: formatDeal(deck),
    rules: canonicalRules(rules),
    trunk: Array.from(deck.subarray(0, trunk), formatCard),
    trunkTop: trunk > 0 ? formatCard(deck[trunk - 1]) : null,
    // RULES §10.15: several trunks, each bottom first (their top the last): `trunk` is them one after the other, `trunkTop` the last one's
    ...(layout.trunks > 1 ? { trunks: Array.from({ length: layout.trunks }, (_, k) => Array.from(deck.subarray(k * layout.trunkCards, (k + 1) * layout.trunkCards), formatCard)) } : {}),
    wings: Array.from({ length: layout.wings }, (_, wing) => formatCard(dealtWingCard(layout, wing))),
    ...(layout.wingCards > 1 ? { wingCards: Array.from({ length: layout.wings }, (_, wing) => dealtCards(wing)) } : {}),
    base: layout.foundationCards === 0 ? null : formatCard(layout.baseCard),
    stock: Array.from(layout.stockCards, formatCard),
  };
}

export function register(program: Command): void {
  const command = addRuleOptions(
    program
      .command('deal')
      .description('show a numbered deal: the eagle-shaped layout, its deal string or JSON')
      .argument('[n]', 'deal number, 1 to 2^53-1 (or give --pysol or --solvitaire)')
      .option('--string', 'print only the deal string (52 cards, RULES §2)')
      .option('--json', 'print a JSON description')
      .option('--symbols', 'use suit symbols ♣♦♥♠ in the layout')
      .addHelpText('after', '\nExamples:\n  eaglewing deal 7\n  eaglewing deal 7 --string\n  eaglewing deal 7 --trunk 8 --json\n  eaglewing deal --pysol 12345\n  eaglewing deal --solvitaire 0'),
  );
  addPysolOption(command).action((numberArgument: string | undefined, flags: RuleFlags & { string?: boolean; json?: boolean; symbols?: boolean; pysol?: string; solvitaire?: string }) => {
    if (flags.json && flags.string) throw new UsageError('give --json or --string, not both');
    if (flags.symbols && (flags.json || flags.string)) throw new UsageError('--symbols draws the layout: it does nothing with --json or --string');
    const { preset, rules } = rulesFrom(command, flags);
    const chosen = deckFrom(numberArgument, flags, { preset, rules });
    if (flags.json) return print(JSON.stringify(describeDeal(chosen, rules)));
    if (flags.string) return print(formatDeal(chosen.deck));
    const color = useColor();
    print(dealHeading(chosen, preset, rules));
    const game = new Game(chosen.deck, rules);
    // PySolFC turns the first stock card up as it deals: its table shows that card on the waste
    // (where a turn is legal: Dutchess's waste stays empty until the base is chosen)
    const pysol = chosen.pysol !== undefined && pysolPlays(rules);
    const first = pysol ? game.legalMoveFor(parseMove('T')) : NO_MOVE;
    if (first !== NO_MOVE) game.playOnly(first);
    print(renderLayout(game, { color, symbols: flags.symbols ?? color }));
    if (pysol) print(pysolNote(preset, first !== NO_MOVE));
  });
}
