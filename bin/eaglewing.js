#!/usr/bin/env node
// Shebang shim: runs the compiled CLI and exits with its code.
import { EXIT_INTERNAL, main } from '../dist/cli.js';

// a closed pipe (eaglewing … | head) is the reader's choice, not an error
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    // an unknown error is a bug: show all of it, and keep its exit code apart from 0/1/2
    console.error(error);
    process.exitCode = EXIT_INTERNAL;
  },
);
