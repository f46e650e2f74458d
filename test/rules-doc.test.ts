// RULES.md, the users' rulebook, states the presets the code plays, and every section the code cites exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRESETS, resolveRules, RULE_OPTIONS } from '../src/rules.js';
import { ROOT } from './helpers.js';

/** The §4 preset table of a rules document: preset name -> its cells (build … trunk), with backquotes dropped. */
function presetTable(file: string): Map<string, string[]> {
  const text = readFileSync(file, 'utf8');
  const section = text.slice(text.indexOf('## 4. Presets'), text.indexOf('## 5.'));
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/`/g, ''));
    if (cells.length === 9 && PRESETS.some((preset) => preset.name === cells[0] && preset.group === 'Eagle Wing')) rows.set(cells[0], cells.slice(2));
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
  expect([...table.keys()]).toEqual(PRESETS.filter((preset) => preset.group === 'Eagle Wing').map((preset) => preset.name));
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

/** The family preset table (RULES §10): preset name -> option field -> cell, read by its header (`trunk-face`). */
function familyTable(file: string, heading: string): Map<string, Map<string, string>> {
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(heading);
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  const lines = section.split('\n').filter((line) => line.startsWith('| '));
  const cellsOf = (line: string) => line.split('|').slice(1, -1).map((cell) => cell.trim().replace(/`/g, ''));
  const header = cellsOf(lines[0]).map((name) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()));
  const rows = new Map<string, Map<string, string>>();
  for (const line of lines.slice(1)) {
    const cells = cellsOf(line);
    if (PRESETS.some((preset) => preset.name === cells[0] && preset.group !== 'Eagle Wing')) rows.set(cells[0], new Map(header.map((name, i) => [name, cells[i]])));
  }
  return rows;
}

function expectFamilyTableMatchesCode(file: string, heading: string): void {
  const table = familyTable(file, heading);
  expect([...table.keys()]).toEqual(PRESETS.filter((preset) => preset.group !== 'Eagle Wing').map((preset) => preset.name));
  for (const [name, cells] of table) {
    const rules = resolveRules(name);
    for (const option of RULE_OPTIONS) {
      const value = rules[option.field];
      expect(cells.get(option.field), `${name} ${option.field}`).toBe(Array.isArray(value) ? value.join(', ') : String(value));
    }
  }
}

describe('RULES.md', () => {
  it('§10 lists every Canfield-family preset with every option the code gives it', () => expectFamilyTableMatchesCode(join(ROOT, 'RULES.md'), '## 10. '));
  it('§4 lists every preset with the options the code gives it', () => expectTableMatchesCode(join(ROOT, 'RULES.md')));
  it('keeps the section numbers that help texts and errors cite', () => {
    const text = readFileSync(join(ROOT, 'RULES.md'), 'utf8');
    const cited = new Set<string>();
    const files = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)]));
    // every "RULES §N" or "RULES §N.M" in the source, the tests, the scripts and the docs, and each further "§N.M" after one
    for (const folder of ['src', 'test', 'bench', 'scripts', 'results', 'docs']) {
      for (const file of files(join(ROOT, folder)).filter((name) => /\.(ts|mjs|sh|py|md)$/.test(name))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/RULES(?:'s)? §\d+(?:\.\d+)?(?:(?:,|;| and| with)? §\d+(?:\.\d+)?)*/g)) {
          for (const one of match[0].matchAll(/§\d+(?:\.\d+)?/g)) cited.add(`RULES ${one[0]}`);
        }
      }
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
