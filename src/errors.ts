// Typed errors that the CLI turns into one line and an exit code; nothing below the CLI prints or exits.

/** The user asked for something malformed: a bad deal string, option, preset or file. Exit code 2. */
export class InputError extends Error {
  override name = 'InputError';
  /** Commands that put it right (merge's resume commands): printed whole under the line, one a line, never cut. */
  readonly commands: readonly string[];

  constructor(message?: string, options?: ErrorOptions & { commands?: readonly string[] }) {
    super(message, options);
    this.commands = options?.commands ?? [];
  }
}

/** The command line itself is wrong (unknown command, missing argument). Exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A solver or player threw, or its worker thread died: a bug, never a verdict (exit code 3). Its
 * message names the deal; the run stops there and keeps the rows finished before it.
 */
export class SolverFault extends Error {
  override name = 'SolverFault';
}

/** An output could not be written (a full disk, a device that refuses): exit code 4, never 1. What was written is kept. */
export class WriteError extends Error {
  override name = 'WriteError';
}

export interface Validation {
  ok: boolean;
  error?: string;
}
