// eaglewing play: writes a page on which a person plays one deal, with the exact solver's live answer ("still winnable?") after every move.
import type { Command } from 'commander';
import { playPage } from '../play/page.js';
import { optionText, resolveRules, RULE_OPTIONS, type RuleSet } from '../rules.js';
import { checkOutput, writeWholeFile } from '../run/files.js';
import { quote } from '../text.js';
import { addPysolOption, type ChosenDeal, deckFrom } from './deals.js';
import { addRuleOptions, type RuleFlags, rulesFrom } from './flags.js';
import { print, shellWord } from './output.js';

type PlayFlags = RuleFlags & { deal?: string; pysol?: string; solvitaire?: string; out?: string; force?: boolean };

/** The page's file when --out is not given: the deal and the preset, in the current folder. */
function defaultOut(chosen: ChosenDeal, preset: string): string {
  const deal = chosen.number !== undefined ? `deal-${chosen.number}` : chosen.pysol !== undefined ? `pysol-${chosen.pysol.text.replace(/[^0-9A-Za-z]/g, '')}` : chosen.solvitaire !== undefined ? `solvitaire-${chosen.solvitaire}` : 'deal';
  return `play-${deal}-${preset}.html`;
}

/** The deal and rules as this CLI's options name them, for the commands the page shows (`7 --preset coops --redeals 4`). */
function cliDeal(chosen: ChosenDeal, preset: string, rules: RuleSet, dealText: string | undefined): string {
  const deal = chosen.number !== undefined ? String(chosen.number) : chosen.pysol !== undefined ? `--pysol ${chosen.pysol.text}` : chosen.solvitaire !== undefined ? `--solvitaire ${chosen.solvitaire}` : `--deal ${shellWord(dealText ?? '')}`;
  const base = resolveRules(preset);
  const changed = RULE_OPTIONS.filter((option) => optionText(option, rules) !== optionText(option, base)).map((option) => `${option.flag} ${shellWord(optionText(option, rules))}`);
  return [deal, `--preset ${preset}`, ...changed].join(' ');
}

export function register(program: Command): void {
  const command = program
    .command('play')
    .description('write a page to play one deal in a browser, with the exact solver\'s answer after every move: winnable, no longer winnable (and which move lost it), or not known')
    .argument('[n]', 'deal number (or give --deal, --pysol or --solvitaire)')
    .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
    .option('--out <file>', 'the page\'s file (default: play-deal-N-PRESET.html here; - writes it to standard output)')
    .option('--force', 'replace an existing --out file')
    .addHelpText(
      'after',
      `
The page is one self-contained HTML file: it opens from disk and asks the network for nothing. Its solver
(the same search as solve's, in a Web Worker) answers after each move within a million positions a search,
in a table of at most 256 MB; "Search longer" raises the limit tenfold each time.

Examples:
  eaglewing play 7 --preset coops
  eaglewing play --pysol 12345 --preset canfield --out canfield-12345.html
  eaglewing play --solvitaire 0 --out -`,
    );
  addPysolOption(addRuleOptions(command)).action((numberArgument: string | undefined, flags: PlayFlags) => {
    const { preset, rules } = rulesFrom(command, flags);
    const chosen = deckFrom(numberArgument, flags, { preset, rules });
    const out = flags.out ?? defaultOut(chosen, preset);
    checkOutput('--out', out, { replace: Boolean(flags.force) });
    const page = playPage({ label: chosen.label, preset, deck: chosen.deck, rules, pysolDeal: chosen.pysol !== undefined, cliDeal: cliDeal(chosen, preset, rules, flags.deal) });
    writeWholeFile(out, page, { replace: Boolean(flags.force) });
    if (out !== '-') print(`Wrote ${quote(out)} (${page.length.toLocaleString('en-US')} bytes): open it in a browser to play ${chosen.label}, ${preset}.`);
  });
}
