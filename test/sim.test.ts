// eaglewing sim end to end: workers, shards, resume, solvers that fail and refusals, through real files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFromNumber, formatDeal } from '../src/deal.js';
import { PRESET_NAMES } from '../src/rules.js';
import { BIN, runCli } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-sim-'));
});
const path = (name: string) => join(dir, name);
/** The environment that makes a worker throw on this deal, or with `N:exit` die on a task holding it (the worker's test hook, src/run/worker.ts). */
function crashOnDeal(hook: string): NodeJS.ProcessEnv {
  return { ...process.env, EAGLEWING_TEST_CRASH_DEAL: hook };
}
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) => runCli(args);

/** Header plus rows sorted by preset and deal: the comparison the determinism promise is about. */
function sortedRows(file: string): string[] {
  const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
  return [header, ...rows.sort()];
}

// strict is quick; coops deals 21-60 keep the building variant in play without its slowest deals
const RANGE = ['--preset', 'strict,coops', '--from', '21', '--deals', '40', '--chunk', '4', '--no-timing', '--quiet'];

describe('eaglewing sim', () => {
  it('gives the same rows with 1 and 2 workers, and a summary with Wilson intervals', () => {
    expect(run('sim', ...RANGE, '--workers', '1', '--out', path('w1.csv'), '--summary', path('s1.csv')).code).toBe(0);
    expect(run('sim', ...RANGE, '--workers', '2', '--out', path('w2.csv')).code).toBe(0);
    expect(sortedRows(path('w2.csv'))).toEqual(sortedRows(path('w1.csv')));
    expect(readFileSync(path('w1.csv'), 'utf8').trim().split('\n')).toHaveLength(81);
    const summary = readFileSync(path('s1.csv'), 'utf8').trim().split('\n');
    expect(summary[0]).toBe('preset,rules,player,deals,won,lost,unknown,win_rate,ci95_low,ci95_high,win_rate_unknown_as_lost,win_rate_unknown_as_won');
    const strict = summary[1].split(',');
    expect(strict[0]).toBe('strict');
    expect(Number(strict[3])).toBe(40);
    expect(Number(strict[4]) + Number(strict[5]) + Number(strict[6])).toBe(40);
    expect(Number(strict[8])).toBeLessThanOrEqual(Number(strict[7]));
    expect(Number(strict[9])).toBeGreaterThanOrEqual(Number(strict[7]));
  });

  it('three shards merged equal one unsharded run', () => {
    expect(run('sim', ...RANGE, '--workers', '1', '--out', path('unsharded.csv')).code).toBe(0);
    for (const shard of ['1/3', '2/3', '3/3']) {
      expect(run('sim', ...RANGE, '--workers', '1', '--shard', shard, '--out', path(`shard${shard[0]}.csv`)).code).toBe(0);
    }
    const merged = run('merge', path('shard1.csv'), path('shard2.csv'), path('shard3.csv'), '--out', path('merged.csv'), '--summary', path('merged-summary.csv'));
    expect(merged.code).toBe(0);
    expect(readFileSync(path('merged.csv'), 'utf8')).toBe(['deal,preset,rules,player,result,nodes,ms,solution_length,solution,reason', ...sortedByPresetThenDeal(path('unsharded.csv'))].join('\n') + '\n');
  });

  it('an interrupted run, resumed, equals an uninterrupted one', async () => {
    const args = ['sim', '--preset', 'coops', '--from', '21', '--deals', '30', '--chunk', '1', '--workers', '1', '--no-timing', '--quiet'];
    expect(run(...args, '--out', path('whole.csv')).code).toBe(0);
    const child = spawn(process.execPath, [BIN, ...args, '--out', path('cut.csv')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (data) => (stderr += data));
    // wait until some rows are written, then interrupt
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (existsSync(path('cut.csv')) && readFileSync(path('cut.csv'), 'utf8').split('\n').length > 4) {
          clearInterval(timer);
          child.kill('SIGINT');
          resolve();
        }
      }, 20);
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(130);
    expect(stderr).toContain('--resume');
    const partial = readFileSync(path('cut.csv'), 'utf8').trim().split('\n').length - 1;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(30);
    const resumed = run(...args, '--out', path('cut.csv'), '--resume');
    expect(resumed.code).toBe(0);
    expect(sortedRows(path('cut.csv'))).toEqual(sortedRows(path('whole.csv')));
  });

  it('a solver that throws stops the run as a bug (exit 3, the deal named): no row for it, the finished rows kept', () => {
    // 2,000 quick deals: once strict's speed is known, several chunks go out as one task
    const args = ['sim', '--preset', 'strict', '--deals', '2000', '--chunk', '5', '--workers', '2', '--no-timing', '--quiet'];
    expect(run(...args, '--out', path('whole2000.csv')).code).toBe(0);
    const wholeRows = new Set(readFileSync(path('whole2000.csv'), 'utf8').trim().split('\n'));
    for (const [hook, said] of [['1007', 'the solver failed on strict deal 1007: test crash on deal 1007'], ['1007:exit', 'a worker thread died on a task of']]) {
      const file = path(`crashed-${hook.replace(':', '-')}.csv`);
      const crashed = spawnSync(process.execPath, [BIN, ...args, '--out', file], { encoding: 'utf8', env: crashOnDeal(hook) });
      expect(crashed.status, crashed.stderr).toBe(3);
      expect(crashed.stderr).toContain(`eaglewing: bug: ${said}`);
      expect(crashed.stderr).toContain(file);
      const rows = readFileSync(file, 'utf8').trim().split('\n');
      // every row written is the row of the run that did not crash: none reads as a limit, deal 1007 has none
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.filter((row) => !wholeRows.has(row))).toEqual([]);
      expect(rows.some((row) => row.startsWith('1007,'))).toBe(false);
    }
  });

  it('solve --deals-file --workers: a solver that throws stops with exit 3 and names the deck', () => {
    const deals = Array.from({ length: 25 }, (_, i) => formatDeal(dealFromNumber(i + 1))).join('\n') + '\n';
    const crashed = spawnSync(process.execPath, [BIN, 'solve', '--deals-file', '-', '--workers', '2', '--json'], { input: deals, encoding: 'utf8', env: crashOnDeal('23') });
    expect(crashed.status).toBe(3);
    expect(crashed.stderr).toContain('eaglewing: bug: the solver failed on deck 23 of the input: test crash on deal 23');
  });

  it('one worker solving every preset in turn gives each deal the verdict and node count of that preset alone', () => {
    // sim hands a worker's thread one Solver for every task: presets with different position sizes follow
    // each other in it. acme (a fixed base: fewer words a position) first, then rainbow: the pair whose
    // deals overflowed a search array kept from acme's solves, before that was fixed
    const order = ['acme', 'rainbow', ...PRESET_NAMES.filter((preset) => preset !== 'acme' && preset !== 'rainbow')];
    const common = ['--from', '1', '--deals', '3', '--chunk', '3', '--workers', '1', '--max-nodes', '3000', '--no-timing', '--quiet'];
    const mixed = path('mixed.csv');
    expect(run('sim', '--preset', order.join(','), ...common, '--out', mixed).code).toBe(0);
    const byPreset = (file: string) => readFileSync(file, 'utf8').trim().split('\n').slice(1);
    const alone = PRESET_NAMES.flatMap((preset) => {
      const file = path(`alone-${preset}.csv`);
      expect(run('sim', '--preset', preset, ...common, '--out', file).code).toBe(0);
      return byPreset(file);
    });
    expect(byPreset(mixed).sort()).toEqual(alone.sort());
    // a sim process for each of the presets, and one for them all: over a minute where other work shares the machine
  }, 180_000);

  it('reports and ignores a torn last line when resuming', () => {
    const args = ['sim', '--preset', 'strict', '--deals', '20', '--no-timing', '--quiet'];
    expect(run(...args, '--out', path('full20.csv')).code).toBe(0);
    const text = readFileSync(path('full20.csv'), 'utf8');
    writeFileSync(path('torn.csv'), text.slice(0, text.length - 25));
    const resumed = run(...args, '--out', path('torn.csv'), '--resume');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain('warning');
    expect(sortedRows(path('torn.csv'))).toEqual(sortedRows(path('full20.csv')));
  });

  it('refuses bad input in one line with exit code 2 and leaves files alone', () => {
    writeFileSync(path('keep.csv'), 'precious\n');
    for (const [args, message] of [
      [['--preset', 'strict,nope'], "unknown preset 'nope'"],
      [['--shard', '4/3'], '--shard must be i/n'],
      [['--deals', '0'], '--deals must be a whole number'],
      [['--out', path('keep.csv')], 'already exists'],
      [['--out', path('keep.csv'), '--resume'], 'not a per-deal CSV'],
    ] as [string[], string][]) {
      // --deals once: an option given twice is refused for that alone
      const result = run('sim', ...(args.includes('--deals') ? [] : ['--deals', '5']), '--quiet', ...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(message);
    }
    expect(readFileSync(path('keep.csv'), 'utf8')).toBe('precious\n');
  });

  it('resume refuses a file made with other rules', () => {
    expect(run('sim', '--preset', 'strict', '--deals', '5', '--quiet', '--out', path('r2.csv')).code).toBe(0);
    const result = run('sim', '--preset', 'strict', '--redeals', '3', '--deals', '5', '--quiet', '--out', path('r2.csv'), '--resume');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('made with other rules');
  });

  it('merge refuses mixed rules and duplicate deals, naming them, and writes nothing', () => {
    expect(run('sim', '--preset', 'strict', '--deals', '5', '--quiet', '--out', path('m1.csv')).code).toBe(0);
    expect(run('sim', '--preset', 'strict', '--redeals', '1', '--from', '6', '--deals', '5', '--quiet', '--out', path('m2.csv')).code).toBe(0);
    const mixed = run('merge', path('m1.csv'), path('m2.csv'), '--out', path('never.csv'));
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('mixed rules for strict/thoughtful');
    const duplicate = run('merge', path('m1.csv'), path('m1.csv'), '--out', path('never.csv'));
    expect(duplicate.code).toBe(2);
    expect(duplicate.stderr).toContain('duplicate strict/thoughtful deal 1');
    const unreadable = run('merge', path('nope.csv'), '--out', path('never.csv'));
    expect(unreadable.code).toBe(2);
    expect(existsSync(path('never.csv'))).toBe(false);
  });
});

