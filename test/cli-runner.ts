// The one way tests run the built CLI as a user does: a child process, its exit code and both streams.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './helpers.js';

/** The program as `npm ci` leaves it (built by `npm test` before the tests run). */
export const BIN = join(ROOT, 'bin', 'eaglewing.js');

export interface Run {
  /** The exit code, or -1 when a signal ended the process. */
  code: number;
  signal?: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * The environment a user's shell gives the program: without npm's variables, which `npx vitest` or
 * `npm test` would pass on (and which make the program print its commands as `npx eaglewing`).
 */
export function userEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
}

/** Runs `eaglewing ARGS` without colour; options (input, cwd, env additions) pass through to spawnSync. */
export function runCli(args: readonly string[], options: SpawnSyncOptions = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', ...options, env: { ...userEnv(), NO_COLOR: '1', ...options.env } });
  return { code: result.status ?? -1, signal: result.signal, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

/** `eaglewing ARGS --json` that answers (exit 0, or 1 for a negative answer): its JSON. */
export function runCliJson<T>(args: readonly string[]): T {
  const result = runCli([...args, '--json']);
  expect(result.code === 0 || result.code === 1, result.stderr).toBe(true);
  return JSON.parse(result.stdout) as T;
}

/** A command line under bash (for ulimit, redirections and pipes), with $BIN set to the program. */
export function runShell(script: string, cwd?: string): Run {
  const result = spawnSync('bash', ['-c', script], { encoding: 'utf8', cwd, env: { ...userEnv(), NO_COLOR: '1', BIN } });
  return { code: result.status ?? -1, stdout: String(result.stdout ?? ''), stderr: String(result.stderr ?? '') };
}

/** Exit code 2, one short line on stderr naming the problem, no stack trace. */
export function expectBadInput(result: Run, message: string | RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr.length).toBeLessThan(500);
  if (typeof message === 'string') expect(result.stderr).toContain(message);
  else expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}
