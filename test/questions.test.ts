// A player's questions, checked from outside the solver: solving from the middle, hints, picks and ratings.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFromNumber, formatDeal } from '../src/deal.js';
import { Game } from '../src/engine.js';
import { formatMove, formatMoveList } from '../src/notation.js';
import { playSoFar } from '../src/played.js';
import { resolveRules } from '../src/rules.js';
import { hintFor } from '../src/show/hint.js';
import { Solver } from '../src/solver/solver.js';
import { verify } from '../src/verify.js';
import { BIN, expectBadInput, runCli, userEnv } from './cli-runner.js';
import { naiveSolveFrom } from './naive.js';

const solver = new Solver({ memoryMegabytes: 64 });
const plain = new Solver({ memoryMegabytes: 64, prune: false });
// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-questions-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A won deal's solution, replayed by the verifier first: everything below starts from a line checked from outside. */
function verifiedSolution(preset: string, number: number) {
  const rules = resolveRules(preset);
  const deck = dealFromNumber(number);
  const result = solver.solve(deck, rules);
  expect(result.result, `${preset} deal ${number}`).toBe('won');
  expect(verify(deck, rules, result.moves).status).toBe('ok');
  return { rules, deck, moves: result.moves };
}

describe('solving from the middle of a game', () => {
  for (const [preset, number] of [['coops', 7], ['strict', 1], ['goodsol', 3], ['pysol', 2], ['easy', 4]] as const) {
    it(`${preset} deal ${number}: every prefix of a verified solution solves as won, and prefix + rest replays as a win`, () => {
      const { rules, deck, moves } = verifiedSolution(preset, number);
      for (let played = 0; played < moves.length; played++) {
        const sofar = playSoFar(deck, rules, formatMoveList(moves.slice(0, played)), false);
        const rest = solver.solvePosition(sofar.game);
        expect(rest.result, `after ${played} moves`).toBe('won');
        expect(verify(deck, rules, [...sofar.played, ...rest.moves]).status, `after ${played} moves`).toBe('ok');
      }
    });
  }
});

