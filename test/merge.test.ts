// merge through the CLI with real files: bad rows and foreign cells refused, shards checked to make a whole run, the continue command run as printed.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, userEnv, type Run } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-merge-'));
});
const path = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));


/** The CLI, started in the temporary folder (so printed commands name files as they are given). */
const run = (...args: string[]): Run => runCli(args, { cwd: dir });

/** Exit code 2, one line naming the problem (and under it the commands that put it right, if any), and the output not written. */
function expectRefused(result: Run, message: string | RegExp, never = 'never.csv', lines = 1): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(lines);
  expect(result.stderr).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
  expect(existsSync(path(never))).toBe(false);
}

// strict is quick: 36 deals in chunks of 4 over 3 shards (9 chunks: shard 1 holds chunks 1, 4, 7)
const SHAPE = ['--preset', 'strict', '--deals', '36', '--chunk', '4', '--no-timing', '--quiet', '--workers', '1'];
const shardFile = (i: number) => `shard${i}.csv`;
/** SHAPE with one option's value changed (an option given twice is refused). */
const shapeWith = (option: string, value: string) => SHAPE.map((word, i) => (SHAPE[i - 1] === option ? value : word));

beforeAll(() => {
  expect(run('sim', ...SHAPE, '--out', 'whole.csv').code).toBe(0);
  for (const i of [1, 2, 3]) expect(run('sim', ...SHAPE, '--shard', `${i}/3`, '--out', shardFile(i)).code).toBe(0);
  expect(run('merge', 'whole.csv', '--out', 'reference.csv').code).toBe(0);
});

/** A copy of a shard (and its run record) under another name, to spoil. */
function copyShard(i: number, name: string): string[] {
  copyFileSync(path(shardFile(i)), path(name));
  copyFileSync(path(`${shardFile(i)}.run.json`), path(`${name}.run.json`));
  return readFileSync(path(name), 'utf8').split('\n');
}

describe('merge reads every row with care', () => {
  it('refuses a bad last row as it refuses a bad middle row', () => {
    const lines = copyShard(1, 'badlast.csv');
    const rows = lines.filter(Boolean);
    // the last row whole and ended, but its result is not one eaglewing writes
    writeFileSync(path('badlast.csv'), [...rows.slice(0, -1), rows[rows.length - 1].replace(/,(won|lost),/, ',maybe,')].join('\n') + '\n');
    expectRefused(run('merge', 'badlast.csv', shardFile(2), shardFile(3), '--out', 'never.csv'), `line ${rows.length}: bad result 'maybe'`);
  });

  it('refuses cells eaglewing never writes, such as spreadsheet formulas, in preset, player, rules and reason', () => {
    const rows = copyShard(1, 'formula.csv').filter(Boolean);
    const [deal, preset, rules, player, result, nodes, ms, length, solution] = rows[2].split(',');
    const formula = '=HYPERLINK("http://example.com","x")';
    const cells = (changed: Partial<Record<'preset' | 'rules' | 'player' | 'reason', string>>) =>
      [deal, changed.preset ?? preset, changed.rules ?? rules, changed.player ?? player, result, nodes, ms, length, solution, changed.reason ?? '']
        .map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
        .join(',');
    for (const [column, expected] of [
      ['preset', 'is not a preset eaglewing writes'],
      ['rules', 'is not a rules string eaglewing writes'],
      ['player', 'is not a player eaglewing writes'],
      ['reason', 'is not a reason eaglewing writes'],
    ] as const) {
      writeFileSync(path('formula.csv'), [rows[0], rows[1], cells({ [column]: formula }), ...rows.slice(3)].join('\n') + '\n');
      expectRefused(run('merge', 'formula.csv', shardFile(2), shardFile(3), '--out', 'never.csv'), `line 3: '=HYPERLINK`);
      expect(run('merge', 'formula.csv', shardFile(2), shardFile(3), '--out', 'never.csv').stderr).toContain(expected);
    }
    // rules spelled otherwise than eaglewing writes them (an option missing, upper case) are refused too
    writeFileSync(path('formula.csv'), [rows[0], rows[1], cells({ rules: rules.replace(/;trunk=13$/, '') }), ...rows.slice(3)].join('\n') + '\n');
    expectRefused(run('merge', 'formula.csv', shardFile(2), shardFile(3), '--out', 'never.csv'), 'is not a rules string');
    writeFileSync(path('formula.csv'), [rows[0], rows[1], cells({ rules: rules.toUpperCase() }), ...rows.slice(3)].join('\n') + '\n');
    expectRefused(run('merge', 'formula.csv', shardFile(2), shardFile(3), '--out', 'never.csv'), 'is not a rules string');
  });
});

