// sim --rate through the CLI with real files: the rating columns checked against replayed solutions and the greedy player's own run; resume and merge keep files alike.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFromNumber } from '../src/deal.js';
import { Game, NO_MOVE, newEngineMoveList } from '../src/engine.js';
import { parseMoveList } from '../src/notation.js';
import { resolveRules } from '../src/rules.js';
import { expectBadInput, runCli, type Run } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-rate-'));
});
const path = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]): Run => runCli(args, { cwd: dir });
const read = (name: string) => readFileSync(path(name), 'utf8');

// coops deals 1–30: quick, and both won and lost deals among them
const RANGE = ['--preset', 'coops', '--deals', '30', '--chunk', '5', '--no-timing', '--quiet'];
const RATED_HEADER = 'deal,preset,rules,player,result,nodes,ms,solution_length,solution,reason,critical,rated_positions,greedy';

/** The rows of a per-deal CSV as header-named cells (eaglewing quotes no cell of these rows: no commas in them). */
function rows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.split('\n').filter(Boolean);
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    expect(cells).toHaveLength(names.length);
    return Object.fromEntries(names.map((name, i) => [name, cells[i]]));
  });
}

/** Positions on the solution where the engine offers exactly one legal move, counted by replaying it from the deal. */
function forcedPositions(deal: number, solution: string): { forced: number; moves: number } {
  const game = new Game(dealFromNumber(deal), resolveRules('coops'));
  const codes = newEngineMoveList();
  let forced = 0;
  const moves = parseMoveList(solution);
  for (const move of moves) {
    if (game.legalMoves(codes) === 1) forced++;
    const code = game.legalMoveFor(move);
    expect(code).not.toBe(NO_MOVE);
    game.apply(code);
  }
  expect(game.isWon()).toBe(true);
  return { forced, moves: moves.length };
}

beforeAll(() => {
  for (const [file, workers] of [['rated1.csv', '1'], ['rated2.csv', '2']]) expect(run('sim', ...RANGE, '--rate', '--workers', workers, '--out', file).code).toBe(0);
  expect(run('sim', ...RANGE, '--workers', '1', '--out', 'plain.csv').code).toBe(0);
  expect(run('sim', ...RANGE, '--player', 'greedy', '--workers', '1', '--out', 'greedy.csv').code).toBe(0);
  for (const i of [1, 2]) expect(run('sim', ...RANGE, '--rate', '--workers', '1', '--shard', `${i}/2`, '--out', `shard${i}.csv`).code).toBe(0);
  // six CLI runs: vitest's 10 s default for a hook is too short on a busy two-core machine
}, 120_000);

describe('sim --rate', () => {
  it('writes the same file with one worker or two', () => {
    expect(read('rated1.csv').split('\n')[0]).toBe(RATED_HEADER);
    expect(read('rated2.csv')).toBe(read('rated1.csv'));
  });

  it('adds the three columns and changes nothing else', () => {
    const plain = read('plain.csv').split('\n');
    const rated = read('rated1.csv').split('\n');
    expect(rated).toHaveLength(plain.length);
    expect(rated.slice(1).map((line) => line.split(',').slice(0, -3).join(','))).toEqual(plain.slice(1));
  });

  it('counts at least the forced positions of each won solution, and no more positions than its moves', () => {
    const table = rows(read('rated1.csv'));
    expect(table).toHaveLength(30);
    const won = table.filter((row) => row.result === 'won');
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(30);
    let forcedSeen = 0;
    for (const row of table) {
      if (row.result !== 'won') {
        expect([row.critical, row.rated_positions]).toEqual(['', '']);
        continue;
      }
      const { forced, moves } = forcedPositions(Number(row.deal), row.solution);
      expect(Number(row.rated_positions), `deal ${row.deal}`).toBe(moves);
      expect(Number(row.solution_length)).toBe(moves);
      expect(Number(row.critical), `deal ${row.deal}`).toBeGreaterThanOrEqual(forced);
      expect(Number(row.critical), `deal ${row.deal}`).toBeLessThanOrEqual(moves);
      forcedSeen += forced;
    }
    // forced positions there are, so the lower bound bites
    expect(forcedSeen).toBeGreaterThan(0);
  });

  it("gives every deal the greedy player's own result", () => {
    const greedy = new Map(rows(read('greedy.csv')).map((row) => [row.deal, row.result]));
    const table = rows(read('rated1.csv'));
    expect(greedy.size).toBe(30);
    expect(new Set(table.map((row) => row.greedy))).toEqual(new Set(['won', 'lost']));
    for (const row of table) expect(row.greedy, `deal ${row.deal}`).toBe(greedy.get(row.deal));
  });

  it('is refused for the no-peek players, and without --out', () => {
    expectBadInput(run('sim', ...RANGE, '--player', 'greedy', '--rate', '--out', 'never.csv'), '--rate');
    expectBadInput(run('sim', ...RANGE, '--player', 'sampling', '--rate', '--out', 'never.csv'), '--rate');
    expectBadInput(run('sim', ...RANGE, '--rate'), '--rate needs --out');
  });
});

