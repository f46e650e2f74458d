// Short writes: a nearly full disk takes part of a write and says nothing; every output is still written whole or fails with exit 4, the old file kept.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RowAppender, writeWholeFile } from '../src/run/files.js';
import { WriteError } from '../src/errors.js';
import { runCli, type Run } from './cli-runner.js';

/** The fake disk of the unit tests: each write takes at most `chunk` bytes, and `budget` bytes in all, then says ENOSPC. */
const fake = vi.hoisted(() => ({ active: false, chunk: Infinity, budget: Infinity }));
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const writeSync = (...args: Parameters<typeof real.writeSync>): number => {
    const [descriptor, data, offset] = args as [number, unknown, unknown];
    if (!fake.active || !Buffer.isBuffer(data) && !(data instanceof Uint8Array) && typeof data !== 'string') return (real.writeSync as (...a: unknown[]) => number)(...args);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const from = typeof data === 'string' || typeof offset !== 'number' ? 0 : offset;
    const wanted = typeof args[3] === 'number' && typeof data !== 'string' ? args[3] : bytes.length - from;
    if (fake.budget <= 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const taken = Math.min(wanted, fake.chunk, fake.budget);
    fake.budget -= taken;
    return real.writeSync(descriptor, bytes, from, taken);
  };
  return { ...real, writeSync, default: { ...real, writeSync } };
});

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-short-'));
});
const path = (name: string) => join(dir, name);
const mounts: string[] = [];
afterAll(() => {
  fake.active = false;
  for (const mount of mounts) spawnSync('umount', [mount]);
  rmSync(dir, { recursive: true, force: true });
});

function fakeDisk(chunk: number, budget = Infinity): void {
  Object.assign(fake, { active: true, chunk, budget });
}

describe('a write that takes part of its bytes (unit, a fake disk)', () => {
  const text = Array.from({ length: 200 }, (_, i) => `${i},row ${i},é\n`).join('');

  it('writeWholeFile writes every byte when each write takes 7 bytes at most', () => {
    fakeDisk(7);
    try {
      writeWholeFile(path('whole.csv'), [text.slice(0, 1000), text.slice(1000)]);
    } finally {
      fake.active = false;
    }
    expect(readFileSync(path('whole.csv'), 'utf8')).toBe(text);
  });

  it('writeWholeFile on a disk that fills part-way throws a WriteError, keeps the old file and leaves nothing beside it', () => {
    writeFileSync(path('kept.csv'), 'the user\'s rows\n');
    fakeDisk(4096, 1500);
    try {
      expect(() => writeWholeFile(path('kept.csv'), text, { replace: true })).toThrow(WriteError);
    } finally {
      fake.active = false;
    }
    expect(readFileSync(path('kept.csv'), 'utf8')).toBe('the user\'s rows\n');
    expect(readdirSync(dir).filter((name) => name.startsWith('.kept') || name.startsWith('kept.csv.'))).toEqual([]);
  });

  it('RowAppender writes whole rows through short writes, and a disk full mid-row is cut back to the last whole row', () => {
    const appender = RowAppender.open(path('rows.csv'), false);
    try {
      fakeDisk(5);
      appender.write('a,b\n1,2\n');
      appender.write('3,4\n');
      fakeDisk(3, 6);
      expect(() => appender.write('5,6\n7,8\n')).toThrow(/cannot write .*rows\.csv.*ENOSPC/);
    } finally {
      fake.active = false;
      appender.close();
    }
    expect(readFileSync(path('rows.csv'), 'utf8')).toBe('a,b\n1,2\n3,4\n');
  });
});

describe('a nearly full disk (a 100 KB tmpfs with 12 KB free)', () => {
  let disk = '';
  let skip = '';
  const run = (args: string[]): Run => runCli(args, { cwd: dir });
  /** The tmpfs emptied of all but the filler, with `free` KiB left. */
  function leave(free: number): void {
    for (const name of readdirSync(disk)) rmSync(join(disk, name), { recursive: true, force: true });
    const avail = () => Number(spawnSync('stat', ['-f', '-c', '%a', disk], { encoding: 'utf8' }).stdout.trim()) * 4;
    writeFileSync(join(disk, 'filler'), Buffer.alloc((avail() - free) * 1024));
    expect(avail()).toBe(free);
  }

  beforeAll(() => {
    if (process.getuid?.() !== 0) {
      skip = 'not root, so no small tmpfs can be mounted';
      return;
    }
    disk = path('small');
    mkdirSync(disk);
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=100k', 'tmpfs', disk], { encoding: 'utf8' });
    if (mounted.status !== 0) {
      skip = `mounting a 100 KB tmpfs was refused: ${String(mounted.stderr).trim() || mounted.error}`;
      return;
    }
    mounts.push(disk);
    expect(run(['sim', '--preset', 'strict', '--deals', '600', '--no-timing', '--quiet', '--workers', '1', '--out', 'ref.csv']).code).toBe(0);
  }, 120_000);

  it('merge --out --force and solve --html fail with exit 4 and keep the old file whole', (ctx) => {
    if (skip) {
      console.warn(`test/short-writes.test.ts: full-disk outputs skipped: ${skip}`);
      return ctx.skip(skip);
    }
    for (const [name, args] of [
      ['keep.csv', ['merge', 'ref.csv', '--out', join(disk, 'keep.csv'), '--force']],
      ['p.html', ['solve', '1', '--html', join(disk, 'p.html'), '--force']],
    ] as const) {
      leave(12);
      writeFileSync(join(disk, name), 'the user\'s file\n');
      const result = run([...args]);
      expect(result.code, result.stderr).toBe(4);
      expect(result.stderr).toMatch(new RegExp(`cannot write .*${name.replace('.', '\\.')}.*ENOSPC`));
      expect(readFileSync(join(disk, name), 'utf8')).toBe('the user\'s file\n');
      expect(readdirSync(disk).sort()).toEqual(['filler', name]);
    }
  });

  it('sim --out that fills the disk keeps whole rows, exits 4 and still writes the --summary of those rows, or says it could not', (ctx) => {
    if (skip) {
      console.warn(`test/short-writes.test.ts: full-disk sim skipped: ${skip}`);
      return ctx.skip(skip);
    }
    const sim = ['sim', '--preset', 'strict', '--deals', '600', '--no-timing', '--quiet', '--workers', '1'];
    leave(16);
    const rows = join(disk, 'rows.csv');
    const result = run([...sim, '--out', rows, '--summary', 'sum.csv']);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/cannot write .*rows\.csv': ENOSPC; the rows before it are kept .*--summary 'sum\.csv' holds the summary of the rows kept; .*continue with:\n.*--resume\n$/);
    const lines = readFileSync(rows, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    const width = lines[0].split(',').length;
    expect(lines.every((line) => line.split(',').length === width)).toBe(true);
    const summary = readFileSync(path('sum.csv'), 'utf8').split('\n')[1].split(',');
    expect(Number(summary[3])).toBe(lines.length - 1);
    expect(existsSync(`${rows}.lock`)).toBe(false);
    // the summary on the same full disk: said, not silent
    leave(16);
    const both = run([...sim, '--out', rows, '--summary', join(disk, 'sum.csv')]);
    expect(both.code, both.stderr).toBe(4);
    expect(both.stderr).toMatch(/--summary '.*sum\.csv' was not written either \(cannot write .*ENOSPC\)/);
    expect(existsSync(join(disk, 'sum.csv'))).toBe(false);
  });
});
