import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases, ROOT } from './helpers.js';

const BIN = join(ROOT, 'bin', 'eaglewing.js');

/** Runs the built CLI (npm test builds first). */
export function run(...args: string[]): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function expectBadInput(result: { code: number; stdout: string; stderr: string }, message: string): void {
  expect(result.code).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('eaglewing deal', () => {
  it('prints the same deal string every time', () => {
    const first = run('deal', '1', '--string');
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split(' ')).toHaveLength(52);
    expect(run('deal', '1', '--string').stdout).toBe(first.stdout);
  });
  it('draws the layout with wings, trunk, base, stock and waste', () => {
    const { stdout, code } = run('deal', '1');
    expect(code).toBe(0);
    for (const part of ['W1', 'W8', 'Trunk [13]', 'Foundations', 'Stock 30', 'Waste 0']) expect(stdout).toContain(part);
  });
  it('describes the deal as JSON', () => {
    const description = JSON.parse(run('deal', '2', '--json', '--trunk', '5').stdout);
    expect(description.trunk).toHaveLength(5);
    expect(description.wings).toHaveLength(8);
    expect(description.stock).toHaveLength(52 - 5 - 9);
    expect(description.rules).toContain('trunk=5');
  });
  it('refuses a bad deal number or option in one line with exit code 2', () => {
    expectBadInput(run('deal', '0'), 'deal number must be a whole number');
    expectBadInput(run('deal', '1', '--preset', 'nope'), "unknown preset 'nope'");
    expectBadInput(run('deal', '1', '--trunk', '25'), '--trunk must be a whole number from 0 to 20');
    expectBadInput(run('frobnicate'), "unknown command 'frobnicate'");
  });
});

describe('eaglewing verify', () => {
  const cases = loadCases().filter((entry) => entry.kind === 'verify');
  const winning = cases.find((entry) => entry.expected === 'ok' && entry.options === '--preset coops')!;
  it('exit 0 and status ok for a winning line', () => {
    const result = run('verify', '--deal', winning.deal, '--preset', 'coops', '--moves', winning.moves, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'ok' });
  });
  it.each(['strict', 'coops', 'easy', 'goodsol', 'pysol'])('accepts a winning line found by the solver under %s', (preset) => {
    const stacked = loadCases().find((c) => c.kind === 'solve' && c.expected === 'won' && c.options === '--preset strict')!;
    const solved = JSON.parse(run('solve', '--deal', stacked.deal, '--preset', preset, '--json').stdout);
    expect(solved.result).toBe('won');
    const result = run('verify', '--deal', stacked.deal, '--preset', preset, '--moves', solved.moves);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ok');
  });
  it('exit 1 and the first bad move for an illegal line', () => {
    const bad = cases.find((entry) => entry.expected === 'bad 4' && entry.moves === 'T XF T XF KF')!;
    const result = run('verify', '--deal', bad.deal, '--moves', bad.moves, '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ status: 'illegal', moveIndex: 4 });
    // the JSON index counts from 0, the text from 1 (as solve numbers its moves)
    expect(JSON.parse(result.stdout).reason).toContain('move 5 KF');
  });
  it('exit 1 for a legal line that does not win', () => {
    const result = run('verify', '--deal', winning.deal, '--moves', 'T XF', '--json');
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).status).toBe('incomplete');
    expect(run('verify', '1', '--moves', 'T').stdout).toContain('incomplete');
  });
  it('exit 2 for a malformed move list or deal string', () => {
    expectBadInput(run('verify', '1', '--moves', 'T QQ'), 'move 2');
    expectBadInput(run('verify', '--deal', 'AS KS', '--moves', 'T'), 'bad deal string');
    expectBadInput(run('verify', '--moves', 'T'), 'give a deal number, --deal');
  });
});

