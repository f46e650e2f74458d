// Outputs as a user meets them: files never replaced behind their back, locks honoured, pipes and /dev/stdout, full disks, failing streams.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputLock } from '../src/run/files.js';
import { BIN, expectBadInput, runCli, runShell, type Run } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-outputs-'));
});
const path = (name: string) => join(dir, name);
const mounts: string[] = [];
afterAll(() => {
  for (const mount of mounts) spawnSync('umount', [mount]);
  rmSync(dir, { recursive: true, force: true });
});


const run = (args: string[], options: SpawnSyncOptions = {}): Run => runCli(args, { cwd: dir, ...options });

/** The CLI under bash, for real pipes (`| head`, `| cat`), redirections and /dev/full; `$E` runs eaglewing. */
const shell = (script: string): Run => runShell(`E() { node "$BIN" "$@"; }; ${script}`, dir);


const QUICK = ['sim', '--preset', 'strict', '--deals', '12', '--no-timing', '--quiet', '--workers', '1'];
const SWEEP = ['sweep', '--vary', 'redeals=0..1', '--deals', '3', '--quiet', '--workers', '1'];
/** A line of the summary table as printed (the result a user must see even when a file fails). */
const TABLE_LINE = /^(redeals=\d+\s+)?strict\s+thoughtful won \d+, lost \d+/m;

const isRoot = process.getuid?.() === 0;
/** Another user, for locks that user cannot read or remove; only root can run a command as nobody. */
const NOBODY = 65534;

/** A small tmpfs to fill up, or a reason it cannot be had here. */
function smallDisk(name: string): string | { skip: string } {
  if (!isRoot) return { skip: 'not root: cannot mount a small tmpfs for a full disk' };
  const mount = path(name);
  mkdirSync(mount);
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount], { encoding: 'utf8' });
  if (result.status !== 0) return { skip: `cannot mount a tmpfs: ${String(result.stderr).trim() || result.error}` };
  mounts.push(mount);
  return mount;
}

/** Fills a tmpfs until only `freePages` pages of 4 KiB are left. */
function fill(mount: string, freePages: number): void {
  const free = () => Number(spawnSync('stat', ['-f', '-c', '%a', mount], { encoding: 'utf8' }).stdout.trim());
  const filler = join(mount, 'filler');
  writeFileSync(filler, Buffer.alloc(Math.max(0, free() - freePages) * 4096));
  expect(free()).toBe(freePages);
}

