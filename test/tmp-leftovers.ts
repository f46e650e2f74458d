// vitest globalSetup (vitest.config.ts): a run that leaves a new /tmp/eaglewing-* entry behind fails, naming it.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = 'eaglewing-';
const entries = (): string[] => readdirSync(tmpdir()).filter((name) => name.startsWith(PREFIX));

// every project (tier) and the root load this setup, each as its own module, in one process: the first to
// start marks globalThis, and its teardown alone checks
const KEY = Symbol.for('eaglewing.tmp-leftovers');
const shared = globalThis as typeof globalThis & { [KEY]?: true };

export default function setup(): (() => void) | undefined {
  // `vitest list` loads the test files, whose folders made at load time are removed by afterAll hooks it does not run
  if (shared[KEY] || process.argv.includes('list')) return undefined;
  shared[KEY] = true;
  const before = new Set(entries());
  return () => {
    const left = entries().filter((name) => !before.has(name));
    if (left.length === 0) return;
    // an error thrown by a teardown is printed but leaves the exit code 0: set it
    process.exitCode = 1;
    console.error(
      `\ntest/tmp-leftovers.ts: the tests left ${left.length} new entr${left.length === 1 ? 'y' : 'ies'} in ${tmpdir()}: ${left.map((name) => join(tmpdir(), name)).join(', ')}\n` +
        'each test file makes its folders in beforeAll or in a test, and removes them in afterAll or onTestFinished (rmSync(dir, { recursive: true, force: true }));\n' +
        "a folder made as the file loads stays behind when its tests are all skipped, which runs no hook. (Another eaglewing test run going on meanwhile makes such entries too.)\n",
    );
  };
}
