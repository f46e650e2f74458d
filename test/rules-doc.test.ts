// RULES.md, the users' rulebook, states the presets the code plays, and agrees with the contract where it is beside us.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS, resolveRules } from '../src/rules.js';
import { ROOT } from './helpers.js';

const CONTRACT = join(ROOT, '..', 'shared', 'RULES.md');

/** The §4 preset table of a rules document: preset name -> its cells (build … trunk), with backquotes dropped. */
function presetTable(file: string): Map<string, string[]> {
  const text = readFileSync(file, 'utf8');
  const section = text.slice(text.indexOf('## 4. Presets'), text.indexOf('## 5.'));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/`/g, ''));
    if (cells.length === 9 && PRESETS.some((preset) => preset.name === cells[0])) rows.set(cells[0], cells.slice(2));
  }
  return rows;
}

/** A cell that states a value (not "—" or a bracketed "unused" note) must equal it. */
function expectStates(cell: string, value: string | number): void {
  if (cell === '—' || cell.startsWith('(')) return;
  expect(cell).toBe(String(value));
}

function expectTableMatchesCode(file: string): void {
  const table = presetTable(file);
  expect([...table.keys()]).toEqual(PRESETS.map((preset) => preset.name));
  for (const [name, [build, maxWing, wingMoves, trunkPlay, spaceFrom, redeals, trunk]] of table) {
    const rules = resolveRules(name);
    expectStates(build, rules.build);
    expectStates(maxWing, rules.maxWing);
    expectStates(wingMoves, rules.wingMoves);
    expectStates(trunkPlay, rules.trunkPlay);
    expectStates(spaceFrom, rules.spaceFrom.join(', '));
    expectStates(redeals, rules.redeals);
    expectStates(trunk, rules.trunk);
  }
}

describe('RULES.md', () => {
  it('§4 lists every preset with the options the code gives it', () => expectTableMatchesCode(join(ROOT, 'RULES.md')));
  it.runIf(existsSync(CONTRACT))('the contract §4 lists the same presets and options', () => expectTableMatchesCode(CONTRACT));
  it('keeps the section numbers that help texts and errors cite', () => {
    const text = readFileSync(join(ROOT, 'RULES.md'), 'utf8');
    const cited = new Set<string>();
    for (const file of ['src/cli.ts', 'src/verify.ts', 'src/engine.ts', 'src/notation.ts', 'src/rules.ts']) {
      for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/RULES §(\d+)(?:\.(\d+))?/g)) cited.add(match[0]);
    }
    expect(cited.size).toBeGreaterThan(0);
    for (const citation of cited) {
      const [, section, item] = /§(\d+)(?:\.(\d+))?/.exec(citation)!;
      const heading = new RegExp(`^## ${section}\\. `, 'm').exec(text);
      expect(heading, citation).not.toBeNull();
      if (item !== undefined) {
        const body = text.slice(heading!.index, text.indexOf('\n## ', heading!.index + 1));
        expect(new RegExp(`^${item}\\. `, 'm').test(body), citation).toBe(true);
      }
    }
  });
});
