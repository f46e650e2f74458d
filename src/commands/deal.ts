// eaglewing deal: a numbered deal as the eagle-shaped layout, its deal string, or JSON.
import type { Command } from 'commander';
import { formatCard } from '../cards.js';
import { formatDeal, type Deck } from '../deal.js';
import { Game } from '../engine.js';
import { UsageError } from '../errors.js';
import { dealLayout, dealtWingCard, WING_COUNT } from '../layout.js';
import { renderLayout } from '../render.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import { addRuleOptions, dealHeading, deckFrom, print, rulesFrom, useColor, type RuleFlags } from './common.js';

function describeDeal(deck: Deck, rules: RuleSet, number?: number) {
  const layout = dealLayout(deck, rules.trunk);
  const trunk = layout.trunkSize;
  return {
    number: number ?? null,
    deal: formatDeal(deck),
    rules: canonicalRules(rules),
    trunk: Array.from(deck.subarray(0, trunk), formatCard),
    trunkTop: trunk > 0 ? formatCard(deck[trunk - 1]) : null,
    wings: Array.from({ length: WING_COUNT }, (_, wing) => formatCard(dealtWingCard(layout, wing))),
    base: formatCard(layout.baseCard),
    stock: Array.from(layout.stockCards, formatCard),
  };
}

export function register(program: Command): void {
  addRuleOptions(
    program
      .command('deal')
      .description('show a numbered deal: the eagle-shaped layout, its deal string or JSON')
      .argument('<n>', 'deal number, 1 to 2^53-1')
      .option('--string', 'print only the deal string (52 cards, RULES §2)')
      .option('--json', 'print a JSON description')
      .option('--symbols', 'use suit symbols ♣♦♥♠ in the layout')
      .addHelpText('after', '\nExamples:\n  eaglewing deal 7\n  eaglewing deal 7 --string\n  eaglewing deal 7 --trunk 8 --json'),
  ).action((numberArgument: string, flags: RuleFlags & { string?: boolean; json?: boolean; symbols?: boolean }) => {
    if (flags.json && flags.string) throw new UsageError('give --json or --string, not both');
    if (flags.symbols && (flags.json || flags.string)) throw new UsageError('--symbols draws the layout: it does nothing with --json or --string');
    const rules = rulesFrom(flags);
    const { deck, number } = deckFrom(numberArgument, undefined);
    if (flags.json) return print(JSON.stringify(describeDeal(deck, rules, number)));
    if (flags.string) return print(formatDeal(deck));
    const color = useColor();
    print(dealHeading(number, flags.preset, rules));
    print(renderLayout(new Game(deck, rules), { color, symbols: flags.symbols ?? color }));
  });
}
