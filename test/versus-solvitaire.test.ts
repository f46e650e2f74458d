// bench/versus-solvitaire.mjs without Solvitaire: its reading of Solvitaire's captured output, its deal files against Solvitaire's printed deals, and its verdicts and exit code against a stand-in binary.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, no types
import { GAMES, parseClassifyLine, parseSeeds, solvitaireDeal, solvitaireRules } from '../bench/versus-solvitaire.mjs';
import { formatCard } from '../src/cards.js';
import { canfieldDealFromSolvitaireSeed } from '../src/numbering/solvitaire.js';
import { resolveRules } from '../src/rules.js';
import { userEnv } from './cli-runner.js';
import { FIXTURES, ROOT, solvitairePrintedDeals } from './helpers.js';

const SCRIPT = join(ROOT, 'bench', 'versus-solvitaire.mjs');

/** The captured samples: each `$ solvitaire …` command and the line it printed. */
const samples = (() => {
  const lines = readFileSync(join(FIXTURES, 'solvitaire-classify.txt'), 'utf8').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
  const pairs: { command: string; printed: string }[] = [];
  for (let i = 0; i < lines.length; i += 2) pairs.push({ command: lines[i], printed: lines[i + 1] });
  return pairs;
})();

describe("bench/versus-solvitaire.mjs reads Solvitaire's --classify lines", () => {
  it('reads each captured sample as its seed, verdict and search time', () => {
    // by hand from the fixture's text: solved = won, unsolvable = lost, timed-out = unknown
    const expected = [
      { seed: 0, verdict: 'won', ms: 0 },
      { seed: 5, verdict: 'lost', ms: 107 },
      { seed: 112, verdict: 'unknown', ms: 200 },
      { seed: 3, verdict: 'won', ms: 24 },
    ];
    expect(samples.map((sample) => sample.command.match(/--random (\d+)/)?.[1])).toEqual(['0', '5', '112', '3']);
    expect(samples.map((sample) => parseClassifyLine(sample.printed)).map(({ seed, verdict, ms }: { seed: number; verdict: string; ms: number }) => ({ seed, verdict, ms }))).toEqual(expected);
  });
  it("agrees with Solvitaire's verdicts in the peers' file for the decided samples", () => {
    const peers = readFileSync(join(FIXTURES, 'solvitaire-canfield.csv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
    let compared = 0;
    for (const { command, printed } of samples) {
      const [, game, seed] = /--type (\S+) --random (\d+)/.exec(command) ?? [];
      const read = parseClassifyLine(printed);
      if (read.verdict === 'unknown') continue;
      expect(read.verdict, command).toBe(peers.find((row) => row[0] === game && row[1] === seed)?.[2]);
      compared++;
    }
    expect(compared).toBe(3);
  });
  it('refuses what is not a --classify line', () => {
    expect(parseClassifyLine('Solution Type: solved')).toBeUndefined();
    expect(parseClassifyLine('[info] (Solvitaire version: 0.10.1)')).toBeUndefined();
    expect(parseClassifyLine('0, solved, 0, 203, 162, 127, 38, 0, 124, 193, 76, 76, unsolvable')).toBeUndefined();
    expect(parseClassifyLine('0, solved, 0, 203')).toBeUndefined();
  });
  it('reads seed ranges', () => {
    expect(parseSeeds('0-9')).toEqual([0, 9]);
    expect(parseSeeds('112')).toEqual([112, 112]);
    expect(parseSeeds('9-0')).toBeUndefined();
    expect(parseSeeds('-1')).toBeUndefined();
    expect(parseSeeds('2147483648')).toBeUndefined();
  });
});

describe("bench/versus-solvitaire.mjs writes Solvitaire's deal and rules files", () => {
  it("a seed's deal, written as a deal file, holds the piles Solvitaire printed for that seed", () => {
    // Solvitaire prints each pile bottom card first (its reserve and tableau piles as lists of piles); the
    // tableau piles come sorted, so they are compared as a set
    const printed = solvitairePrintedDeals().filter((entry) => entry.type === 'canfield');
    expect(printed.length).toBeGreaterThanOrEqual(50);
    for (const entry of printed) {
      const written = solvitaireDeal(Array.from(canfieldDealFromSolvitaireSeed(entry.seed), formatCard), 13, 4);
      const where = `seed ${entry.seed}`;
      expect(written.reserve, where).toEqual(entry.reserve[0]);
      expect(written.stock, where).toEqual(entry.stock);
      expect(written.foundations, where).toEqual(entry.foundations.flatMap((pile) => (Array.isArray(pile) ? pile : [])));
      expect(written['tableau piles'].map((pile: string[]) => pile.join(' ')).sort(), where).toEqual(entry['tableau piles'].map((pile) => pile.join(' ')).sort());
      expect(written.waste, where).toEqual([]);
    }
  });
  it("the hard rule sets' rules files have Solvitaire's stock sizes: every card not dealt to the reserve, the tableau or the base", () => {
    const hard = (game: string) => solvitaireRules(resolveRules(GAMES[game].preset, { wingMoves: GAMES[game].wingMoves }));
    const rules = hard('chameleon-group');
    expect(rules.stock).toEqual({ size: 36, 'deal count': 1, redeal: false });
    expect(rules.reserve).toEqual({ size: 12, stacked: true });
    expect(rules['tableau piles']['move built group']).toBe('yes');
    expect(rules['tableau piles']['build policy']).toBe('any-suit');
    expect(hard('canfield-whole').stock).toEqual({ size: 34, 'deal count': 3, redeal: true });
    expect(hard('canfield-whole')['tableau piles']).toEqual({ count: 4, 'build policy': 'red-black', 'move built group': 'whole-pile', 'spaces policy': 'auto-reserve-then-any' });
    expect(Object.keys(GAMES).filter((game) => GAMES[game].wingMoves).sort()).toEqual(['canfield-group', 'canfield-whole', 'chameleon-group', 'chameleon-whole', 'rainbow-group', 'rainbow-whole']);
  });
});

describe('bench/versus-solvitaire.mjs against a stand-in for Solvitaire (needs the build, not Solvitaire)', () => {
  // made before the block's first test, not as it is read: a block whose tests a filter skips runs no hook
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'versus-solvitaire-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A Solvitaire that says `outcome` for seed 0, in the shape of the captured sample. */
  const standIn = (outcome: string) => {
    const file = join(dir, `solvitaire-${outcome}`);
    writeFileSync(file, `#!/bin/sh\ncase "$1" in --version) echo '[info] (Solvitaire version: stand-in)' >&2;; *) echo '0, ${outcome}, 3, 203, 162, 127, 38, 0, 124, 193, 76, 76, ${outcome}';; esac\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const run = (binary: string) => spawnSync(process.execPath, [SCRIPT, binary, 'canfield', '0', '10'], { encoding: 'utf8', env: userEnv() });

  it('exits 0 when the verdicts agree (Solvitaire wins seed 0, as the peers file says)', () => {
    const result = run(standIn('solved'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^0\twon\s+\t[\d.]+\t3\twon\s+\t[\d.]+$/m);
    expect(result.stdout).toContain('Solvitaire won, eaglewing won: 1');
    expect(result.stdout).toMatch(/^ratio eaglewing \/ Solvitaire: [\d.]+/m);
    expect(result.stdout).toMatch(/^on the 1 deal Solvitaire decides: Solvitaire [\d.]+ s, eaglewing [\d.]+ s \(decides 1\), ratio [\d.]+$/m);
  });
  it('exits 1 and names the seed on a disagreement', () => {
    const result = run(standIn('unsolvable'));
    expect(result.status, result.stderr).toBe(1);
    expect(result.stdout).toContain('DISAGREE seed 0: Solvitaire lost, eaglewing won');
  });
  it("plays a hard rule set on eaglewing's deal from the files it writes, and leaves none of them behind", () => {
    // a Solvitaire that wins a deal read from a file when it is given both files, as Solvitaire prints such a line (no seed)
    const file = join(dir, 'solvitaire-files');
    writeFileSync(file, `#!/bin/sh\ncase "$1" in --version) echo '[info] (Solvitaire version: stand-in)' >&2;; --custom-rules) test -s "$2" && test -s "$3" && echo ', solved, 3, 203, 162, 127, 38, 0, 124, 193, 76, 76, solved';; esac\n`);
    chmodSync(file, 0o755);
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('versus-solvitaire-')).length;
    // Solvitaire's verdict, read from the file run's line, against eaglewing's (won or unknown: no disagreement)
    const result = spawnSync(process.execPath, [SCRIPT, file, 'rainbow-whole', '5', '2'], { encoding: 'utf8', env: userEnv() });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^5\twon\s+\t[\d.]+\t3\t(won|unknown)\s+\t[\d.]+$/m);
    expect(result.stdout).toContain("--preset rainbow --wing-moves whole; eaglewing's deals 5-5");
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('versus-solvitaire-')).length).toBe(before);
  });
  it('exits 3 when Solvitaire prints what it cannot read, and 2 on bad arguments', () => {
    const result = run(standIn('gibberish'));
    expect(result.status, result.stderr).toBe(3);
    expect(result.stdout).toContain('FAILED seed 0: Solvitaire');
    const bad = spawnSync(process.execPath, [SCRIPT, standIn('solved'), 'klondike', '0', '10'], { encoding: 'utf8', env: userEnv() });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('the game must be one of canfield, canfield-strict, rainbow-whole');
  });
});
