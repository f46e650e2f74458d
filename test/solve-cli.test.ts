// solve's page and its file: never replaced without --force, written after the result is shown, or to standard output alone.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadInput, runCli } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-solve-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('solve --html', () => {
  it('refuses to replace an existing file without --force, and leaves it as it was', () => {
    const file = join(dir, 'notes.md');
    writeFileSync(file, 'my notes\n');
    expectBadInput(runCli(['solve', '7', '--preset', 'coops', '--html', file]), /--html .*notes\.md.* already exists: add --force/);
    expect(readFileSync(file, 'utf8')).toBe('my notes\n');
  });

  it('replaces it with --force', () => {
    const file = join(dir, 'page.html');
    writeFileSync(file, 'old\n');
    const result = runCli(['solve', '7', '--preset', 'coops', '--html', file, '--force']);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!doctype html>/i);
  });

  it('with -, writes the page alone to standard output and the text to standard error', () => {
    const result = runCli(['solve', '7', '--preset', 'coops', '--html', '-']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^<!doctype html>/i);
    expect(result.stdout.trimEnd()).toMatch(/<\/html>$/i);
    expect(result.stderr).toMatch(/^Deal 7 {2}\(coops: /);
    expect(result.stderr).toMatch(/\nWON {2}nodes /);
  });

  it('on an unknown, the page names the limit that stopped the search in words', () => {
    const result = runCli(['solve', '7', '--preset', 'coops', '--max-nodes', '20', '--html', '-']);
    expect(result.stdout).toContain('UNKNOWN: the node limit stopped the search');
    expect(result.stderr).toMatch(/\nUNKNOWN \(NODE LIMIT REACHED\) {2}nodes 20 /);
  });

  it('without a deal, names every way to give one, --deals-file too', () => {
    expectBadInput(runCli(['solve']), /--pysol <number>, --solvitaire <seed> or --deals-file <file>/);
  });

  it('refuses --force where there is no page to replace', () => {
    expectBadInput(runCli(['solve', '7', '--force']), '--force does nothing without --html');
  });
});
