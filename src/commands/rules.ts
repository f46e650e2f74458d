// eaglewing rules: the presets of RULES §4 and §10, grouped, and the options that override them, as a table or JSON.
import type { Command } from 'commander';
import { renderRulesTable } from '../render.js';
import { canonicalRules, PRESETS, resolveRules } from '../rules.js';
import { print } from './output.js';

export function register(program: Command): void {
  program
    .command('rules')
    .description('list the presets (RULES §4, §10), grouped, and the options that override them')
    .option('--json', 'print the presets as JSON')
    .action((flags: { json?: boolean }) => {
      if (flags.json) {
        const presets = PRESETS.map((preset) => {
          const rules = resolveRules(preset.name);
          return { name: preset.name, group: preset.group, source: preset.source, rules, canonical: canonicalRules(rules) };
        });
        return print(JSON.stringify(presets));
      }
      print(renderRulesTable());
    });
}
