// results/verify-lines.mjs against sim's own per-deal files: every won line wins in the verifier, a cut one is named.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, userEnv } from './cli-runner.js';
import { ROOT } from './helpers.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-results-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `node results/verify-lines.mjs FILES`: its exit code and output. */
function verifyLines(...files: string[]): { code: number; out: string } {
  const result = spawnSync(process.execPath, [join(ROOT, 'results', 'verify-lines.mjs'), ...files], { encoding: 'utf8', env: userEnv() });
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}

/** A sim run of `deals` deals to DIR/NAME (its run record beside it); the count of won rows. */
function simRun(name: string, args: readonly string[]): number {
  const out = join(dir, name);
  const run = runCli(['sim', ...args, '--max-nodes', '100000', '--workers', '1', '--quiet', '--out', out]);
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(out, 'utf8').split('\n').filter((line) => line.split(',')[4] === 'won').length;
}

describe('results/verify-lines.mjs', () => {
  it("replays every won line of a run on the engine's deals and on PySolFC's games", () => {
    const engineWon = simRun('engine.csv', ['--preset', 'canfield', '--deals', '8']);
    const pysolWon = simRun('pysol.csv', ['--preset', 'rainfall', '--numbering', 'pysol', '--deals', '8']);
    expect(engineWon).toBeGreaterThan(0);
    expect(pysolWon).toBeGreaterThan(0);
    const result = verifyLines(join(dir, 'engine.csv'), join(dir, 'pysol.csv'));
    expect(result.out).toContain(`8 rows, ${engineWon} won`);
    expect(result.out).toContain(`8 rows, ${pysolWon} won`);
    expect(result.out).toContain('every line wins in the verifier');
    expect(result.code).toBe(0);
  });

  it("replays each line under its row's own rules, options beyond the preset's included", () => {
    // one-card turns on canfield: replayed under the preset's three-card turns, these lines would not win
    const won = simRun('turn1.csv', ['--preset', 'canfield', '--turn', '1', '--deals', '8']);
    expect(won).toBeGreaterThan(0);
    const result = verifyLines(join(dir, 'turn1.csv'));
    expect(result.out).toContain(`8 rows, ${won} won`);
    expect(result.code).toBe(0);
  });

  it('names a won line that does not win, and exits 1', () => {
    // the first won row's line without its last move
    const lines = readFileSync(join(dir, 'engine.csv'), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.split(',')[4] === 'won');
    const deal = lines[at].split(',')[0];
    lines[at] = lines[at].replace(/ [^ ,]+,([^,]*)$/, ',$1');
    writeFileSync(join(dir, 'cut.csv'), lines.join('\n'));
    copyFileSync(join(dir, 'engine.csv.run.json'), join(dir, 'cut.csv.run.json'));
    const result = verifyLines(join(dir, 'cut.csv'));
    expect(result.out).toContain(`deal ${deal}: the line does not win (incomplete)`);
    expect(result.code).toBe(1);
  });

  it('refuses a file with no run record beside it (exit 2)', () => {
    writeFileSync(join(dir, 'bare.csv'), readFileSync(join(dir, 'engine.csv')));
    const result = verifyLines(join(dir, 'bare.csv'));
    expect(result.out).toContain('no readable run record');
    expect(result.code).toBe(2);
  });
});
