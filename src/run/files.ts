// Output files: checked before any work, written whole or row by row, through links, never half a row, never two runs at once.
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
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
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, WriteError } from '../errors.js';
import { quote } from '../text.js';

/** `-` as an output: standard output. */
export const STDOUT = '-';

/** A standard stream by its descriptor. */
export type StandardStream = 1 | 2;

/** How long to wait, in a synchronous write, for a full non-blocking pipe to drain. */
const DRAIN_WAIT_MS = 5;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Which standard stream an output is, if any: `-`, `/dev/stdout`, `/dev/fd/2`, `/proc/self/fd/1`, or the very file or
 * pipe the shell connected to it. Such an output is written through the stream itself, never opened again: a pipe's
 * link text (`pipe:[123]`) is no path, and a file opened anew would be written from its start, over what the
 * stream wrote before (the CSV header under a summary).
 */
export function standardStream(path: string): StandardStream | undefined {
  if (path === STDOUT) return 1;
  let stats;
  try {
    stats = statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
  if (!stats) return undefined;
  for (const descriptor of [1, 2] as const) {
    try {
      const stream = fstatSync(descriptor);
      if (stream.dev === stats.dev && stream.ino === stats.ino) return descriptor;
    } catch {
      // that stream is closed
    }
  }
  return undefined;
}

/** An output as messages name it: `standard output`, or the path quoted. */
export function outputName(path: string): string {
  const stream = standardStream(path);
  return stream === 1 ? 'standard output' : stream === 2 ? 'standard error' : quote(path);
}

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

/** The output's stats with links followed (through /proc's own links too), or undefined when there is nothing yet. */
function statsOf(path: string) {
  return statSync(path, { throwIfNoEntry: false });
}

/** One name for one file, however the path spells it (links, `..`, `-` and /dev/stdout): for refusing a file given twice. */
function fileIdentity(path: string): string {
  const stats = path === STDOUT ? fstatSync(1) : statsOf(path);
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

/** What a command may do to an output that already holds something. */
export interface ReplaceRules {
  /** The user gave --force (or, for a resumed run's summary, --resume): an existing file may be replaced. */
  replace?: boolean;
  /** The message for an existing file also offers `--resume` (sim's --out). */
  resumable?: boolean;
}

/** Whether an output already holds something the user may want kept: a regular file that is not empty. */
export function outputExists(path: string): boolean {
  if (standardStream(path) !== undefined) return false;
  const stats = statsOf(path);
  return (stats?.isFile() ?? false) && stats!.size > 0;
}

/**
 * The one "may I write this output" check, made before any work: not a directory, not in a missing or
 * read-only folder; an existing file (not empty) only with `replace` (--force); never a file another live
 * eaglewing run holds (its `F.lock`), --force or not. A stale lock (its process gone) is removed here.
 * Standard output and error (`-`, /dev/stdout, a pipe) are always writable.
 */
export function checkOutput(flag: string, path: string, rules: ReplaceRules = {}): void {
  if (path === STDOUT) return;
  if (path === '') throw new InputError(`${flag} needs a file name`);
  if (path.endsWith('/')) throw new InputError(`${flag} ${quote(path)} names a folder, not a file`);
  if (standardStream(path) !== undefined) return;
  const stats = statsOf(path);
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
  // the lock first: a file a live run is writing is refused even with --force
  OutputLock.refuseHeld(path);
  if (!rules.replace && outputExists(path)) {
    throw new InputError(`${where} already exists: ${rules.resumable ? 'add --resume to continue it, or --force to replace it' : 'add --force to replace it'}`);
  }
}

/** Checks a command's outputs (flag -> path, absent ones left out) before any work; returns those given. */
export function checkOutputs(outputs: Record<string, string | undefined>, rules: ReplaceRules = {}): { role: string; path: string }[] {
  const given = Object.entries(outputs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([role, path]) => ({ role, path }));
  for (const output of given) checkOutput(output.role, output.path, rules);
  refuseSameFile(given);
  return given;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

function writeError(path: string, error: unknown): WriteError {
  return new WriteError(`cannot write ${outputName(path)}: ${errorCode(error)}`, { cause: error });
}

/** Whether a write failed because its reader went away (a closed pipe, `… | head -1`): the reader's choice, not an error. */
export function readerGone(error: unknown): boolean {
  const code = error instanceof WriteError ? (error.cause as NodeJS.ErrnoException | undefined)?.code : (error as NodeJS.ErrnoException)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/**
 * Writes all of `bytes` to a descriptor. A stream the parent left non-blocking (a full pipe says EAGAIN) is
 * waited for, a few milliseconds at a time, rather than taken for a failure.
 */
function writeAll(descriptor: number, bytes: Buffer, onProgress?: (written: number) => void): void {
  let written = 0;
  while (written < bytes.length) {
    let count: number;
    try {
      // a short count (a nearly full disk) is not an error: the rest is written by the next turn, which then says ENOSPC
      count = writeSync(descriptor, bytes, written);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(sleeper, 0, 0, DRAIN_WAIT_MS);
      continue;
    }
    // a write that takes nothing would be tried for ever
    if (!(count > 0)) throw Object.assign(new Error(`a write took no bytes (${written} of ${bytes.length} written)`), { code: `a write took nothing after ${written} of ${bytes.length} bytes` });
    written += count;
    onProgress?.(written);
  }
}

/**
 * Text for standard output or error, through the stream itself (so it follows what was printed before, at the
 * stream's own offset when it is a file). A failure there is reported once, at exit, by bin/eaglewing.js.
 */
/**
 * A whole file's text: one string, or its pieces in order (a merged run of a million deals is more text
 * than one JavaScript string may hold, so it is written piece by piece).
 */
export type WholeText = string | Iterable<string>;

function pieces(text: WholeText): Iterable<string> {
  return typeof text === 'string' ? [text] : text;
}

function writeStandard(stream: StandardStream, text: WholeText): void {
  const target = stream === 1 ? process.stdout : process.stderr;
  for (const piece of pieces(text)) if (!target.destroyed) target.write(piece);
}

/**
 * Writes every piece to the path (created or truncated), every byte of it, closing it whatever happens.
 * With `durable` (a file of its own, to be renamed over the old one) it is flushed to the disk first, so that
 * a disk that is full only at the flush fails here, before the old file is replaced.
 */
function writePieces(path: string, text: WholeText, durable = false): void {
  const fd = openSync(path, 'w');
  try {
    for (const piece of pieces(text)) writeAll(fd, Buffer.from(piece, 'utf8'));
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a whole file. A regular file (or a new one) is written beside its real self and renamed over
 * it, so it is never half-written and a link to it stays a link; meanwhile it holds the file's lock, so
 * it never replaces a file a live run is writing (--force or not). A file that is not empty is replaced
 * only with `replace` (it may have appeared during the work). Anything else (a device, a named pipe) is
 * written straight, and standard output or error (`-`, /dev/stdout, the shell's pipe or file) through the stream.
 */
export function writeWholeFile(path: string, text: WholeText, rules: ReplaceRules = {}): void {
  const stream = standardStream(path);
  if (stream !== undefined) {
    writeStandard(stream, text);
    return;
  }
  const stats = statsOf(path);
  if (stats && !stats.isFile()) {
    try {
      // by the path as given: the kernel follows /proc's links, which readlink cannot
      writePieces(path, text);
    } catch (error) {
      throw writeError(path, error);
    }
    return;
  }
  const target = followLinks(path);
  const lock = OutputLock.acquire(path);
  try {
    if (!rules.replace && outputExists(target)) throw new WriteError(`${quote(path)} was made by something else while this run worked; it is kept (add --force to replace it)`);
    const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
    try {
      writePieces(temporary, text, true);
      renameSync(temporary, target);
    } catch (error) {
      try {
        unlinkSync(temporary);
      } catch {
        // it was never made
      }
      throw writeError(path, error);
    }
  } finally {
    lock.release();
  }
}

/**
 * Writes several whole files after the work, each tried even when one before it failed (a full disk for the
 * CSV may leave room for nothing else, but a chart elsewhere is still written); the failures are thrown as one.
 */
export function writeWholeFiles(files: readonly { path: string; text: () => WholeText; rules?: ReplaceRules }[]): void {
  const failures: Error[] = [];
  for (const file of files) {
    try {
      writeWholeFile(file.path, file.text(), file.rules);
    } catch (error) {
      if (!(error instanceof WriteError || error instanceof InputError)) throw error;
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new WriteError(failures.map((failure) => failure.message).join('; '));
}

/** Whether any of these outputs is standard output: the command's own result then goes to standard error. */
export function carriesStandardOutput(paths: readonly (string | undefined)[]): boolean {
  return paths.some((path) => path !== undefined && standardStream(path) === 1);
}

/**
 * The first line of an eaglewing lock; locks written before it held the process id alone, and are still read.
 * A lock on the file itself (below) adds the path that run writes, as JSON, so that a second name can say whose it is.
 */
const LOCK_LINE = /^eaglewing (\d+)(?: ("(?:[^"\\\n]|\\.)*"))?\n?$/;
const OLD_LOCK_LINE = /^(\d+)\n$/;
/** How long a lock found empty (another run between making it and writing its line) is given to be written. */
const EMPTY_LOCK_WAIT_MS = 200;

/** Errors making a lock that say the place is wrong (exit 2) rather than that a write failed (exit 4). */
const PLACE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);

/**
 * Where the locks on files themselves are kept: one folder for every eaglewing run on the machine, whatever
 * its TMPDIR, since a file's other names (hard links) may be in any folder of its file system.
 */
const FILE_LOCK_FOLDER = process.platform !== 'win32' && statSync('/tmp', { throwIfNoEntry: false })?.isDirectory() ? '/tmp' : tmpdir();

/** The lock on a file itself, by its device and inode: every name of the file meets the same one. */
function fileLockFor(stats: { dev: number; ino: number }): string {
  return join(FILE_LOCK_FOLDER, `eaglewing-file-${stats.dev}-${stats.ino}.lock`);
}

/** The process and the path written in a lock's text, or undefined when it is no eaglewing lock. */
function parseLock(text: string): { owner: number; writing?: string } | undefined {
  const match = LOCK_LINE.exec(text) ?? OLD_LOCK_LINE.exec(text);
  if (!match) return undefined;
  const owner = Number(match[1]);
  if (!Number.isSafeInteger(owner) || owner <= 0) return undefined;
  let writing: string | undefined;
  try {
    writing = match[2] === undefined ? undefined : (JSON.parse(match[2]) as string);
  } catch {
    return undefined;
  }
  return { owner, writing };
}

/**
 * A lock beside an output, `F.lock`, so that a second run on the same file stops before it writes anything.
 * Its one line is `eaglewing <pid>`. A lock whose process is gone is stale and taken over; anything else by
 * that name (a directory, an unreadable file, a file eaglewing did not write) is left alone and refused.
 *
 * A path names one file, but a file may have other names (hard links): a run also holds a lock on the file
 * itself, named by its device and inode in /tmp, from the moment the file exists, so a run given another
 * name of it is refused too. A file that does not exist yet is protected by its path's lock alone.
 */
export class OutputLock {
  private fileLock: string | undefined;
  private fileLine = '';

  private constructor(
    private readonly path: string,
    private readonly file: string | undefined,
    private readonly line: string,
  ) {}

  private readonly onExit = () => this.release();

  /** The lock's name beside an output, or undefined for outputs that take none (streams, devices, pipes). */
  static fileFor(path: string): string | undefined {
    if (standardStream(path) !== undefined) return undefined;
    const stats = statsOf(path);
    if (stats && !stats.isFile()) return undefined;
    return `${followLinks(path)}.lock`;
  }

  /** The locks an output meets: its path's, and, when it exists, the one on the file itself. */
  private static locksFor(path: string): string[] {
    const file = OutputLock.fileFor(path);
    if (file === undefined) return [];
    const stats = statsOf(path);
    return stats?.isFile() ? [file, fileLockFor(stats)] : [file];
  }

  /** Refuses, before any work, an output a live run holds (by this name or another); removes a stale lock. Takes no lock itself. */
  static refuseHeld(path: string): void {
    for (const file of OutputLock.locksFor(path)) OutputLock.clearStale(path, file);
  }

  /**
   * The process of a live eaglewing run writing `path` (by this name or another), if any: for warning that
   * an input is still being written. Looks only; a missing, stale, foreign or unreadable lock is none.
   */
  static liveWriter(path: string): number | undefined {
    for (const file of OutputLock.locksFor(path)) {
      try {
        const owner = parseLock(readFileSync(file, 'latin1'))?.owner;
        if (owner !== undefined && processAlive(owner)) return owner;
      } catch {
        // none there
      }
    }
    return undefined;
  }

  /** Takes the path's lock, and the one on the file itself when it exists; refuses a file a live run holds. */
  static acquire(path: string): OutputLock {
    const file = OutputLock.fileFor(path);
    const line = `eaglewing ${process.pid}\n`;
    if (file === undefined) return new OutputLock(path, undefined, line);
    OutputLock.make(path, file, line, true);
    const lock = new OutputLock(path, file, line);
    process.once('exit', lock.onExit);
    const stats = statsOf(path);
    try {
      if (stats?.isFile()) lock.holdFile(stats);
    } catch (error) {
      lock.release();
      throw error;
    }
    return lock;
  }

  /**
   * Holds the lock on the file itself (by its stats: a new file's once it is made), so that a run given
   * another name of it is refused. Where that lock cannot be made at all (no /tmp to write), the path's
   * lock is what there is.
   */
  holdFile(stats: { dev: number; ino: number }): void {
    if (this.file === undefined) return;
    const fileLock = fileLockFor(stats);
    if (this.fileLock === fileLock) return;
    const line = `eaglewing ${process.pid} ${JSON.stringify(followLinks(this.path))}\n`;
    if (!OutputLock.make(this.path, fileLock, line, false)) return;
    this.releaseFile();
    this.fileLock = fileLock;
    this.fileLine = line;
  }

  /**
   * Makes a lock file holding `line`; one a live run holds is refused (exit 2), a stale one taken over.
   * A lock that cannot be made is an error when `required`, else it is said by returning false.
   */
  private static make(path: string, file: string, line: string, required: boolean): boolean {
    for (let attempt = 0; attempt < 3; attempt++) {
      let descriptor: number;
      try {
        descriptor = openSync(file, 'wx', 0o644);
      } catch (error) {
        const code = errorCode(error);
        if (code === 'EEXIST') {
          OutputLock.clearStale(path, file);
          continue;
        }
        if (!required) return false;
        if (PLACE_ERRORS.has(code)) throw new InputError(`cannot make the lock ${quote(file)} for ${quote(path)}: ${code}`);
        throw new WriteError(`cannot make the lock ${quote(file)}: ${code}`, { cause: error });
      }
      try {
        writeAll(descriptor, Buffer.from(line));
      } catch (error) {
        // a lock without its line would look like someone else's file: none is left behind
        closeSync(descriptor);
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
        if (!required) return false;
        throw new WriteError(`cannot write the lock ${quote(file)}: ${errorCode(error)}`, { cause: error });
      }
      closeSync(descriptor);
      return true;
    }
    throw new InputError(`cannot take the lock ${quote(file)}: other runs keep making it`);
  }

  /**
   * Looks at an existing lock: refuses one a live run holds, and anything eaglewing did not write; removes
   * a stale one (its process gone). Returns quietly when there is no lock (any more).
   */
  private static clearStale(path: string, file: string): void {
    const named = `the lock ${quote(file)}`;
    let lock: { owner: number; writing?: string } | undefined;
    for (let waited = 0; ; waited += DRAIN_WAIT_MS) {
      let stats;
      try {
        stats = lstatSync(file, { throwIfNoEntry: false });
      } catch (error) {
        throw new InputError(`cannot look at ${named}: ${errorCode(error)}`);
      }
      if (!stats) return;
      if (stats.isDirectory()) throw new InputError(`${named} is a directory, not an eaglewing lock: remove it, or write to another file`);
      if (!stats.isFile()) throw new InputError(`${named} is not an eaglewing lock (not a plain file): remove it, or write to another file`);
      let text: string;
      try {
        text = readFileSync(file, 'latin1');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return;
        throw new InputError(`cannot read ${named}: ${errorCode(error)}; remove it if no eaglewing run is writing ${quote(path)}`);
      }
      // a run makes its lock, then writes its line: an empty lock is given a moment
      if (text === '' && waited < EMPTY_LOCK_WAIT_MS) {
        Atomics.wait(sleeper, 0, 0, DRAIN_WAIT_MS);
        continue;
      }
      lock = parseLock(text);
      if (lock === undefined) throw new InputError(`${named} is not an eaglewing lock, so it is left as it is: remove it, or write to another file`);
      break;
    }
    const { owner, writing } = lock;
    if (owner === process.pid || processAlive(owner)) {
      // the same file by another name (a hard link): the message names the name that run writes
      if (writing !== undefined && resolve(writing) !== followLinks(path)) {
        throw new InputError(`${quote(path)} is being written by another eaglewing run (process ${owner}) as ${quote(writing)}, the same file by another name (${named}); wait for it to finish`);
      }
      throw new InputError(`${quote(path)} is being written by another eaglewing run (process ${owner}, ${named}); wait for it to finish, or remove the lock if process ${owner} is not eaglewing`);
    }
    try {
      unlinkSync(file);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') return;
      throw new InputError(`${named} is stale (process ${owner} is gone) but cannot be removed: ${code}; remove it by hand`);
    }
  }

  private releaseFile(): void {
    if (this.fileLock === undefined) return;
    try {
      if (readFileSync(this.fileLock, 'latin1') === this.fileLine) unlinkSync(this.fileLock);
    } catch {
      // already gone
    }
    this.fileLock = undefined;
  }

  release(): void {
    if (this.file === undefined) return;
    process.removeListener('exit', this.onExit);
    this.releaseFile();
    try {
      if (readFileSync(this.file, 'latin1') === this.line) unlinkSync(this.file);
    } catch {
      // already gone
    }
  }
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

  /** A new file (replacing the old one), or the end of an existing one; standard output or error (`-`, /dev/stdout) as the stream. */
  static open(path: string, append: boolean): RowAppender {
    const stream = standardStream(path);
    if (stream !== undefined) return new RowAppender(path, stream, false);
    try {
      const descriptor = openSync(path, append ? 'a' : 'w');
      return new RowAppender(path, descriptor, fstatSync(descriptor).isFile());
    } catch (error) {
      throw writeError(path, error);
    }
  }

  /** The file's device and inode, for the lock on the file itself; undefined for a stream, a device or a pipe. */
  fileStats(): { dev: number; ino: number } | undefined {
    return this.regular ? fstatSync(this.descriptor) : undefined;
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
      writeAll(this.descriptor, bytes, (done) => (written = done));
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
    if (this.descriptor !== 1 && this.descriptor !== 2) closeSync(this.descriptor);
  }
}
