// Output integrity and hostile input, through the CLI as a user meets it: files, reading back, options, memory, messages.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealFromNumber, formatDeal } from '../src/deal.js';
import { progressLine } from '../src/progress.js';
import { BIN, expectBadInput, runCli, runShell, userEnv, type Run } from './cli-runner.js';

// made before the file's first test, not at import: a file whose tests a filter skips runs no hook, and leaves nothing
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-integrity-'));
});
const path = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = runCli;

/** The CLI under bash, for ulimit and shell plumbing. */
const shell = (script: string): Run => runShell(script, dir);


const QUICK = ['sim', '--preset', 'strict', '--deals', '20', '--no-timing', '--quiet'];

let quickFile: string | undefined;
/** A fresh copy, at `name`, of the rows file QUICK writes: the run is made once, on first use, and shared. */
function quickRows(name: string): string[] {
  if (quickFile === undefined) {
    const made = run([...QUICK, '--out', path('quick.csv')]);
    expect(made.code, made.stderr).toBe(0);
    quickFile = path('quick.csv');
  }
  cpSync(quickFile, path(name));
  return readFileSync(path(name), 'utf8').trim().split('\n');
}

function rowsOf(file: string): string[] {
  return readFileSync(file, 'utf8').trim().split('\n').slice(1).sort();
}

