// The play page for one deal: the bundled template (dist/page/play.html, made by npm run build) with the deal and its rules written in.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatDeal, type Deck } from '../deal.js';
import { canonicalRules, type RuleSet } from '../rules.js';
import { pysolPlays } from '../show/narrate.js';
import { fillPage } from '../show/page.js';

/** The template with the page's script and solver worker inlined: scripts/build-page.mjs writes it beside the compiled CLI. */
const TEMPLATE = fileURLToPath(new URL('../page/play.html', import.meta.url));

export interface PlayPage {
  /** "Deal 7", "PySolFC game 12345". */
  label: string;
  preset: string;
  deck: Deck;
  rules: RuleSet;
  /** Dealt by PySolFC's game number: under PySolFC's own rules, PySolFC turns a card whenever the waste is empty. */
  pysolDeal: boolean;
  /** The deal as the CLI's options name it, for the commands the page shows (`7 --preset coops`). */
  cliDeal: string;
}

/** The page's HTML: one file, no network request of any kind, opening from disk. */
export function playPage(page: PlayPage): string {
  if (!existsSync(TEMPLATE)) throw new Error(`the play page's template ${TEMPLATE} is missing: run npm run build`);
  const title = `${page.label}, ${page.preset}: play it`;
  const data = {
    title,
    subtitle: `${page.preset}: ${canonicalRules(page.rules)}. Choose a card, then where it goes, or drag it; or type a move (RULES §5).`,
    deal: formatDeal(page.deck),
    rules: page.rules,
    autodeal: page.pysolDeal && pysolPlays(page.rules),
    cliDeal: page.cliDeal,
  };
  return fillPage(readFileSync(TEMPLATE, 'utf8'), title, data);
}
