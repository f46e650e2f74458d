// The exit codes every command and the CLI use (README, "Exit codes").
export const EXIT_OK = 0;
/** A negative answer: lost, unknown for one deal, an illegal or incomplete move list. */
export const EXIT_NEGATIVE = 1;
export const EXIT_BAD_INPUT = 2;
/** A bug: an error nobody expected. */
export const EXIT_INTERNAL = 3;
/** An output could not be written (a full disk, a device that refuses): what was written is kept. */
export const EXIT_WRITE = 4;
/** Stopped by Ctrl-C (or SIGTERM) with every finished row kept. */
export const EXIT_INTERRUPTED = 130;