function sortedByPresetThenDeal(file: string): string[] {
  const rows = readFileSync(file, 'utf8').trim().split('\n').slice(1);
  const order = ['strict', 'coops'];
  return rows.sort((a, b) => {
    const [dealA, presetA] = a.split(',');
    const [dealB, presetB] = b.split(',');
    return order.indexOf(presetA) - order.indexOf(presetB) || Number(dealA) - Number(dealB);
  });
}

describe('eaglewing sweep', () => {
  it('writes one CSV row and one chart point per value and preset', () => {
    const result = run('sweep', '--preset', 'strict,coops', '--vary', 'redeals=0..2', '--from', '21', '--deals', '6', '--quiet', '--out', path('sweep.csv'), '--chart', path('sweep.svg'));
    expect(result.code).toBe(0);
    const rows = readFileSync(path('sweep.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('redeals,preset,rules,player,deals,won,lost,unknown,win_rate,ci95_low,ci95_high');
    expect(rows.slice(1).map((row) => row.split(',').slice(0, 2).join(','))).toEqual(['0,strict', '1,strict', '2,strict', '0,coops', '1,coops', '2,coops']);
    const svg = readFileSync(path('sweep.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(6);
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
  it('reads the option to vary in any case', () => {
    expect(run('sweep', '--preset', 'strict', '--vary', 'REDEALS=0..1', '--deals', '3', '--quiet', '--json').code).toBe(0);
  });
  it('refuses an option it cannot vary, or a range out of bounds', () => {
    expect(run('sweep', '--vary', 'build=1..2').code).toBe(2);
    expect(run('sweep', '--vary', 'trunk=5..30').stderr).toContain('from 0 to 20 with one deck, got 21');
    expect(run('sweep', '--vary', 'trunk=5..41').stderr).toContain('within 0..40');
  });
  it('varies a trunk past one deck\'s 20 for a preset of two decks (RULES §10.19)', () => {
    const result = run('sweep', '--preset', 'demon', '--vary', 'trunk=39..40', '--deals', '1', '--quiet', '--json');
    expect(result.code, result.stderr).toBe(0);
    expect((JSON.parse(result.stdout) as { rules: string }[]).map((point) => /trunk=(\d+)/.exec(point.rules)![1])).toEqual(['39', '40']);
  });
});