/** A long sim writing `file`, resolved once its lock and some rows exist. */
async function longSim(file: string): Promise<{ child: ChildProcess; stderr: () => string; exit: Promise<Run> }> {
  const child = spawn(process.execPath, [BIN, 'sim', '--preset', 'coops', '--deals', '100000', '--workers', '1', '--quiet', '--out', file], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (data) => (stdout += data));
  child.stderr!.on('data', (data) => (stderr += data));
  const exit = new Promise<Run>((done) => child.on('exit', (code, signal) => done({ code: code ?? -1, signal, stdout, stderr })));
  for (let tries = 0; tries < 600; tries++) {
    if (existsSync(`${file}.lock`) && existsSync(file) && readFileSync(file, 'utf8').split('\n').length > 4) return { child, stderr: () => stderr, exit };
    if (child.exitCode !== null) break;
    await new Promise((wait) => setTimeout(wait, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the sim never started writing: ${stderr}`);
}

describe('a file a live run is writing is never replaced, --force or not', () => {
  it('merge, sweep and sim refuse a file another run holds, naming the lock and its process; after the run, --force replaces it', async () => {
    expect(run([...QUICK, '--out', path('input.csv')]).code).toBe(0);
    const file = path('running.csv');
    const sim = await longSim(file);
    try {
      const before = readFileSync(file, 'utf8');
      const pid = String(sim.child.pid);
      for (const args of [
        ['merge', path('input.csv'), '--out', file, '--force'],
        ['merge', path('input.csv'), '--summary', file, '--force'],
        [...SWEEP, '--out', file, '--force'],
        [...SWEEP, '--chart', file, '--force'],
        [...QUICK, '--summary', file, '--force'],
        [...QUICK, '--out', file, '--force'],
      ]) {
        const result = run(args);
        expectBadInput(result, new RegExp(`process ${pid}.*running\\.csv\\.lock`));
        // refused before any work: no result printed
        expect(result.stdout).toBe('');
      }
      // what merge asks of an input: who is still writing it
      expect(OutputLock.liveWriter(file)).toBe(sim.child.pid);
      // the running file only grew: every row it held is still there, in place
      expect(readFileSync(file, 'utf8').startsWith(before)).toBe(true);
    } finally {
      sim.child.kill('SIGINT');
    }
    const stopped = await sim.exit;
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(OutputLock.liveWriter(file)).toBeUndefined();
    const merged = run(['merge', path('input.csv'), '--out', file, '--force']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(path('input.csv'), 'utf8'));
  }, 120_000);

  it('a hard link to the file a run is writing is refused too: exit 2 naming that run and its name, the first file intact', async () => {
    const first = path('hl1.csv');
    const second = path('hl2.csv');
    expect(run([...QUICK, '--out', path('hl-input.csv')]).code).toBe(0);
    const sim = await longSim(first);
    let fileLocks: string[] = [];
    try {
      const before = readFileSync(first, 'utf8');
      linkSync(first, second);
      mkdirSync(path('elsewhere'));
      linkSync(first, path('elsewhere/hl3.csv'));
      const pid = String(sim.child.pid);
      for (const args of [
        ['sim', '--deals', '5', '--quiet', '--out', second, '--force'],
        ['sim', '--preset', 'coops', '--deals', '5', '--quiet', '--out', path('elsewhere/hl3.csv'), '--resume'],
        [...QUICK, '--summary', second, '--force'],
        ['merge', path('hl-input.csv'), '--out', path('elsewhere/hl3.csv'), '--force'],
      ]) {
        const result = run(args);
        expectBadInput(result, new RegExp(`is being written by another eaglewing run \\(process ${pid}\\) as '.*hl1\\.csv', the same file by another name`));
        expect(result.stdout).toBe('');
      }
      // merge of the other name: still being written
      expectBadInput(run(['merge', second, '--out', path('never.csv')]), new RegExp(`still being written by a running eaglewing \\(process ${pid}\\)`));
      expect(OutputLock.liveWriter(second)).toBe(sim.child.pid);
      expect(readFileSync(first, 'utf8').startsWith(before)).toBe(true);
      // the lock on the file itself, by device and inode, names the path its run writes
      fileLocks = readdirSync('/tmp').filter((name) => name.startsWith('eaglewing-file-') && readFileSync(join('/tmp', name), 'utf8') === `eaglewing ${pid} ${JSON.stringify(first)}\n`);
      expect(fileLocks).toHaveLength(1);
    } finally {
      sim.child.kill('SIGINT');
    }
    const stopped = await sim.exit;
    expect(stopped.code, stopped.stderr).toBe(130);
    // every row whole, no NUL bytes where a truncation would have left a hole
    const text = readFileSync(first, 'utf8');
    expect(text).not.toContain('\0');
    expect(text.endsWith('\n')).toBe(true);
    expect(new Set(text.trim().split('\n').map((line) => line.split(',').length)).size).toBe(1);
    expect(readFileSync(second, 'utf8')).toBe(text);
    // its lock on the file went with it; the other name may be written now
    for (const name of fileLocks) expect(existsSync(join('/tmp', name))).toBe(false);
    expect(run(['sim', '--deals', '5', '--quiet', '--workers', '1', '--out', second, '--force']).code).toBe(0);
  }, 120_000);

  it('a second and third Ctrl-C while stopping still stop cleanly: rows whole, the lock gone, the resume line printed', async () => {
    const file = path('twice.csv');
    const sim = await longSim(file);
    // the first stops the run; the next ones land while it is stopping (a handler used once would let them kill it)
    sim.child.kill('SIGINT');
    for (const delay of [10, 20, 30, 50, 80, 120]) setTimeout(() => sim.child.exitCode === null && sim.child.kill('SIGINT'), delay);
    const stopped = await sim.exit;
    expect(stopped.signal).toBeNull();
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(/interrupted: finished rows are in .*twice\.csv.*\n {2}\S.* --resume\n$/);
    expect(existsSync(`${file}.lock`)).toBe(false);
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const widths = new Set(text.trim().split('\n').slice(1).map((line) => line.split(',').length));
    expect([...widths].every((width) => width >= 10)).toBe(true);
  }, 60_000);
});

describe('an existing file is never replaced without --force', () => {
  it('sweep --out and --chart, sim --summary and merge refuse an existing file before any work, and replace it with --force', () => {
    expect(run([...QUICK, '--out', path('m.csv')]).code).toBe(0);
    const cases: [string[], string][] = [
      [[...SWEEP, '--out', path('doc.md')], '--out'],
      [[...SWEEP, '--chart', path('doc.md')], '--chart'],
      [[...QUICK, '--summary', path('doc.md')], '--summary'],
      [['merge', path('m.csv'), '--out', path('doc.md')], '--out'],
      [['merge', path('m.csv'), '--summary', path('doc.md')], '--summary'],
    ];
    for (const [args, flag] of cases) {
      writeFileSync(path('doc.md'), '# my notes\n');
      const refused = run(args);
      expectBadInput(refused, new RegExp(`${flag} .*doc\\.md' already exists: add --force`));
      expect(refused.stdout).toBe('');
      expect(readFileSync(path('doc.md'), 'utf8')).toBe('# my notes\n');
      const forced = run([...args, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(readFileSync(path('doc.md'), 'utf8')).not.toBe('# my notes\n');
    }
  }, 120_000);

  it('an empty file (from mktemp) is written without --force; --resume replaces its own summary; --force alone needs an output', () => {
    writeFileSync(path('empty.csv'), '');
    expect(run([...SWEEP, '--out', path('empty.csv')]).code).toBe(0);
    expect(readFileSync(path('empty.csv'), 'utf8')).toMatch(/^redeals,preset,/);
    expect(run([...QUICK, '--out', path('r.csv'), '--summary', path('r-summary.csv')]).code).toBe(0);
    const resumed = run([...QUICK, '--out', path('r.csv'), '--summary', path('r-summary.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expectBadInput(run([...SWEEP, '--force']), '--force needs --out or --chart');
  }, 60_000);
});

describe('standard output and error as output paths are written straight', () => {
  it('through real pipes: /dev/stdout as --summary, --out and merge --out, with the result on the other stream where it would mix', () => {
    expect(run([...QUICK, '--out', path('p.csv')]).code).toBe(0);
    const summary = shell(`E ${QUICK.join(' ')} --summary /dev/stdout | cat; exit \${PIPESTATUS[0]}`);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toMatch(/^strict\s+thoughtful won \d+.*\npreset,rules,player,deals,/);
    const merged = shell(`E merge p.csv --out /dev/stdout | head -3; exit \${PIPESTATUS[0]}`);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout.split('\n')[0]).toBe(readFileSync(path('p.csv'), 'utf8').split('\n')[0]);
    expect(merged.stderr).toMatch(TABLE_LINE);
    const swept = shell(`E ${SWEEP.join(' ')} --out /dev/stdout | cat; exit \${PIPESTATUS[0]}`);
    expect(swept.code, swept.stderr).toBe(0);
    expect(swept.stdout).toMatch(/^redeals,preset,rules/);
    expect(swept.stderr).toMatch(TABLE_LINE);
    const rows = shell(`E ${QUICK.join(' ')} --out /dev/stdout --force | head -2; exit \${PIPESTATUS[0]}`);
    expect(rows.code, rows.stderr).toBe(0);
    expect(rows.stderr).not.toMatch(/lock|pipe:|ENOENT/);
    expect(rows.stdout.split('\n')[0]).toMatch(/^deal,preset,/);
    const toError = shell(`E ${QUICK.join(' ')} --summary /dev/stderr 2>&1 >/dev/null | cat; exit \${PIPESTATUS[0]}`);
    expect(toError.code, toError.stderr).toBe(0);
    expect(toError.stdout).toMatch(/^preset,rules,player,deals,/);
  }, 60_000);

  it('through the pipes a parent process gives (sockets under Node): /dev/stdout and /dev/fd/1', () => {
    for (const name of ['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']) {
      const result = run([...QUICK, '--summary', name]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/\npreset,rules,player,deals,/);
    }
  });

  it('redirected to a file, the summary follows what was printed instead of writing over it', () => {
    const result = shell(`E ${QUICK.join(' ')} --out redirected-rows.csv --summary /dev/stdout > redirected.txt`);
    expect(result.code, result.stderr).toBe(0);
    const text = readFileSync(path('redirected.txt'), 'utf8');
    expect(text).toMatch(/^strict\s+thoughtful won \d+.*\npreset,rules,player,deals,.*\nstrict,/);
    const rows = shell(`E ${QUICK.join(' ')} --out /dev/stdout > redirected-out.csv`);
    expect(rows.code, rows.stderr).toBe(0);
    expect(readFileSync(path('redirected-out.csv'), 'utf8')).toBe(readFileSync(path('redirected-rows.csv'), 'utf8'));
    expect(existsSync(path('redirected-out.csv.lock'))).toBe(false);
  }, 60_000);

  it('a reader that goes away (rows to | head -1) ends the run quietly, without a write error', async () => {
    const child = spawn(process.execPath, [BIN, 'sim', '--preset', 'coops', '--deals', '100000', '--workers', '1', '--quiet', '--out', '-'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (data) => (stderr += data));
    child.stdout!.once('data', () => child.stdout!.destroy());
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|cannot write|resume/);
    // only the summary of the rows that reached the reader, on stderr where it goes with --out -
    expect(stderr).toMatch(/^(no deals|coops\s+thoughtful won \d+.*)\n$/);
  }, 60_000);
});

describe('results are shown before files are written', () => {
  it('a file that cannot be written (/dev/full) is exit 4 after the result was printed', () => {
    expect(run([...QUICK, '--out', path('f.csv')]).code).toBe(0);
    for (const args of [
      [...SWEEP, '--out', '/dev/full'],
      [...SWEEP, '--chart', '/dev/full'],
      [...QUICK, '--summary', '/dev/full'],
      ['merge', path('f.csv'), '--out', '/dev/full'],
    ]) {
      const result = run(args);
      expect(result.code, result.stderr).toBe(4);
      expect(result.stdout).toMatch(TABLE_LINE);
      expect(result.stderr).toMatch(/cannot write '\/dev\/full': ENOSPC/);
    }
  }, 60_000);

  it('on a full disk sweep prints its points, keeps no half file and no lock, and exits 4', (ctx) => {
    const disk = smallDisk('sweep-disk');
    if (typeof disk !== 'string') {
      console.warn(`test/outputs.test.ts: full-disk sweep skipped: ${disk.skip}`);
      return ctx.skip(disk.skip);
    }
    // one page left: enough for the lock, not for the file beside it
    fill(disk, 1);
    const result = run([...SWEEP, '--out', join(disk, 'sweep.csv')]);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stdout).toMatch(TABLE_LINE);
    expect(result.stderr).toMatch(/cannot write .*sweep\.csv.*ENOSPC/);
    expect(spawnSync('ls', ['-A', disk], { encoding: 'utf8' }).stdout.trim()).toBe('filler');
  }, 60_000);
});

describe('locks that are not eaglewing locks, or cannot be used', () => {
  it('a directory, a file eaglewing did not write, or an empty file by the lock name is exit 2 naming it, and left as it is', () => {
    mkdirSync(path('dir.csv.lock'));
    expectBadInput(run([...QUICK, '--out', path('dir.csv')]), /lock '.*dir\.csv\.lock' is a directory/);
    expectBadInput(run([...SWEEP, '--out', path('dir.csv')]), /lock '.*dir\.csv\.lock' is a directory/);
    expect(statSync(path('dir.csv.lock')).isDirectory()).toBe(true);
    for (const [name, text] of [
      ['notes.csv', 'build.lock from another tool\n'],
      ['blank.csv', ''],
      ['huge.csv', 'eaglewing 99999999999999999999\n'],
    ]) {
      writeFileSync(path(`${name}.lock`), text);
      expectBadInput(run([...QUICK, '--out', path(name)]), new RegExp(`lock '.*${name}\\.lock' is not an eaglewing lock`));
      expect(readFileSync(path(`${name}.lock`), 'utf8')).toBe(text);
      expect(existsSync(path(name))).toBe(false);
    }
  });

  it('a stale lock (its process gone), new or old style, is taken over', () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    for (const [name, text] of [
      ['stale-new.csv', `eaglewing ${gone}\n`],
      ['stale-old.csv', `${gone}\n`],
    ]) {
      writeFileSync(path(`${name}.lock`), text);
      const result = run([...QUICK, '--out', path(name)]);
      expect(result.code, result.stderr).toBe(0);
      expect(existsSync(path(`${name}.lock`))).toBe(false);
    }
  });

  it('another user: an unreadable lock, or a stale lock in a shared sticky folder that cannot be removed, is exit 2 naming it', (ctx) => {
    if (!isRoot) {
      console.warn('test/outputs.test.ts: other-user locks skipped: not root, so no command can run as another user');
      return ctx.skip('not root');
    }
    chmodSync(dir, 0o755);
    const shared = path('shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(join(shared, 'stale.csv.lock'), `eaglewing ${gone}\n`);
    writeFileSync(join(shared, 'secret.csv.lock'), `eaglewing ${gone}\n`, { mode: 0o000 });
    chmodSync(join(shared, 'secret.csv.lock'), 0o000);
    const asNobody: SpawnSyncOptions = { uid: NOBODY, gid: NOBODY, cwd: shared };
    const probe = run(['deal', '1', '--string'], asNobody);
    if (probe.code !== 0) {
      console.warn(`test/outputs.test.ts: other-user locks skipped: the CLI cannot run as nobody here (${probe.stderr.trim()})`);
      return ctx.skip('the CLI cannot run as nobody');
    }
    expectBadInput(run([...QUICK, '--out', join(shared, 'stale.csv')], asNobody), /lock '.*stale\.csv\.lock' is stale \(process \d+ is gone\) but cannot be removed: EPERM/);
    expectBadInput(run([...QUICK, '--out', join(shared, 'secret.csv')], asNobody), /cannot read the lock '.*secret\.csv\.lock': EACCES/);
    expect(readFileSync(join(shared, 'stale.csv.lock'), 'utf8')).toBe(`eaglewing ${gone}\n`);
    expect(existsSync(join(shared, 'stale.csv'))).toBe(false);
    // a lock of the user's own is still theirs to take over
    chownSync(join(shared, 'stale.csv.lock'), NOBODY, NOBODY);
    expect(run([...QUICK, '--out', join(shared, 'stale.csv')], asNobody).code).toBe(0);
  }, 60_000);

  it('a lock that cannot be written (a full disk) is not left behind: exit 4, nothing made', (ctx) => {
    const disk = smallDisk('lock-disk');
    if (typeof disk !== 'string') {
      console.warn(`test/outputs.test.ts: full-disk lock skipped: ${disk.skip}`);
      return ctx.skip(disk.skip);
    }
    fill(disk, 0);
    const result = run([...QUICK, '--out', join(disk, 'rows.csv')]);
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toMatch(/cannot write the lock '.*rows\.csv\.lock': ENOSPC/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(spawnSync('ls', ['-A', disk], { encoding: 'utf8' }).stdout.trim()).toBe('filler');
  });
});

describe('a standard stream that cannot be written is said on the other one', () => {
  it('deal > /dev/full says so on stderr, a failing stderr on stdout, both failing is exit 4 alone', () => {
    const out = shell('E deal 1 > /dev/full');
    expect(out.code).toBe(4);
    expect(out.stderr).toBe('eaglewing: cannot write standard output: ENOSPC\n');
    const err = shell('E deal nonsense 2> /dev/full');
    expect(err.code).toBe(4);
    expect(err.stdout).toBe('eaglewing: cannot write standard error: ENOSPC\n');
    expect(shell('E deal 1 > /dev/full 2> /dev/full').code).toBe(4);
    const rows = shell(`E ${QUICK.join(' ')} --out - > /dev/full`);
    expect(rows.code).toBe(4);
    expect(rows.stderr).toMatch(/cannot write standard output: ENOSPC/);
    expect(rows.stderr).not.toMatch(/resume/);
  });

  it('a reader that goes away stays quiet, on stdout and stderr alike', () => {
    const result = shell(`E ${QUICK.join(' ')} --out - | head -1; exit \${PIPESTATUS[0]}`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/EPIPE|cannot write/);
  });
});