describe('eaglewing rules', () => {
  it('lists every preset', () => {
    const { stdout } = run('rules');
    for (const name of ['strict', 'coops', 'easy', 'goodsol', 'pysol']) expect(stdout).toContain(name);
    expect(JSON.parse(run('rules', '--json').stdout)).toHaveLength(5);
  });
  it('has help with examples', () => {
    const help = run('verify', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:');
  });
});

describe('eaglewing solve', () => {
  it('prints {deal, rules, result, nodes, ms, moves, steps} and the moves replay through eaglewing verify', () => {
    const result = run('solve', '1', '--json');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    // a won deal also lists its steps: each token with the trunk fills after it (README, PySolFC section)
    expect(Object.keys(report)).toEqual(['deal', 'rules', 'result', 'nodes', 'ms', 'moves', 'steps']);
    expect(report.result).toBe('won');
    expect(report.moves).toMatch(/\(\w\w\)/);
    const replay = run('verify', '--deal', report.deal, '--moves', report.moves, '--json');
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout).status).toBe('ok');
  });
  it('exits 1 for a lost deal and shows numbered steps for a won one', () => {
    const lost = loadCases().find((c) => c.kind === 'solve' && c.expected === 'lost' && c.options === '--preset strict')!;
    const result = run('solve', '--deal', lost.deal);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('LOST');
    const won = run('solve', '1');
    expect(won.stdout).toContain('WON');
    expect(won.stdout).toMatch(/\n\s*1\. \w\w .*→/);
  });
  it('reads deals from a file or stdin, one JSON object per line in input order', () => {
    const deals = [1, 2, 3].map((n) => run('deal', String(n), '--string').stdout.trim());
    const result = spawnSync(process.execPath, [BIN, 'solve', '--deals-file', '-', '--json'], { input: deals.join('\n') + '\n', encoding: 'utf8' });
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.deal)).toEqual(deals);
  });
  it('--workers 2 gives the same objects in the same order as one thread (ms aside)', () => {
    const deals = [4, 5, 6, 7, 8].map((n) => run('deal', String(n), '--string').stdout.trim()).join('\n') + '\n';
    const solveWith = (...extra: string[]) =>
      spawnSync(process.execPath, [BIN, 'solve', '--deals-file', '-', '--json', ...extra], { input: deals, encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .map((line) => ({ ...JSON.parse(line), ms: 0 }));
    expect(solveWith('--workers', '2')).toEqual(solveWith());
  });
  it('reports unknown (never lost) when a limit stops it', () => {
    const report = JSON.parse(run('solve', '92', '--preset', 'coops', '--max-nodes', '50', '--json').stdout);
    expect(report.result).toBe('unknown');
    expect(report.moves).toBe('');
  });
  it('the defaults the help shows for the solver limits and the sampling player are the ones a run uses', () => {
    const help = (command: string) => run(command, '--help').stdout.replace(/\s+/g, ' ');
    const shown = (text: string, flag: string) => new RegExp(`${flag} <[a-z]+> [^"]*?\\(default: "([^"]*)"\\)`).exec(text)?.[1];
    const flags = ['--max-nodes', '--time-limit', '--memory', '--samples', '--sample-nodes', '--sample-seed'];
    const defaults = flags.map((flag) => shown(help('sim'), flag));
    expect(defaults.every((value) => value !== undefined)).toBe(true);
    for (const command of ['solve', 'sweep']) expect(flags.map((flag) => shown(help(command), flag))).toEqual(defaults);
    const player = (...extra: string[]) => run('sim', '--deals', '1', '--out', '-', '--quiet', '--no-timing', ...extra).stdout.split('\n')[1].split(',')[3];
    // the player column names every solver limit that is not the default: given as the help shows them, none is named
    expect(player(...flags.slice(0, 3).flatMap((flag, i) => [flag, defaults[i]!]))).toBe('thoughtful');
    expect(player('--memory', '300', '--time-limit', '2.5')).toBe('thoughtful:time-limit=2.5s;memory=300MB');
    const [samples, nodes, seed] = defaults.slice(3);
    expect(player('--player', 'sampling')).toBe(`sampling:samples=${samples};nodes=${nodes};seed=${seed}`);
  });
  it('refuses bad limits and bad deal files in one line with exit code 2', () => {
    expectBadInput(run('solve', '1', '--memory', '0'), '--memory must be a whole number');
    expectBadInput(run('solve', '1', '--max-nodes', 'lots'), '--max-nodes must be a whole number');
    expectBadInput(run('solve', '--deals-file', '/nonexistent/file'), 'cannot read --deals-file');
    const bad = spawnSync(process.execPath, [BIN, 'solve', '--deals-file', '-'], { input: 'AS KS\n', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('line 1: bad deal string');
  });
});