describe('writing files (RULES.md aside: docs/usage.md "Files")', () => {
  it('writes through a symbolic link, and straight to a device, replacing neither', () => {
    writeFileSync(path('real-summary.csv'), 'old\n');
    symlinkSync(path('real-summary.csv'), path('link-summary.csv'));
    symlinkSync('/dev/null', path('to-null'));
    expect(run([...QUICK, '--summary', path('link-summary.csv'), '--force']).code).toBe(0);
    expect(lstatSync(path('link-summary.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path('real-summary.csv'), 'utf8')).toMatch(/^preset,rules,player,deals/);
    expect(run([...QUICK, '--summary', path('to-null')]).code).toBe(0);
    expect(lstatSync(path('to-null')).isSymbolicLink()).toBe(true);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(run([...QUICK, '--summary', '/dev/null']).code).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });
  it('refuses one file given twice, however it is spelled, before any work', () => {
    mkdirSync(path('sub'));
    writeFileSync(path('taken.csv'), 'keep\n');
    symlinkSync(path('taken.csv'), path('taken-link.csv'));
    expectBadInput(run([...QUICK, '--out', path('twice.csv'), '--summary', join(dir, 'sub', '..', 'twice.csv')]), 'are the same file');
    expect(existsSync(path('twice.csv'))).toBe(false);
    expectBadInput(run([...QUICK, '--out', path('taken.csv'), '--force', '--summary', path('taken-link.csv')]), 'are the same file');
    expectBadInput(run(['sweep', '--vary', 'redeals=0..1', '--deals', '2', '--quiet', '--out', path('sw.csv'), '--chart', path('sw.csv')]), 'are the same file');
    quickRows('m-in.csv');
    const before = readFileSync(path('m-in.csv'), 'utf8');
    expectBadInput(run(['merge', path('m-in.csv'), '--out', path('m-in.csv'), '--force']), 'are the same file');
    expect(readFileSync(path('m-in.csv'), 'utf8')).toBe(before);
    expect(readFileSync(path('taken.csv'), 'utf8')).toBe('keep\n');
  });
  it('merge needs --force to replace a file; --force and --resume together are refused', () => {
    quickRows('mf.csv');
    writeFileSync(path('mf-out.csv'), 'precious\n');
    expectBadInput(run(['merge', path('mf.csv'), '--out', path('mf-out.csv')]), 'already exists: add --force');
    expect(readFileSync(path('mf-out.csv'), 'utf8')).toBe('precious\n');
    expect(run(['merge', path('mf.csv'), '--out', path('mf-out.csv'), '--force']).code).toBe(0);
    expect(readFileSync(path('mf-out.csv'), 'utf8')).toBe(readFileSync(path('mf.csv'), 'utf8'));
    expectBadInput(run([...QUICK, '--out', path('mf.csv'), '--force', '--resume']), 'not both');
  });
  it('checks every output before solving: a missing folder, a folder, a folder that cannot be written', () => {
    // --deals 10^9 would take hours: these must stop at once
    const long = ['sim', '--preset', 'coops', '--deals', '1000000000', '--quiet'];
    expectBadInput(run([...long, '--summary', path('nodir/s.csv')]), 'there is no folder');
    expectBadInput(run([...long, '--out', dir]), 'is a directory');
    expectBadInput(run([...long, '--out', path('not-yet') + '/']), 'names a folder');
    expectBadInput(run([...long, '--summary', '/sys/s.csv']), 'is not writable');
    expectBadInput(run(['sweep', '--vary', 'trunk=0..20', '--deals', '100000', '--chart', path('nodir/c.svg')]), 'there is no folder');
    expectBadInput(run(['merge', path('m-in.csv'), '--summary', path('nodir/s.csv')]), 'there is no folder');
  });
  it('a write error stops the run cleanly: whole rows kept, the resume command printed, exit code 4; a resume then completes it', () => {
    expect(run(['sim', '--preset', 'strict', '--deals', '3000', '--no-timing', '--quiet', '--out', path('full3000.csv')]).code).toBe(0);
    // a file-size limit of 64 KiB stands in for a full disk
    const limited = shell(`ulimit -f 64; node "$BIN" sim --preset strict --deals 3000 --no-timing --quiet --workers 1 --out small.csv`);
    expect(limited.code, limited.stderr).toBe(4);
    expect(limited.stderr).toContain('EFBIG');
    expect(limited.stderr).toContain('--resume');
    const text = readFileSync(path('small.csv'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(64 * 1024);
    const resumed = run(['sim', '--preset', 'strict', '--deals', '3000', '--no-timing', '--quiet', '--workers', '1', '--out', path('small.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).not.toContain('warning');
    expect(rowsOf(path('small.csv'))).toEqual(rowsOf(path('full3000.csv')));
  });
  it('standard output or error that cannot be written is never exit code 1', () => {
    expect(shell(`node "$BIN" deal 1 > /dev/full`).code).toBe(4);
    expect(shell(`node "$BIN" solve 3 --preset coops > /dev/full`).code).toBe(4);
    // a reader that goes away (a closed pipe) is its choice: the command still ends with its own code
    expect(shell(`node "$BIN" solve 3 --preset coops --stats 2>&1 | head -1 > /dev/null; exit \${PIPESTATUS[0]}`).code).toBe(0);
    expect(shell(`node "$BIN" deal 0 2>&1 | head -0; exit \${PIPESTATUS[0]}`).code).toBe(2);
  });
  it('a second run on the same --out stops before writing; a lock whose process is gone is taken over', async () => {
    const args = ['sim', '--preset', 'coops', '--deals', '100000', '--quiet', '--out', path('locked.csv')];
    const first = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (existsSync(path('locked.csv.lock'))) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });
    expectBadInput(run([...args, '--force']), 'being written by another eaglewing run');
    expectBadInput(run([...args, '--resume']), 'being written by another eaglewing run');
    first.kill('SIGINT');
    expect(await new Promise((resolve) => first.on('exit', resolve))).toBe(130);
    expect(existsSync(path('locked.csv.lock'))).toBe(false);
    // a lock left by a process that is gone (killed outright) is stale
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(path('stale.csv.lock'), `${gone}\n`);
    expect(run([...QUICK, '--out', path('stale.csv')]).code).toBe(0);
    expect(existsSync(path('stale.csv.lock'))).toBe(false);
  });
});

describe('reading files back (sim --resume, merge)', () => {
  const header = 'deal,preset,rules,player,result,nodes,ms,solution_length,solution,reason';
  it('refuses to resume a file that holds a row twice', () => {
    const [head, ...rows] = quickRows('dup.csv');
    writeFileSync(path('dup.csv'), [head, ...rows, rows[3]].join('\n') + '\n');
    expectBadInput(run([...QUICK, '--out', path('dup.csv'), '--resume']), 'deal 4 twice');
  });
  it('cuts a torn last line at the right byte when earlier rows hold bytes that are not UTF-8', () => {
    const [head, ...rows] = quickRows('utf.csv');
    // a failed worker's reason is the one cell that may hold any text, the bytes of a broken message too
    const odd = Buffer.from(rows[1].replace(/,$/, ',worker failed: é'), 'utf8');
    const broken = Buffer.concat([Buffer.from(`${head}\n${rows[0]}\n`), odd.subarray(0, odd.length - 1), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from(rows.slice(2, 10).join('\n') + '\n'), Buffer.from(rows[10].slice(0, 30))]);
    writeFileSync(path('utf.csv'), broken);
    const resumed = run([...QUICK, '--out', path('utf.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('line 12');
    const after = readFileSync(path('utf.csv'));
    // the bytes before the torn line are untouched, and the rows that follow are whole
    expect(after.subarray(0, broken.length - 30).equals(broken.subarray(0, broken.length - 30))).toBe(true);
    expect(run(['merge', path('utf.csv'), '--json']).code).toBe(0);
    expect(after.toString('utf8').trim().split('\n')).toHaveLength(21);
  });
  it('keeps a last row that is whole but has no line end', () => {
    const lines = quickRows('noeol.csv');
    writeFileSync(path('noeol.csv'), lines.slice(0, 11).join('\n'));
    const resumed = run([...QUICK, '--out', path('noeol.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toBe('');
    expect(readFileSync(path('noeol.csv'), 'utf8')).toBe(lines.join('\n') + '\n');
  });
  it('accepts a byte order mark, CRLF line ends and quoted fields', () => {
    const [, ...rows] = quickRows('crlf-ref.csv');
    const quoted = rows.slice(0, 10).map((row) => row.split(',').map((field) => `"${field}"`).join(','));
    writeFileSync(path('crlf.csv'), `\uFEFF${header}\r\n${quoted.join('\r\n')}\r\n`);
    const resumed = run([...QUICK, '--out', path('crlf.csv'), '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const mergeRun = run(['merge', path('crlf.csv'), '--json']);
    expect(mergeRun.code, mergeRun.stderr).toBe(0);
    const merged = JSON.parse(mergeRun.stdout);
    expect(merged[0].deals).toBe(20);
    // a file that is not ours is named with what its first line holds, unseen characters shown
    writeFileSync(path('other.csv'), '\u200bdeal,preset\n1,strict\n');
    expectBadInput(run([...QUICK, '--out', path('other.csv'), '--resume']), "first line is '\\u{200B}deal,preset'");
  });
  it('refuses to resume with solver limits other than the file was made with', () => {
    expect(run([...QUICK, '--max-nodes', '50000', '--out', path('limits.csv')]).code).toBe(0);
    expect(readFileSync(path('limits.csv'), 'utf8')).toContain('thoughtful:max-nodes=50000');
    expectBadInput(run([...QUICK, '--max-nodes', '60000', '--out', path('limits.csv'), '--resume']), 'other solver limits');
    expectBadInput(run([...QUICK, '--out', path('limits.csv'), '--resume']), 'other solver limits');
    expect(run([...QUICK, '--max-nodes', '50000', '--out', path('limits.csv'), '--resume']).code).toBe(0);
  });
});

describe('options and values', () => {
  it('presets are case-insensitive and counted once; an empty list is refused', () => {
    const once = run(['sim', '--preset', 'STRICT,strict,Strict', '--deals', '5', '--quiet', '--json']);
    expect(once.code).toBe(0);
    expect(JSON.parse(once.stdout)).toHaveLength(1);
    expect(JSON.parse(once.stdout)[0].preset).toBe('strict');
    expect(run(['solve', '3', '--preset', 'COOPS']).stdout).toMatch(/^Deal 3 {2}\(coops:/);
    expectBadInput(run(['sim', '--preset', ',', '--deals', '5']), 'at least one preset');
    expectBadInput(run(['solve', '3', '--preset', 'strict,coops']), 'one preset here');
  });
  it('a time limit below a millisecond is a limit', () => {
    const result = JSON.parse(run(['solve', '92', '--preset', 'coops', '--time-limit', '0.0001', '--json']).stdout);
    expect(result.result).toBe('unknown');
    expect(result.unknownReason).toBe('time-limit');
  });
  it('a range past the last deal number is refused, never rounded', () => {
    expectBadInput(run(['sim', '--from', '9007199254740991', '--deals', '2']), 'goes past the last deal number');
    expectBadInput(run(['sweep', '--vary', 'redeals=0..1', '--from', '9007199254740990', '--deals', '5']), 'goes past the last deal number');
    expectBadInput(run(['deal', '9007199254740993']), 'deal number must be a whole number');
    expectBadInput(run(['sim', '--deals', '1e3']), '--deals must be a whole number');
  });
  it('when every deal is unknown there is no win rate: empty in CSV, null in JSON, no point in a chart', () => {
    const all = run(['sim', '--preset', 'coops', '--deals', '3', '--max-nodes', '2', '--quiet', '--json', '--summary', path('unknown.csv')]);
    const [summary] = JSON.parse(all.stdout);
    expect(summary.unknown).toBe(3);
    expect(summary.winRate).toBeNull();
    expect(summary.ci95).toBeNull();
    const row = readFileSync(path('unknown.csv'), 'utf8').trim().split('\n')[1].split(',');
    expect(row.slice(7, 10)).toEqual(['', '', '']);
    expect(run(['sim', '--preset', 'coops', '--deals', '3', '--max-nodes', '2', '--quiet']).stdout).toContain('no deal decided');
    expect(run(['sweep', '--preset', 'coops', '--vary', 'redeals=0..1', '--deals', '2', '--max-nodes', '2', '--quiet', '--chart', path('none.svg')]).code).toBe(0);
    expect(readFileSync(path('none.svg'), 'utf8')).not.toContain('<circle');
  });
  it('a huge --deals starts at once and stops cleanly (nothing planned up front)', async () => {
    const child = spawn(process.execPath, [BIN, 'sim', '--preset', 'strict', '--deals', '1000000000000', '--quiet', '--out', path('huge.csv')], { stdio: 'ignore' });
    // rows come at once (nothing is planned up front): wait for the first hundred, however busy the machine
    const rows = () => (existsSync(path('huge.csv')) ? readFileSync(path('huge.csv'), 'utf8').split('\n').length : 0);
    for (let waited = 0; rows() <= 100 && waited < 30_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(130);
    expect(rows()).toBeGreaterThan(100);
  });
  it('an option missing its value is refused; --out - writes the rows to standard output', () => {
    expectBadInput(run([...QUICK, '--out', '--json'], { cwd: dir }), '--out needs a value');
    expect(existsSync(path('--json'))).toBe(false);
    const piped = run([...QUICK, '--out', '-']);
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n')[0]).toBe(header());
    expect(piped.stdout.trim().split('\n')).toHaveLength(21);
    expect(piped.stderr).toContain('strict');
  });
  it('an option given twice is refused, not the first value dropped', () => {
    expectBadInput(run([...QUICK, '--summary', path('twice-a.csv'), '--summary=' + path('twice-b.csv')]), '--summary is given 2 times');
    expectBadInput(run(['deal', '1', '-p', 'coops', '--preset', 'strict']), '--preset is given 2 times');
    expect(existsSync(path('twice-a.csv')) || existsSync(path('twice-b.csv'))).toBe(false);
  });
  it('options the mode ignores are refused, not dropped', () => {
    expectBadInput(run(['solve', '1', '--workers', '2']), '--workers does nothing without --deals-file');
    expectBadInput(run(['solve', '1', '--player', 'sampling', '--max-nodes', '5']), '--max-nodes does nothing for --player sampling');
    expectBadInput(run(['solve', '1', '--player', 'sampling', '--time-limit', '1']), '--time-limit does nothing for --player sampling');
    expectBadInput(run(['sim', '--deals', '2', '--player', 'greedy', '--samples', '3']), '--samples does nothing for --player greedy');
    expectBadInput(run(['sim', '--deals', '2', '--force']), '--force needs --out');
    expectBadInput(run(['deal', '1', '--json', '--string']), 'not both');
  });
  it('errors are one short line with unseen characters shown escaped; ſ is not S', () => {
    const junk = Array.from({ length: 400_000 }, () => 'ZZ').join(' ');
    writeFileSync(path('junk.txt'), junk);
    expectBadInput(run(['solve', '--deals-file', path('junk.txt')]), /bad card 'ZZ' at position 1; 399999 more bad cards/);
    const deal = formatDeal(dealFromNumber(1));
    expectBadInput(run(['verify', '--deal', deal.replace('AS', 'A\u017F'), '--moves', 'T']), "bad card 'A\u017F'");
    expectBadInput(run(['verify', '--deal', deal.replace('AS', 'A\u200bS'), '--moves', 'T']), "'A\\u{200B}S'");
    expectBadInput(run(['verify', '1', '--moves', 'T W1F\u{FE0F}']), "'W1F\\u{FE0F}'");
    expectBadInput(run(['deal', '1', '--preset', 'strict\u0007']), "'strict\\u{0007}'");
    expectBadInput(run(['deal', '1', '--preset', '\uFEFFstrict']), "'\\u{FEFF}strict'");
    expectBadInput(run(['deal', '1', '--trunk', 'x'.repeat(5000)]), '(5000 characters)');
  });
  it('an empty deals file is refused: no deals', () => {
    writeFileSync(path('empty.txt'), '\n\n');
    expectBadInput(run(['solve', '--deals-file', path('empty.txt')]), 'no deals');
    expectBadInput(run(['solve', '--deals-file', '/dev/null']), 'no deals');
    expectBadInput(run(['solve', '--deals-file', '-'], { stdio: ['ignore', 'pipe', 'pipe'] }), 'no deals');
  });
  it('the resume command printed after Ctrl-C is quoted for the shell, and pasted back it resumes', async () => {
    const out = path('with space & more.csv');
    // as from a user's shell, not from npx or npm run (the line would then say npx eaglewing): see cli.test.ts for those
    const env = userEnv();
    const child = spawn(process.execPath, [BIN, 'sim', '--preset', 'coops', '--deals', '400', '--quiet', '--out', out], { stdio: ['ignore', 'ignore', 'pipe'], env, cwd: dir });
    let stderr = '';
    child.stderr.on('data', (data) => (stderr += data));
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 3) {
          clearInterval(timer);
          resolve();
        }
      }, 20);
    });
    child.kill('SIGINT');
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(130);
    const command = stderr.trim().split('\n').pop()!.trim();
    expect(command).toContain("'");
    // the line names the program as it can be run from where it ran (the shell below runs there too): pasted as it is
    expect(command.startsWith('node ')).toBe(true);
    const again = shell(command);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(401);
  });
  it('before a build, the command says to run npm ci', () => {
    const bare = path('unbuilt');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    cpSync(BIN, join(bare, 'bin', 'eaglewing.js'));
    const result = spawnSync(process.execPath, [join(bare, 'bin', 'eaglewing.js'), 'deal', '1'], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('npm ci');
    expect(result.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
  });
});

describe('memory', () => {
  it('a table the machine cannot give ends the deal unknown (memory), never exit 3', () => {
    // under a 1.1 GB address-space cap Node starts, but the pruning-free table of coops deal 92 (128 MB and more) cannot grow
    const result = shell(`ulimit -v 1100000; node "$BIN" solve 92 --preset coops --no-prune --memory 8192 --json`);
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.result).toBe('unknown');
    expect(report.unknownReason).toBe('memory');
  });
  it('under a 1.5 GB cap a table that fits still grows: coops deal 14 --no-prune is proved lost, as before the cap was checked', () => {
    // its search needs 2M slots (32 MB); counting V8's reserved ranges plus 384 MB headroom stopped it unknown at 524,288 nodes
    const result = shell(`ulimit -v 1500000; node "$BIN" solve 14 --preset coops --no-prune --memory 4096 --json`);
    expect(result.code, result.stderr).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.result).toBe('lost');
  });
});

describe('output for people', () => {
  it('verify numbers moves from 1, as solve lists them; the JSON index stays 0-based; one card is "1 card"', () => {
    const text = run(['verify', '1', '--moves', 'T T W9F']);
    expect(text.stdout).toContain('move 3 W9F');
    expect(JSON.parse(run(['verify', '1', '--moves', 'T T W9F', '--json']).stdout).moveIndex).toBe(2);
    expectBadInput(run(['verify', '1', '--moves', 'T QQ']), 'move 2:');
    const stacked = 'KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS 6H 7H 8H 9H TH JH QH KH AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AH 2H 3H 4H 5H';
    expect(run(['verify', '--deal', stacked, '--moves', 'T']).stdout).toContain('the 1 move is legal but leaves 51 cards off');
    expect(run(['verify', '1', '--preset', 'goodsol', '--moves', '2W1W2']).stdout).toContain('wing 1 holds only 1 card');
  });
  it('the progress line puts counts and speed first and drops what does not fit', () => {
    const wide = progressLine(120, 500, 1000, '250.0', 'strict 5.1% coops 72.0%', 2, 0.5);
    expect(wide.startsWith('500/1000 deals | 250.0 deals/s | strict 5.1% coops 72.0% | ETA 2s ')).toBe(true);
    expect(wide.length).toBeLessThan(120);
    const narrow = progressLine(40, 500, 1000, '250.0', 'strict 5.1% coops 72.0%', 2, 0.5);
    expect(narrow).toBe('500/1000 deals | 250.0 deals/s');
    expect(progressLine(12, 500, 1000, '250.0', '', 2, 0.5).length).toBeLessThan(12);
  });
  it('the top-level help lists every exit code', () => {
    const help = run(['--help']).stdout;
    for (const code of ['0 success', '1 a negative answer', '2 bad input', '3 a bug', '4 an output could not be written', '130 interrupted']) expect(help).toContain(code);
  });
});

function header(): string {
  return 'deal,preset,rules,player,result,nodes,ms,solution_length,solution,reason';
}
