// Output files: checked before any work, written whole or row by row, through links, never half a row, never two runs at once.
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, WriteError } from '../errors.js';
import { quote } from '../text.js';

/** `-` as an output: standard output. */
export const STDOUT = '-';

/** Where a path leads once its symbolic links are followed, even when the file at the end does not exist yet. */
function followLinks(path: string): string {
  let target = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    const link = lstatSync(target, { throwIfNoEntry: false });
    if (!link?.isSymbolicLink()) break;
    target = resolve(dirname(target), readlinkSync(target));
  }
  const folder = dirname(target);
  const realFolder = statSync(folder, { throwIfNoEntry: false }) ? realpathSync(folder) : folder;
  return join(realFolder, basename(target));
}

/** One name for one file, however the path spells it (links, `..`, `-` and /dev/stdout): for refusing a file given twice. */
function fileIdentity(path: string): string {
  const stats = path === STDOUT ? fstatSync(1) : statSync(path, { throwIfNoEntry: false });
  return stats ? `${stats.dev}:${stats.ino}` : `new:${followLinks(path)}`;
}

/** Refuses, before any work, a file named twice among a command's inputs and outputs. */
export function refuseSameFile(files: readonly { role: string; path: string }[]): void {
  const seen = new Map<string, string>();
  for (const { role, path } of files) {
    const identity = fileIdentity(path);
    const first = seen.get(identity);
    if (first !== undefined) throw new InputError(`${first} and ${role} are the same file (${quote(path)}): give each its own`);
    seen.set(identity, role);
  }
}