describe('merge checks that the shards make a whole run', () => {
  it('merges the shards of one run byte for byte as the run made in one piece', () => {
    expect(run('merge', shardFile(3), shardFile(1), shardFile(2), '--out', 'merged.csv').code).toBe(0);
    expect(readFileSync(path('merged.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
  });

  it('names a missing shard; --allow-partial writes what there is and says so in the summary', () => {
    expectRefused(run('merge', shardFile(1), shardFile(3), '--out', 'never.csv'), /no file for shard 2\/3/);
    const partial = run('merge', shardFile(1), shardFile(3), '--allow-partial', '--out', 'partial.csv', '--summary', 'partial-summary.csv', '--json');
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stderr).toContain('partial');
    // shard 2 of 36 deals in chunks of 4 holds chunks 2, 5, 8: 12 deals
    expect(readFileSync(path('partial.csv'), 'utf8').trim().split('\n')).toHaveLength(1 + 24);
    const [header, row] = readFileSync(path('partial-summary.csv'), 'utf8').trim().split('\n');
    expect(header.endsWith(',missing_deals')).toBe(true);
    expect(row.endsWith(',12')).toBe(true);
    expect(JSON.parse(partial.stdout)[0]).toMatchObject({ deals: 24, partial: true, missingDeals: 12 });
  });

  it('refuses shards of different runs: deal ranges, chunk sizes, shard counts, rules', () => {
    expect(run('sim', ...shapeWith('--deals', '40'), '--shard', '2/3', '--out', 'range.csv').code).toBe(0);
    expectRefused(run('merge', shardFile(1), 'range.csv', shardFile(3), '--out', 'never.csv'), /different deal ranges for strict\/thoughtful: .* deals 1–36, .* deals 1–40/);
    expect(run('sim', ...shapeWith('--chunk', '6'), '--shard', '2/3', '--out', 'chunk.csv').code).toBe(0);
    expectRefused(run('merge', shardFile(1), 'chunk.csv', shardFile(3), '--out', 'never.csv'), 'different chunk sizes');
    expect(run('sim', ...SHAPE, '--shard', '2/4', '--out', 'count.csv').code).toBe(0);
    expectRefused(run('merge', shardFile(1), 'count.csv', shardFile(3), '--out', 'never.csv'), 'different shard counts');
    expect(run('sim', ...SHAPE, '--redeals', '1', '--shard', '2/3', '--out', 'rules.csv').code).toBe(0);
    expectRefused(run('merge', shardFile(1), 'rules.csv', shardFile(3), '--out', 'never.csv'), 'mixed rules for strict/thoughtful');
  });

  it('names the deals a stopped shard lacks and prints the command that finishes it; run as printed, the merge is whole', () => {
    const lines = copyShard(2, 'stopped.csv');
    // stopped after 5 whole rows (as Ctrl-C or scancel's SIGTERM leaves it)
    writeFileSync(path('stopped.csv'), lines.slice(0, 6).join('\n') + '\n');
    const refused = run('merge', shardFile(1), 'stopped.csv', shardFile(3), '--out', 'never.csv');
    expectRefused(refused, /'stopped\.csv' \(shard 2\/3\) lacks 7 strict\/thoughtful deals \(18–20, 29–32\).*continue it with the command below\n {2}node /, 'never.csv', 2);
    resumeAsPrinted(refused.stderr, 'stopped.csv');
    expect(run('merge', shardFile(1), 'stopped.csv', shardFile(3), '--out', 'after-stop.csv').code).toBe(0);
    expect(readFileSync(path('after-stop.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
  });

  it('refuses a shard that ends mid-row (a killed task) with the command that continues it', () => {
    const text = readFileSync(path(shardFile(3)), 'utf8');
    copyShard(3, 'killed.csv');
    writeFileSync(path('killed.csv'), text.slice(0, text.length - 30));
    const refused = run('merge', shardFile(1), shardFile(2), 'killed.csv', '--out', 'never.csv');
    expectRefused(refused, "'killed.csv' ends mid-row", 'never.csv', 2);
    resumeAsPrinted(refused.stderr, 'killed.csv');
    expect(run('merge', shardFile(1), shardFile(2), 'killed.csv', '--out', 'after-kill.csv').code).toBe(0);
    expect(readFileSync(path('after-kill.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
  });

  it('refuses a file that a live run is still writing (its lock names a running process); --allow-partial warns', () => {
    copyShard(1, 'live.csv');
    // this test's own process is alive and is not the merge
    writeFileSync(path('live.csv.lock'), `${process.pid}\n`);
    expectRefused(run('merge', 'live.csv', shardFile(2), shardFile(3), '--out', 'never.csv'), `is still being written by a running eaglewing (process ${process.pid})`);
    const partial = run('merge', 'live.csv', shardFile(2), shardFile(3), '--allow-partial', '--out', 'live-merged.csv');
    expect(partial.code).toBe(0);
    expect(partial.stderr).toContain('still being written');
    unlinkSync(path('live.csv.lock'));
  });

  it('files without a run record (older eaglewing, --out -) merge alike, with gaps named', () => {
    for (const i of [1, 2, 3]) copyFileSync(path(shardFile(i)), path(`old${i}.csv`));
    expect(run('merge', 'old1.csv', 'old2.csv', 'old3.csv', '--out', 'old-merged.csv').code).toBe(0);
    expect(readFileSync(path('old-merged.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
    expectRefused(run('merge', 'old1.csv', 'old3.csv', '--out', 'never.csv'), 'lacks 12 deals between 1 and 36 (5–8, 17–20, 29–32)');
    expectRefused(run('merge', 'old1.csv', shardFile(2), 'old3.csv', '--out', 'never.csv'), 'has no run record');
  });

  it('sim never replaces a file by the run record\'s name that is not a run record', () => {
    writeFileSync(path('mine.csv.run.json'), 'my notes\n');
    expectRefused(run('sim', ...SHAPE, '--out', 'mine.csv'), 'is not an eaglewing run record', 'mine.csv');
    expect(readFileSync(path('mine.csv.run.json'), 'utf8')).toBe('my notes\n');
  });
});

describe('resume and merge of unfinished, resumed and hand-edited shards', () => {
  it('two unfinished shards: each command printed whole on a line of its own, however long; run as printed, the merge is whole', () => {
    // long names: the two commands together are longer than an error line may be
    const names = [1, 2].map((i) => `a-rather-long-name-for-the-shard-that-stopped-early-when-its-machine-went-away-number-${i}-of-three.csv`);
    names.forEach((name, i) => {
      const lines = copyShard(i + 1, name);
      writeFileSync(path(name), lines.slice(0, 4).join('\n') + '\n');
    });
    const refused = run('merge', ...names, shardFile(3), '--out', 'never.csv');
    expectRefused(refused, /^eaglewing: not a whole run: .*continue them with the commands below\n/, 'never.csv', 3);
    const commands = printedCommands(refused.stderr);
    expect(commands.join(' ').length).toBeGreaterThan(430);
    names.forEach((name, i) => {
      expect(commands[i]).toMatch(new RegExp(`^node \\S*eaglewing\\.js sim .*--shard ${i + 1}/3 .*--out ${name} --resume$`));
      const result = spawnSync('bash', ['-c', commands[i]], { encoding: 'utf8', cwd: dir, env: userEnv() });
      expect(result.status, result.stderr).toBe(0);
    });
    expect(run('merge', ...names, shardFile(3), '--out', 'after-two.csv').code).toBe(0);
    expect(readFileSync(path('after-two.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
  });

  it('--resume with another range, chunk, shard or preset is refused before anything is touched, and merge still takes the file; a run in one piece may grow', () => {
    const lines = copyShard(2, 'other-range.csv');
    writeFileSync(path('other-range.csv'), lines.slice(0, 4).join('\n') + '\n');
    const before = [readFileSync(path('other-range.csv')), readFileSync(path('other-range.csv.run.json'))];
    for (const [args, says] of [
      [shapeWith('--deals', '48'), "holds a run of deals 1–36 in chunks of 4, shard 2/3; this resume asks for deals 1–48 in chunks of 4, shard 2/3"],
      [shapeWith('--chunk', '6'), 'this resume asks for deals 1–36 in chunks of 6'],
      [[...SHAPE, '--from', '1'], 'this resume asks for deals 1–36 in chunks of 4, shard 1/1'],
      [shapeWith('--preset', 'strict,coops'), 'holds a run of strict (thoughtful); this resume asks for coops (thoughtful), strict (thoughtful)'],
    ] as const) {
      const shard = args.includes('--from') ? [] : ['--shard', '2/3'];
      expectRefused(run('sim', ...args, ...shard, '--out', 'other-range.csv', '--resume'), says);
      expect([readFileSync(path('other-range.csv')), readFileSync(path('other-range.csv.run.json'))]).toEqual(before);
    }
    const partial = run('merge', shardFile(1), 'other-range.csv', shardFile(3), '--allow-partial', '--out', 'other-range-merged.csv');
    expect(partial.code, partial.stderr).toBe(0);
    // resumed as it was made, it finishes the run
    expect(run('sim', ...SHAPE, '--shard', '2/3', '--out', 'other-range.csv', '--resume').code).toBe(0);
    expect(run('merge', shardFile(1), 'other-range.csv', shardFile(3), '--out', 'other-range-whole.csv').code).toBe(0);
    expect(readFileSync(path('other-range-whole.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
    // a run in one piece may be extended (every row it has stays in the run), never cut down
    expect(run('sim', ...shapeWith('--deals', '20'), '--out', 'grown.csv').code).toBe(0);
    expectRefused(run('sim', ...shapeWith('--deals', '12'), '--out', 'grown.csv', '--resume'), 'this resume asks for deals 1–12 in chunks of 4, shard 1/1: resume it with the run\'s own --from, --deals, --chunk and --shard (more deals from the same start may extend it)');
    expect(run('sim', ...SHAPE, '--out', 'grown.csv', '--resume').code).toBe(0);
    expect(run('merge', 'grown.csv', '--out', 'grown-merged.csv').code).toBe(0);
    expect(readFileSync(path('grown-merged.csv'), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
  });

  it('blank lines at the end, as an editor leaves them, are no rows: merge takes the file, --resume continues it without them', () => {
    for (const [name, tail] of [
      ['blank-end.csv', '\n'],
      ['blanks-end.csv', '\n\n\n'],
      ['crlf-blank.csv', '\r\n'],
    ] as const) {
      const lines = copyShard(1, name).filter(Boolean);
      writeFileSync(path(name), lines.join(tail === '\r\n' ? '\r\n' : '\n') + (tail === '\r\n' ? '\r\n' : '\n') + tail);
      const merged = run('merge', name, shardFile(2), shardFile(3), '--out', `${name}-merged.csv`);
      expect(merged.code, merged.stderr).toBe(0);
      expect(readFileSync(path(`${name}-merged.csv`), 'utf8')).toBe(readFileSync(path('reference.csv'), 'utf8'));
    }
    // a shard stopped early and then opened in an editor: resumed, its rows follow the last one, with no blank line between
    const lines = copyShard(2, 'edited.csv');
    writeFileSync(path('edited.csv'), lines.slice(0, 4).join('\n') + '\n\n');
    expect(run('sim', ...SHAPE, '--shard', '2/3', '--out', 'edited.csv', '--resume').code).toBe(0);
    expect(readFileSync(path('edited.csv'), 'utf8')).toBe(readFileSync(path(shardFile(2)), 'utf8'));
    // a blank line between rows is still a bad row
    const rows = copyShard(3, 'blank-middle.csv').filter(Boolean);
    writeFileSync(path('blank-middle.csv'), [...rows.slice(0, 3), '', ...rows.slice(3)].join('\n') + '\n');
    expectRefused(run('merge', shardFile(1), shardFile(2), 'blank-middle.csv', '--out', 'never.csv'), "'blank-middle.csv' line 4: expected 10 fields, got 1");
  });

  it('a UTF-16 file is named as such by merge and by --resume, and left as it is', () => {
    const text = readFileSync(path(shardFile(1)), 'utf8');
    for (const [name, bytes, says] of [
      ['le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'UTF-16 text (its byte order mark is FF FE, little-endian)'],
      ['be.csv', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]), 'UTF-16 text (its byte order mark is FE FF, big-endian)'],
      ['bare.csv', Buffer.from(text, 'utf16le'), 'UTF-16 text (little-endian, without a byte order mark)'],
    ] as const) {
      copyShard(1, name);
      writeFileSync(path(name), bytes);
      expectRefused(run('merge', name, shardFile(2), shardFile(3), '--out', 'never.csv'), `'${name}' is ${says}: save it as UTF-8`);
      expectRefused(run('sim', ...SHAPE, '--shard', '1/3', '--out', name, '--resume'), `'${name}' (to resume) is ${says}: save it as UTF-8`);
      expect(readFileSync(path(name))).toEqual(bytes);
    }
  });
});

/** The commands a refusal printed under its line, each whole on a line of its own. */
function printedCommands(stderr: string): string[] {
  const [line, ...rest] = stderr.replace(/\n$/, '').split('\n');
  expect(line, stderr).toMatch(/^eaglewing: /);
  expect(rest.every((command) => command.startsWith('  ')), stderr).toBe(true);
  return rest.map((command) => command.slice(2));
}

/** Runs the command a refusal printed under its line, as a user would paste it, in the same folder. */
function resumeAsPrinted(stderr: string, file: string): void {
  const commands = printedCommands(stderr);
  expect(commands, stderr).toHaveLength(1);
  const command = commands[0];
  expect(command, stderr).toMatch(new RegExp(`^node \\S*eaglewing\\.js sim .*--out ${file} --resume$`));
  const result = spawnSync('bash', ['-c', command!], { encoding: 'utf8', cwd: dir, env: userEnv() });
  expect(result.status, result.stderr).toBe(0);
}
