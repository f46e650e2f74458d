// The cluster recipes (scripts/cluster/) against the real programs: a single-node Slurm cluster started here, and GNU parallel; merges byte-identical to one run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
import { runCli, userEnv } from './cli-runner.js';

const SCRIPTS = join(ROOT, 'scripts', 'cluster');
// a run split over machines: 2,000 coops deals in 4 shards; --no-timing makes the files byte-comparable
const RUN = ['--preset', 'coops', '--deals', '2000'];
const SHARDS = '4';

/** Whether a program is on PATH (or in the sbin folders Debian puts daemons in). */
function installed(program: string): boolean {
  return spawnSync('bash', ['-c', `PATH="$PATH:/usr/sbin:/sbin" command -v ${program}`]).status === 0;
}
/** EAGLEWING_REQUIRE=slurm,parallel (set by .ci/run): a missing program is then a failure, not a skip. */
const required = (name: string) => (process.env.EAGLEWING_REQUIRE ?? '').split(',').includes(name);

const SLURM_PROGRAMS = ['slurmctld', 'slurmd', 'sbatch', 'squeue', 'scancel', 'sinfo', 'munged'];
const slurmMissing = SLURM_PROGRAMS.filter((program) => !installed(program));
const slurmProblem =
  slurmMissing.length > 0
    ? `${slurmMissing.join(', ')} not found: install Slurm and MUNGE with \`sudo apt-get install slurm-wlm munge\` (Debian)`
    : process.getuid?.() !== 0
      ? 'the test starts slurmctld and slurmd, which run as root: run it as root (as CI does)'
      : undefined;
const parallelProblem = installed('parallel') ? undefined : 'GNU parallel not found: install it with `sudo apt-get install parallel` (Debian)';

for (const [name, problem] of [['slurm', slurmProblem], ['parallel', parallelProblem]] as const) {
  if (problem && required(name)) throw new Error(`EAGLEWING_REQUIRE names ${name}, but ${problem}`);
  if (problem) console.warn(`test/cluster.test.ts: the ${name} tests are skipped: ${problem}`);
}

// made before the file's first test (not at import: a file whose tests are all skipped, for want of both programs or
// by a filter, runs no hook)
let dir = '';
const path = (name: string) => join(dir, name);
/** The one-machine run every merge is compared with. */
let reference = '';