function accessible(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Whether a file can be opened for writing (opened to append, so nothing in it changes). */
function writable(path: string): boolean {
  try {
    closeSync(openSync(path, 'a'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a file can be made in this folder: tried for real with a file made and removed at once,
 * since access() says yes to root even where the file system refuses (a read-only mount, /sys).
 */
function folderWritable(folder: string): boolean {
  const probe = join(folder, `.eaglewing-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks, before any work, that an output can be written: not a directory, not in a missing folder,
 * writable (and, for a regular file, its folder too, since it is replaced through a temporary file).
 */
export function checkOutput(flag: string, path: string): void {
  if (path === STDOUT) return;
  if (path === '') throw new InputError(`${flag} needs a file name`);
  if (path.endsWith('/')) throw new InputError(`${flag} ${quote(path)} names a folder, not a file`);
  const stats = statSync(path, { throwIfNoEntry: false });
  const where = `${flag} ${quote(path)}`;
  if (stats?.isDirectory()) throw new InputError(`${where} is a directory`);
  if (stats && !stats.isFile()) {
    // a device or a pipe: opening a pipe would wait for its reader, so only ask
    if (!accessible(path)) throw new InputError(`${where} is not writable`);
    return;
  }
  if (stats && !writable(path)) throw new InputError(`${where} is not writable`);
  const folder = dirname(followLinks(path));
  const folderStats = statSync(folder, { throwIfNoEntry: false });
  if (!folderStats) throw new InputError(`${where}: there is no folder ${quote(folder)}`);
  if (!folderStats.isDirectory()) throw new InputError(`${where}: ${quote(folder)} is not a folder`);
  if (!folderWritable(folder)) throw new InputError(`${where}: the folder ${quote(folder)} is not writable`);
}

/** Checks a command's outputs (flag -> path, absent ones left out) before any work; returns those given. */
export function checkOutputs(outputs: Record<string, string | undefined>): { role: string; path: string }[] {
  const given = Object.entries(outputs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([role, path]) => ({ role, path }));
  for (const output of given) checkOutput(output.role, output.path);
  refuseSameFile(given);
  return given;
}

/** Whether an output already holds something the user may want kept (a regular file). */
export function outputExists(path: string): boolean {
  return path !== STDOUT && (statSync(path, { throwIfNoEntry: false })?.isFile() ?? false);
}

function writeError(path: string, error: unknown): WriteError {
  const code = (error as NodeJS.ErrnoException).code ?? String(error);
  return new WriteError(`cannot write ${quote(path)}: ${code}`);
}

/**
 * Writes a whole file. A regular file (or a new one) is written beside its real self and renamed over
 * it, so it is never half-written and a link to it stays a link; anything else (a device, a pipe,
 * /dev/stdout) is written straight; `-` is standard output.
 */
export function writeWholeFile(path: string, text: string): void {
  if (path === STDOUT) {
    process.stdout.write(text);
    return;
  }
  const target = followLinks(path);
  const stats = statSync(target, { throwIfNoEntry: false });
  try {
    if (stats && !stats.isFile()) {
      writeFileSync(target, text);
      return;
    }
    const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
    try {
      writeFileSync(temporary, text);
      renameSync(temporary, target);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // it was never made
      }
      throw error;
    }
  } catch (error) {
    throw writeError(path, error);
  }
}

/**
 * A lock beside an output that a run appends to, so that a second run on the same file stops before
 * it writes anything. It holds the owner's process id; a lock whose process is gone is stale and taken over.
 */
export class OutputLock {
  private constructor(private readonly file: string | undefined) {}

  static acquire(path: string): OutputLock {
    if (path === STDOUT) return new OutputLock(undefined);
    const target = followLinks(path);
    const stats = statSync(target, { throwIfNoEntry: false });
    if (stats && !stats.isFile()) return new OutputLock(undefined);
    const file = `${target}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const descriptor = openSync(file, 'wx');
        writeSync(descriptor, `${process.pid}\n`);
        closeSync(descriptor);
        const lock = new OutputLock(file);
        process.once('exit', () => lock.release());
        return lock;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError(file, error);
      }
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isSafeInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new InputError(`${quote(path)} is being written by another eaglewing run (process ${owner}); wait for it to finish, or remove ${quote(file)} if that process is not eaglewing`);
      }
      // stale: its process is gone
      unlinkSync(file);
    }
    throw new InputError(`cannot take the lock ${quote(file)}`);
  }

  release(): void {
    if (this.file === undefined) return;
    try {
      if (readFileSync(this.file, 'utf8').trim() === String(process.pid)) unlinkSync(this.file);
    } catch {
      // already gone
    }
  }
}

/**
 * The process id of a live eaglewing run still writing this file (its `.lock` names a running
 * process), or undefined: read only, for readers such as merge that must not take half a run.
 */
export function liveWriter(path: string): number | undefined {
  if (path === STDOUT) return undefined;
  let owner: number;
  try {
    owner = Number(readFileSync(`${followLinks(path)}.lock`, 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && processAlive(owner) ? owner : undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Appends whole rows to an output. A write that fails part-way (a full disk) is cut back to the last
 * whole row before the error is reported, so the file never holds half a row.
 */
export class RowAppender {
  private size: number;

  private constructor(
    private readonly path: string,
    private readonly descriptor: number,
    private readonly regular: boolean,
  ) {
    this.size = regular ? fstatSync(descriptor).size : 0;
  }

  /** A new file (replacing the old one), or the end of an existing one; `-` is standard output. */
  static open(path: string, append: boolean): RowAppender {
    if (path === STDOUT) return new RowAppender(path, 1, false);
    try {
      const descriptor = openSync(path, append ? 'a' : 'w');
      return new RowAppender(path, descriptor, fstatSync(descriptor).isFile());
    } catch (error) {
      throw writeError(path, error);
    }
  }

  /** Cuts the file to `bytes` (dropping a torn last line before appending). */
  truncate(bytes: number): void {
    if (!this.regular) return;
    ftruncateSync(this.descriptor, bytes);
    this.size = bytes;
  }

  write(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.descriptor, bytes, written);
      this.size += bytes.length;
    } catch (error) {
      if (this.regular && written > 0) {
        try {
          ftruncateSync(this.descriptor, this.size);
        } catch {
          // the rows before are whole; a resume cuts any torn line
        }
      }
      throw writeError(this.path, error);
    }
  }

  /** Whether the file ends without a line end (a last row written without one): a newline must come first. */
  endsMidLine(): boolean {
    if (!this.regular || this.size === 0) return false;
    const last = Buffer.alloc(1);
    const descriptor = openSync(this.path, 'r');
    try {
      readSync(descriptor, last, 0, 1, this.size - 1);
    } finally {
      closeSync(descriptor);
    }
    return last[0] !== 0x0a;
  }

  close(): void {
    if (this.descriptor !== 1) closeSync(this.descriptor);
  }
}
