#!/usr/bin/env node
// Shebang shim: runs the compiled CLI and exits with its code.
import { writeSync } from 'node:fs';

/** Exit codes of src/commands/exit.ts, for the cases where the CLI could not say them itself. */
const EXIT_INTERNAL = 3;
const EXIT_WRITE = 4;
const EXIT_INTERRUPTED = 130;

// Standard output and error: a reader that went away (a closed pipe, `… | head -1`) is its choice, so the
// work goes on without that stream; any other failure (a full disk, /dev/full) is a write error, never 1,
// said in one line on the other stream (when that one still works) as the process ends.
const failed = new Map();
for (const [descriptor, stream] of [[1, process.stdout], [2, process.stderr]]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    if (!failed.has(descriptor)) failed.set(descriptor, error.code ?? String(error));
    process.exitCode = EXIT_WRITE;
  });
}
process.on('exit', () => {
  if (failed.size === 0) return;
  for (const [descriptor, code] of failed) {
    const other = descriptor === 1 ? 2 : 1;
    if (failed.has(other)) continue;
    try {
      writeSync(other, `eaglewing: cannot write standard ${descriptor === 1 ? 'output' : 'error'}: ${code}\n`);
    } catch {
      // that one fails too: the exit code says it
    }
  }
  process.exitCode = EXIT_WRITE;
});

// Under a file-size limit (ulimit -f) a write past it should fail like a full disk, not kill the run and its rows.
process.on('SIGXFSZ', () => {});

let cli;
try {
  cli = await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
  process.stderr.write('eaglewing: not built yet: run `npm ci` (or `npm run build`) in the eaglewing folder first\n');
  process.exit(2);
}

cli.main().then(
  (code) => {
    process.exitCode = failed.size > 0 ? EXIT_WRITE : code;
    // stopped by Ctrl-C, with its rows and lock put away: leave now, since Node's own teardown restores the default
    // Ctrl-C, and one more press then would turn this clean stop into a death by signal
    if (code === EXIT_INTERRUPTED) process.exit();
  },
  (error) => {
    // an unknown error is a bug: show all of it, and keep its exit code apart from 0/1/2
    console.error(error);
    process.exitCode = EXIT_INTERNAL;
  },
);