beforeAll(() => {
  if (slurmProblem && parallelProblem) return;
  dir = mkdtempSync(join(tmpdir(), 'eaglewing-cluster-'));
  const one = runCli(['sim', ...RUN, '--no-timing', '--quiet', '--out', path('one.csv')]);
  expect(one.code, one.stderr).toBe(0);
  reference = readFileSync(path('one.csv'), 'utf8');
  expect(reference.trim().split('\n')).toHaveLength(2001);
}, 600_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(!parallelProblem)('GNU parallel (scripts/cluster/parallel-run.sh)', () => {
  it('runs 4 shards as local jobs and merges them byte-identical to one run', () => {
    const result = spawnSync(join(SCRIPTS, 'parallel-run.sh'), [...RUN, '--shards', SHARDS, '--jobs', '2', '--workers', '1', '--dir', path('parallel'), '--', '--no-timing'], { encoding: 'utf8', cwd: dir, env: userEnv() });
    expect(result.status, result.stderr).toBe(0);
    for (const i of [1, 2, 3, 4]) expect(existsSync(path(`parallel/shard-${i}.csv.run.json`))).toBe(true);
    expect(readFileSync(path('parallel/all.csv'), 'utf8')).toBe(reference);
    expect(result.stdout).toContain('2000 deals');
  }, 600_000);

  it('checks every argument before parallel starts: a bad one is exit 2 in one line, with no folder made', () => {
    const script = join(SCRIPTS, 'parallel-run.sh');
    const base = ['--preset', 'coops', '--deals', '100', '--shards', '2'];
    for (const [args, says] of [
      [['--preset', 'bogus', '--deals', '100', '--shards', '2'], "unknown preset 'bogus'"],
      [['--preset', 'coops', '--deals', 'x', '--shards', '2'], "--deals must be a whole number from 1 to 1000000000000, got 'x'"],
      [['--preset', 'coops', '--shards', '2', '--deals'], '--deals needs a value'],
      [[...base, '--jobs', '0'], "--jobs must be a whole number from 1, got '0'"],
      [[...base, '--workers', '0'], "--workers must be a whole number from 1"],
      [[...base, '--', '--max-nodes', 'x'], "--max-nodes must be a whole number"],
      [[...base, '--', '--bogus'], "unknown option '--bogus' (see eaglewing sim --help)"],
      [[...base, '--', '--out', 'mine.csv'], '--out is given by this script to each shard'],
    ] as const) {
      const folder = path('checked');
      const result = spawnSync(script, ['--dir', folder, ...args], { encoding: 'utf8', cwd: dir, env: userEnv() });
      expect(result.status, result.stderr).toBe(2);
      expect(result.stderr).toBe(`parallel-run.sh: ${result.stderr.slice('parallel-run.sh: '.length).trim()}\n`);
      expect(result.stderr).toContain(says);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(folder)).toBe(false);
    }
  }, 120_000);

  it('Ctrl-C stops every shard and exits 130 counting only this run\'s shards, without merging; run again, it continues them and merges whole', async () => {
    const folder = path('interrupted');
    mkdirSync(folder);
    // a file of another run in the folder is none of this run's shards
    writeFileSync(join(folder, 'shard-7.csv'), 'not this run\n');
    const joblogs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('parallel-run-joblog.'));
    const before = joblogs();
    const args = [...RUN, '--shards', SHARDS, '--jobs', '2', '--workers', '1', '--dir', folder, '--', '--no-timing'];
    // a process group of its own, as a terminal's foreground job: Ctrl-C reaches the script, parallel and every shard
    const child = spawn(join(SCRIPTS, 'parallel-run.sh'), args, { cwd: dir, env: userEnv(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (data) => (stderr += data));
    const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const shard1 = join(folder, 'shard-1.csv');
    for (let tries = 0; tries < 600 && !(existsSync(shard1) && readFileSync(shard1, 'utf8').split('\n').length > 20); tries++) await new Promise((wait) => setTimeout(wait, 50));
    process.kill(-child.pid!, 'SIGINT');
    expect(await exit, stderr).toBe(130);
    expect(stderr).toMatch(/^parallel-run\.sh: interrupted: [0-3] of 4 shard\(s\) finished; run the same command again to continue the others\n$/m);
    expect(existsSync(join(folder, 'all.csv'))).toBe(false);
    expect(joblogs()).toEqual(before);
    const again = spawnSync(join(SCRIPTS, 'parallel-run.sh'), args, { encoding: 'utf8', cwd: dir, env: userEnv() });
    expect(again.status, again.stderr).toBe(0);
    expect(readFileSync(join(folder, 'all.csv'), 'utf8')).toBe(reference);
    expect(readFileSync(join(folder, 'shard-7.csv'), 'utf8')).toBe('not this run\n');
  }, 600_000);
});

/** A free TCP port on this machine, for a daemon of the test's own cluster. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A single-node cluster in a temporary folder: its own MUNGE key and socket, slurm.conf, ports and state. */
class TestCluster {
  readonly home = path('slurm');
  // the user's shell environment (no npm_* variables, so the merge job prints `node …/eaglewing.js`, not `npx eaglewing`)
  readonly env: NodeJS.ProcessEnv = { ...userEnv(), SLURM_CONF: join(this.home, 'slurm.conf'), PATH: `${process.env.PATH}:/usr/sbin:/sbin` };

  async start(): Promise<void> {
    for (const folder of ['munge', 'state', 'spool', 'log']) mkdirSync(join(this.home, folder), { recursive: true, mode: 0o700 });
    const key = join(this.home, 'munge', 'munge.key');
    writeFileSync(key, randomBytes(128), { mode: 0o600 });
    chmodSync(join(this.home, 'munge'), 0o700);
    const socket = join(this.home, 'munge', 'munge.socket');
    const munge = join(this.home, 'munge');
    this.run('munged', ['--force', `--key-file=${key}`, `--socket=${socket}`, `--log-file=${munge}/munged.log`, `--pid-file=${munge}/munged.pid`, `--seed-file=${munge}/munged.seed`]);
    const [controller, daemon] = [await freePort(), await freePort()];
    const host = hostname();
    writeFileSync(
      this.env.SLURM_CONF!,
      [
        'ClusterName=eaglewingtest',
        `SlurmctldHost=${host}(127.0.0.1)`,
        `SlurmctldPort=${controller}`,
        `SlurmdPort=${daemon}`,
        'SlurmUser=root',
        'SlurmdUser=root',
        'AuthType=auth/munge',
        'CredType=cred/munge',
        `AuthInfo=socket=${socket}`,
        `StateSaveLocation=${this.home}/state`,
        `SlurmdSpoolDir=${this.home}/spool`,
        `SlurmctldPidFile=${this.home}/slurmctld.pid`,
        `SlurmdPidFile=${this.home}/slurmd.pid`,
        `SlurmctldLogFile=${this.home}/log/slurmctld.log`,
        `SlurmdLogFile=${this.home}/log/slurmd.log`,
        // no cgroups, no accounting database: what a bare test machine (or a container) can run
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        'JobAcctGatherType=jobacct_gather/none',
        'AccountingStorageType=accounting_storage/none',
        'JobCompType=jobcomp/none',
        'SchedulerType=sched/builtin',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_CPU',
        'MpiDefault=none',
        'ReturnToService=2',
        'SlurmdParameters=config_overrides',
        // a cancelled task gets SIGTERM, then SIGKILL after this many seconds
        'KillWait=10',
        `NodeName=eaglewingnode NodeHostname=${host} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} State=UNKNOWN`,
        'PartitionName=eaglewing Nodes=eaglewingnode Default=YES MaxTime=INFINITE State=UP',
      ].join('\n') + '\n',
    );
    this.run('slurmctld', ['-f', this.env.SLURM_CONF!, '-i']);
    this.run('slurmd', ['-f', this.env.SLURM_CONF!, '-N', 'eaglewingnode']);
    for (let tries = 0; tries < 120; tries++) {
      if (/idle/.test(spawnSync('sinfo', ['-h', '-o', '%T'], { encoding: 'utf8', env: this.env }).stdout ?? '')) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the test cluster's node never became idle:\n${this.logs()}`);
  }

  /** Starts a daemon (it forks and writes its pid file) and checks that it started. */
  private run(program: string, args: string[]): void {
    const result = spawnSync(program, args, { encoding: 'utf8', env: this.env });
    if (result.status !== 0) throw new Error(`${program} did not start (${result.status}): ${result.stderr}\n${this.logs()}`);
  }

  logs(): string {
    return ['log/slurmctld.log', 'log/slurmd.log', 'munge/munged.log']
      .map((file) => join(this.home, file))
      .filter(existsSync)
      .map((file) => `${file}:\n${readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`)
      .join('\n');
  }

  /** Cancels what is left and stops the daemons this test started, by the pids they wrote. */
  async stop(): Promise<void> {
    spawnSync('scancel', ['--user=root'], { env: this.env });
    for (const file of ['slurmd.pid', 'slurmctld.pid', 'munge/munged.pid']) {
      const pidFile = join(this.home, file);
      if (!existsSync(pidFile)) continue;
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        continue;
      }
      for (let tries = 0; tries < 50; tries++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

/** Starts a command and collects its output; resolves with its exit code. */
function started(command: string, args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<number> } {
  const child = spawn(command, args, { cwd: dir, env });
  let output = '';
  child.stdout!.on('data', (data) => (output += data));
  child.stderr!.on('data', (data) => (output += data));
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, output: () => output, exit };
}

describe.runIf(!slurmProblem)('Slurm (scripts/cluster/slurm-submit.sh on a single-node cluster started here)', () => {
  // made in beforeAll, once the file's folder is there (the cluster's home lies in it)
  let cluster: TestCluster;
  const submit = (...args: string[]) => started(join(SCRIPTS, 'slurm-submit.sh'), [...RUN, '--shards', SHARDS, '--cpus-per-task', '1', '--dir', path('slurm-run'), ...args, '--wait', '--', '--no-timing'], cluster.env);
  beforeAll(() => {
    cluster = new TestCluster();
    return cluster.start();
  }, 120_000);
  afterAll(() => cluster?.stop(), 60_000);

  it('runs the array, and its merge job writes all.csv byte-identical to one run', async () => {
    const job = submit();
    const code = await job.exit;
    expect(code, `${job.output()}\n${cluster.logs()}`).toBe(0);
    expect(readFileSync(path('slurm-run/all.csv'), 'utf8')).toBe(reference);
    expect(readFileSync(path('slurm-run/summary.csv'), 'utf8')).toContain('coops,');
  }, 900_000);

  it('a task cancelled midway is named by the merge job with the command that finishes it; run as printed, the merge is identical again', async () => {
    // shard 2 once more from nothing, cancelled (scancel) once it has written some rows
    const shard = path('slurm-run/shard-2.csv');
    rmSync(shard);
    rmSync(`${shard}.run.json`);
    const job = submit('--tasks', '2');
    let arrayJob: string | undefined;
    for (let tries = 0; tries < 1200 && !(arrayJob && existsSync(shard) && readFileSync(shard, 'utf8').split('\n').length > 40); tries++) {
      arrayJob ??= /array job (\d+)/.exec(job.output())?.[1];
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(arrayJob, job.output()).toBeDefined();
    expect(spawnSync('scancel', [`${arrayJob}_2`], { env: cluster.env }).status).toBe(0);
    // the merge job (afterany) runs all the same, and exits 2 naming what shard 2 lacks
    expect(await job.exit, job.output()).toBe(2);
    const rows = readFileSync(shard, 'utf8').trim().split('\n').length - 1;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(500);
    const mergeLog = /log: (\S+merge-\d+\.out)/.exec(job.output())![1];
    const message = readFileSync(mergeLog, 'utf8');
    expect(message).toContain(`shard 2/4) lacks ${500 - rows} coops/thoughtful deals`);
    // the command under the message, whole on a line of its own
    const command = /continue it with the command below\n {2}(.*)\n/.exec(message)?.[1];
    expect(command, message).toMatch(/^node \S*bin\/eaglewing\.js sim .*--shard 2\/4 .*--out \S*shard-2\.csv --resume$/);
    const resumed = spawnSync('bash', ['-c', command!], { encoding: 'utf8', cwd: dir, env: userEnv() });
    expect(resumed.status, resumed.stderr).toBe(0);
    const merged = runCli(['merge', ...[1, 2, 3, 4].map((i) => path(`slurm-run/shard-${i}.csv`)), '--out', path('slurm-resumed.csv')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(readFileSync(path('slurm-resumed.csv'), 'utf8')).toBe(reference);
  }, 900_000);
});