describe('resume and merge keep rated and plain files apart', () => {
  it('resumes a rated file only with --rate, and a plain one only without', () => {
    const half = (from: string, to: string) => writeFileSync(path(to), read(from).split('\n').slice(0, 16).join('\n') + '\n');
    half('rated1.csv', 'resume-rated.csv');
    half('plain.csv', 'resume-plain.csv');
    const before = read('resume-rated.csv');
    expectBadInput(run('sim', ...RANGE, '--workers', '1', '--out', 'resume-rated.csv', '--resume'), 'resume it with --rate');
    expect(read('resume-rated.csv')).toBe(before);
    expectBadInput(run('sim', ...RANGE, '--rate', '--workers', '1', '--out', 'resume-plain.csv', '--resume'), 'resume it without --rate');
    // with the matching option, the resumed file is the one-run file
    expect(run('sim', ...RANGE, '--rate', '--workers', '1', '--out', 'resume-rated.csv', '--resume').code).toBe(0);
    expect(read('resume-rated.csv')).toBe(read('rated1.csv'));
  });

  it('refuses to merge a rated file with a plain one', () => {
    expectBadInput(run('merge', 'rated1.csv', 'plain.csv', '--out', 'never.csv'), 'merge files made alike');
    expectBadInput(run('merge', 'plain.csv', 'rated1.csv', '--out', 'never.csv'), 'merge files made alike');
  });

  it('merges two rated shards into the one-run file', () => {
    expect(rows(read('shard1.csv')).length + rows(read('shard2.csv')).length).toBe(30);
    expect(run('merge', 'shard1.csv', 'shard2.csv', '--out', 'merged.csv').code).toBe(0);
    expect(read('merged.csv')).toBe(read('rated1.csv'));
  });

  it('refuses rating cells sim --rate never writes', () => {
    const lines = read('rated1.csv').split('\n');
    const won = lines.findIndex((line, i) => i > 0 && line.includes(',won,'));
    const spoil = (name: string, line: string) => writeFileSync(path(name), [...lines.slice(0, won), line, ...lines.slice(won + 1)].join('\n'));
    spoil('bad-greedy.csv', lines[won].replace(/,(won|lost)$/, ',maybe'));
    expectBadInput(run('merge', 'bad-greedy.csv', '--out', 'never.csv'), 'bad greedy');
    spoil('bad-critical.csv', lines[won].replace(/,\d+,(\d+),(won|lost)$/, ',99999,$1,$2'));
    expectBadInput(run('merge', 'bad-critical.csv', '--out', 'never.csv'), 'more than rated_positions');
    spoil('bad-positions.csv', lines[won].replace(/,(\d+),(won|lost)$/, ',1,$2'));
    expectBadInput(run('merge', 'bad-positions.csv', '--out', 'never.csv'), "not the solution's length");
  });
});