describe('hints', () => {
  // positions late in real solutions, where the exhaustive naive search can finish
  const cases = [['coops', 7], ['coops', 11], ['coops', 17], ['pysol', 2], ['pysol', 6], ['goodsol', 3], ['goodsol', 8], ['easy', 4], ['easy', 9], ['strict', 1], ['strict', 18]] as const;
  it('a move the hint calls losing has no win in the naive search either, and the keep/lose split agrees with solving each child pruning-free', () => {
    let losingChecked = 0;
    let positions = 0;
    for (const [preset, number] of cases) {
      const { rules, deck, moves } = verifiedSolution(preset, number);
      for (const fraction of [0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
        const sofar = playSoFar(deck, rules, formatMoveList(moves.slice(0, Math.floor(moves.length * fraction))), false);
        const hint = hintFor(sofar.game, solver);
        expect(hint.verdict).toBe('won');
        positions++;
        const codes = new Int32Array(256);
        const count = sofar.game.legalMoves(codes);
        expect(hint.moves).toHaveLength(count);
        for (const judged of hint.moves) {
          const child = new Game(deck, rules);
          child.restore(sofar.game.snapshot());
          child.apply(child.legalMoveFor(judged.move));
          const separate = child.isWon() ? 'won' : plain.solvePosition(child).result;
          expect(judged.verdict, `${preset} ${number}: ${formatMove(judged.move)}`).toBe(separate);
          if (judged.verdict === 'lost') {
            const naive = naiveSolveFrom(child, 300_000);
            if (naive !== 'too-big') {
              expect(naive, `${preset} ${number}: ${formatMove(judged.move)}`).toBe('lost');
              losingChecked++;
            }
          }
        }
      }
    }
    console.log(`hints: ${positions} positions, ${losingChecked} losing moves confirmed by the naive search`);
    expect(losingChecked).toBeGreaterThanOrEqual(5);
  });

  it('hint through the CLI: exit 0 on a winnable position with a recommended move that keeps it winnable, exit 1 on a lost one', () => {
    const won = runCli(['hint', '7', '--preset', 'coops', '--json']);
    expect(won.code, won.stderr).toBe(0);
    const hint = JSON.parse(won.stdout);
    expect(hint.verdict).toBe('won');
    expect(hint.moves.find((entry: { move: string }) => entry.move === hint.recommended).verdict).toBe('won');
    expect(hint.losing).toBe(hint.moves.filter((entry: { verdict: string }) => entry.verdict === 'lost').length);
    // deal 92 of coops is lost (test/fixtures' naive cases agree on its kind); every move loses
    const lost = runCli(['hint', '92', '--preset', 'coops']);
    expect(lost.code).toBe(1);
    expect(lost.stdout).toMatch(/LOST: no line from this position wins/);
    expect(lost.stdout).toMatch(/(\d+) of \1 moves lose the game/);
  });
});

describe('hints at the ends of a game', () => {
  it('a position won already says so (exit 0); one with no legal move says the game is lost (exit 1)', () => {
    const full = JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--json']).stdout);
    const won = runCli(['hint', '7', '--preset', 'coops', '--after', full.moves]);
    expect(won.code).toBe(0);
    expect(won.stdout).toContain('The game is won already');
    // the greedy player's game on coops deal 4 ends with no legal move (its own reason says so)
    const stuck = JSON.parse(runCli(['solve', '4', '--preset', 'coops', '--player', 'greedy', '--json']).stdout);
    expect(stuck.reason).toBe('no legal move');
    const none = runCli(['hint', '4', '--preset', 'coops', '--after', stuck.moves]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('No legal move is left: the game is lost.');
  });
});

describe('solve --after through the CLI', () => {
  it('numbers the rest on from the player\'s last move, says how many moves were given, and refuses an illegal move naming it', () => {
    const full = JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--json']).stdout);
    const given = full.moves.split(' ').slice(0, 10).join(' ');
    const text = runCli(['solve', '7', '--preset', 'coops', '--after', given]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/After 10 moves given:/);
    expect(text.stdout).toMatch(/\n 11\. /);
    const json = JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--after', given, '--json']).stdout);
    expect(json.after).toBe(10);
    expect(runCli(['verify', '7', '--preset', 'coops', '--moves', `${given} ${json.moves}`]).code).toBe(0);
    expectBadInput(runCli(['solve', '7', '--preset', 'coops', '--after', `${given} W9F`]), '--after move 11 W9F: there is no wing 9');
  });

  it('a line that throws the win away is lost from there, said in those words', () => {
    // the hint names a losing move; play it and solve from there
    const hint = JSON.parse(runCli(['hint', '11', '--preset', 'coops', '--json']).stdout);
    const losing = hint.moves.find((entry: { verdict: string }) => entry.verdict === 'lost');
    if (losing === undefined) return expect(hint.losing).toBe(0);
    const result = runCli(['solve', '11', '--preset', 'coops', '--after', losing.move]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/LOST FROM HERE/);
    expect(result.stdout).toMatch(/the deal itself may have been winnable/);
  });

  it('--deals-file lines "<deal> | <moves>" are solved from there, with and without workers', () => {
    const full = JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--json']).stdout);
    const given = full.moves.split(' ').slice(0, 6).join(' ');
    const input = `${formatDeal(dealFromNumber(7))} | ${given}\n${formatDeal(dealFromNumber(3))}\n`;
    for (const extra of [[], ['--workers', '2']]) {
      const result = runCli(['solve', '--deals-file', '-', '--preset', 'coops', '--json', ...extra], { input });
      expect(result.code, result.stderr).toBe(0);
      const [first, second] = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
      expect(first.after).toBe(6);
      expect(runCli(['verify', '7', '--preset', 'coops', '--moves', `${given} ${first.moves}`]).code).toBe(0);
      expect(second.after).toBeUndefined();
    }
  });
});

describe('pick', () => {
  it('prints the first won deals of the range, as sim finds them, and the same numbers again for the same seed', () => {
    const out = join(dir, 'coops.csv');
    expect(runCli(['sim', '--preset', 'coops', '--deals', '40', '--no-timing', '--quiet', '--out', out]).code).toBe(0);
    const rows = readFileSync(out, 'utf8').trim().split('\n').slice(1).map((line) => line.split(','));
    const won = rows.filter((row) => row[4] === 'won').map((row) => Number(row[0]));
    const lost = rows.filter((row) => row[4] === 'lost').map((row) => Number(row[0]));
    const picked = runCli(['pick', '--preset', 'coops', '--count', '12']);
    expect(picked.code).toBe(0);
    expect(picked.stdout.trim().split('\n').map(Number)).toEqual(won.slice(0, 12));
    const pickedLost = runCli(['pick', '--preset', 'coops', '--lost', '--count', String(Math.min(3, lost.length)), '--to', '40']);
    expect(pickedLost.stdout.trim().split('\n').map(Number)).toEqual(lost.slice(0, 3));
    const seeded = runCli(['pick', '--preset', 'coops', '--count', '5', '--seed', '7', '--to', '40']);
    expect(runCli(['pick', '--preset', 'coops', '--count', '5', '--seed', '7', '--to', '40']).stdout).toBe(seeded.stdout);
    for (const number of seeded.stdout.trim().split('\n').map(Number)) expect(won, `deal ${number}`).toContain(number);
  });

  it('says so, exit 1, when the range runs out first', () => {
    const result = runCli(['pick', '--preset', 'coops', '--lost', '--count', '50', '--to', '20']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/only \d+ deals? found in 1 … 20/);
  });

  it('limits that decide no deal (--max-nodes 1) stop the scan after 1,000 unknowns in a row, exit 1, naming the flag to raise', () => {
    for (const args of [[], ['--json'], ['--seed', '5']]) {
      const started = Date.now();
      const result = runCli(['pick', '--max-nodes', '1', '--count', '1', ...args]);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/^eaglewing: stopped after 1,000 candidates in a row were unknown \(node limit\), the last \d+: 0 deals found \(1000 solved, 1000 unknown\)\. Stopped by --max-nodes before an answer: raise it/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stdout).toBe(args[0] === '--json' ? '{"numbers":[],"scanned":1000,"unknown":1000}\n' : '');
    }
  });

  it('shows how the scan goes on a terminal (stderr), and nothing of it off one', (ctx) => {
    const args = ['pick', '--preset', 'strict', '--count', '3000'];
    const plain = runCli(args);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toBe('');
    const script = spawnSync('script', ['--version'], { encoding: 'utf8' });
    if (script.status !== 0) {
      console.warn('test/questions.test.ts: pick progress on a terminal skipped: no `script` (util-linux) to give it one');
      return ctx.skip('no script command for a terminal');
    }
    const command = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ');
    const started = Date.now();
    const tty = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env: { ...userEnv(), NO_COLOR: '1' } });
    expect(tty.status, tty.stdout).toBe(0);
    // the progress line (shown once the scan has run a second), each time cleared before a number is printed, and the numbers as off a terminal
    if (Date.now() - started > 1500) expect(tty.stdout).toMatch(/\rpicking: [\d,]+ solved, \d+ found, 0 unknown, at \d+\x1b\[K/);
    const numbers = tty.stdout.replace(/\rpicking: [^\x1b]*\x1b\[K/g, '').replace(/\r\x1b\[K/g, '').replace(/\r\n/g, '\n');
    expect(numbers).toBe(plain.stdout);
  }, 60_000);
});

describe('solve --rate', () => {
  it('counts critical positions on the solution: every position with a single legal move is one, and none is counted twice', () => {
    const result = JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--rate', '--json']).stdout);
    const { rating } = result;
    const rules = resolveRules('coops');
    const game = new Game(dealFromNumber(7), rules);
    const codes = new Int32Array(256);
    let forced = 0;
    for (const move of playSoFar(dealFromNumber(7), rules, result.moves, false).played) {
      if (game.legalMoves(codes) === 1) forced++;
      game.apply(game.legalMoveFor(move));
    }
    expect(rating.positions).toBe(result.moves.split(' ').length);
    expect(rating.critical).toBeGreaterThanOrEqual(forced);
    expect(rating.critical + rating.undecided).toBeLessThanOrEqual(rating.positions);
    expect(['won', 'lost']).toContain(rating.greedy);
    // the greedy player's verdict is the one solve --player greedy reports
    expect(rating.greedy).toBe(JSON.parse(runCli(['solve', '7', '--preset', 'coops', '--player', 'greedy', '--json']).stdout).result);
  });
});
