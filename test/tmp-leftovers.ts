// vitest globalSetup (vitest.config.ts): a run that leaves a new /tmp/eaglewing-* entry behind fails, naming it.
//
// The run's scratch folders go into one folder of its own, /tmp/eaglewing-run-XXXXXX: TMPDIR names it for the
// test workers and every program they start (os.tmpdir(), mktemp), so another run on the same machine cannot
// be taken for this one. After the run it must hold no eaglewing-* entry; it is then removed. A new
// /tmp/eaglewing-* entry beside it (a path written out as /tmp) fails the run too.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'eaglewing-';
const RUN = `${PREFIX}run-`;
const entries = (folder: string): string[] => readdirSync(folder).filter((name) => name.startsWith(PREFIX));

// every project (tier) and the root load this setup, each as its own module, in one process: the first to
// start marks globalThis, and its teardown alone checks
const KEY = Symbol.for('eaglewing.tmp-leftovers');
const shared = globalThis as typeof globalThis & { [KEY]?: true };

export default function setup(): (() => void) | undefined {
  // `vitest list` loads the test files, whose folders made at load time are removed by afterAll hooks it does not run
  if (shared[KEY] || process.argv.includes('list')) return undefined;
  shared[KEY] = true;
  const outside = tmpdir();
  const before = new Set(entries(outside));
  const own = mkdtempSync(join(outside, RUN));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = own;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = [
      ...entries(own).map((name) => join(own, name)),
      // (another run's own folder, which may have started meanwhile, is not this run's)
      ...entries(outside).filter((name) => !before.has(name) && !name.startsWith(RUN)).map((name) => join(outside, name)),
    ];
    // what other programs (a browser, Slurm, mktemp in a script) leave there is named, but fails nothing
    const others = readdirSync(own).filter((name) => !name.startsWith(PREFIX));
    if (others.length > 0) console.warn(`test/tmp-leftovers.ts: left in ${own} (removed now): ${others.join(', ')}`);
    rmSync(own, { recursive: true, force: true });
    if (left.length === 0) return;
    // an error thrown by a teardown is printed but leaves the exit code 0: set it
    process.exitCode = 1;
    console.error(
      `\ntest/tmp-leftovers.ts: the tests left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} behind: ${left.join(', ')}\n` +
        'each test removes the folders it makes (afterAll or onTestFinished: rmSync(dir, { recursive: true, force: true }))\n',
    );
  };
}
