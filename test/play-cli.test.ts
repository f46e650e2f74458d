// eaglewing play from the command line: the page's file, --out - and --force, the deal and rules written into it, and bad input.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput, runCli } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-play-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The data the page was given (its <script id="data">). */
function pageData(html: string): { deal: string; rules: { wings: number }; autodeal: boolean; cliDeal: string } {
  const match = /<script type="application\/json" id="data">(.*?)<\/script>/s.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]);
}

describe('eaglewing play', () => {
  it('writes the page for the deal, named after it by default, and says where', () => {
    const result = runCli(['play', '7', '--preset', 'coops'], { cwd: dir });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("'play-deal-7-coops.html'");
    const html = readFileSync(join(dir, 'play-deal-7-coops.html'), 'utf8');
    // the deal is the CLI's deal 7, as `deal --string` prints it
    expect(pageData(html).deal).toBe(runCli(['deal', '7', '--preset', 'coops', '--string']).stdout.trim());
    expect(pageData(html).cliDeal).toBe('7 --preset coops');
    // one file: no script or style is fetched from anywhere
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).not.toContain('{{');
  });

  it('takes PySolFC game numbers (PySolFC then turns cards by itself) and rule options, and names them for the commands it shows', () => {
    const file = join(dir, 'canfield.html');
    expect(runCli(['play', '--pysol', '12345', '--preset', 'canfield', '--out', file]).code).toBe(0);
    const data = pageData(readFileSync(file, 'utf8'));
    expect(data.deal).toBe(runCli(['deal', '--pysol', '12345', '--preset', 'canfield', '--string']).stdout.trim());
    expect([data.autodeal, data.cliDeal]).toEqual([true, '--pysol 12345 --preset canfield']);
    const changed = join(dir, 'changed.html');
    expect(runCli(['play', '3', '--preset', 'canfield', '--turn', '1', '--out', changed]).code).toBe(0);
    expect(pageData(readFileSync(changed, 'utf8'))).toMatchObject({ autodeal: false, cliDeal: '3 --preset canfield --turn 1' });
  });

  it('--out - writes the page to standard output', () => {
    const result = runCli(['play', '1', '--out', '-']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('<!doctype html>')).toBe(true);
    expect(pageData(result.stdout).rules.wings).toBe(8);
  });

  it('replaces an existing file only with --force', () => {
    const file = join(dir, 'mine.html');
    writeFileSync(file, 'my own page');
    expectBadInput(runCli(['play', '1', '--out', file]), '--force');
    expect(readFileSync(file, 'utf8')).toBe('my own page');
    expect(runCli(['play', '1', '--out', file, '--force']).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('<!doctype html>');
  });

  it('refuses bad input in one line, writing nothing', () => {
    expectBadInput(runCli(['play', '1', '--preset', 'nosuch', '--out', join(dir, 'bad.html')]), 'unknown preset');
    expectBadInput(runCli(['play', '--deal', 'KS QS', '--out', join(dir, 'bad.html')]), /deal/);
    expectBadInput(runCli(['play', '1', '--pysol', '5', '--out', join(dir, 'bad.html')]), 'give one deal');
    expect(() => readFileSync(join(dir, 'bad.html'))).toThrow();
  });
});
