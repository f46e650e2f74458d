// The command line: assembles the program from src/commands (one file each) and turns errors into exit codes.
import { Command, CommanderError } from 'commander';
import { register as registerBench } from './commands/bench.js';
import { register as registerDeal } from './commands/deal.js';
import { register as registerHint } from './commands/hint.js';
import { EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_OK, EXIT_WRITE } from './commands/exit.js';
import { register as registerMerge } from './commands/merge.js';
import { register as registerPick } from './commands/pick.js';
import { register as registerPlay } from './commands/play.js';
import { register as registerRules } from './commands/rules.js';
import { register as registerSim } from './commands/sim.js';
import { register as registerSolve } from './commands/solve.js';
import { register as registerSweep } from './commands/sweep.js';
import { register as registerVerify } from './commands/verify.js';
import { InputError, SolverFault, UsageError, WriteError } from './errors.js';
import { refuseSpacedPresets } from './commands/flags.js';
import { runnableHelp, selfCommand } from './commands/output.js';
import { quote } from './text.js';

/** Longest error line: user text in it is cut already (text.ts); this bounds the rest. */
const MAX_ERROR_LENGTH = 400;

/**
 * An option that takes a value, followed by another option (`--out --quiet`): commander would take
 * the option as the value, and make a file named `--quiet`. `-` alone is a value (standard input or output).
 */
function refuseMissingValues(command: Command, words: readonly string[]): void {
  for (const option of command.options) {
    if (!option.required) continue;
    const value: unknown = command.getOptionValue(option.attributeName());
    if (typeof value === 'string' && /^--?[A-Za-z]/.test(value)) throw new UsageError(`${option.long} needs a value, but the next word is the option ${quote(value)}`);
    // given twice, commander would keep the last value and drop the first without a word
    const spellings = [option.long, option.short].filter((flag): flag is string => flag !== undefined);
    const times = words.filter((word) => spellings.some((flag) => word === flag || word.startsWith(`${flag}=`))).length;
    if (times > 1) throw new UsageError(`${option.long} is given ${times} times: give it once`);
  }
}

function errorLine(message: string): string {
  const line = message.split('\n')[0];
  return line.length > MAX_ERROR_LENGTH ? `${line.slice(0, MAX_ERROR_LENGTH)}…` : line;
}

/** The program; `words` are the command line after the program's name (for refusing an option given twice). */
export function buildProgram(words: readonly string[] = process.argv.slice(2)): Command {
  const program = new Command();
  program
    .name('eaglewing')
    .description('Solver and win-rate lab for the patience game Eagle Wing (Thirteen Down).')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({
      // help is written with its examples as the user can run them here (`node bin/eaglewing.js …` until `npm link`)
      writeOut: (text) => process.stdout.write(runnableHelp(text)),
      writeErr: (text) => process.stderr.write(runnableHelp(text)),
      outputError: (text, write) => write(`eaglewing: ${text.split('\n')[0].replace(/^error: /, '')} (see --help)\n`),
    })
    .addHelpText(
      'after',
      `
Examples:
  eaglewing deal 1                       draw deal 1
  eaglewing deal 1 --string              its deal string
  eaglewing verify 1 --moves "T XF W3F"  replay a move list
  eaglewing rules                        presets and options

Exit codes: 0 success, 1 a negative answer (lost, or a move list that does not win), 2 bad input or usage,
3 a bug (the full error is printed), 4 an output could not be written (what was written is kept),
130 interrupted by Ctrl-C (sim keeps every finished row and prints how to resume).
Rules: RULES.md (cited as RULES §N).`,
    )
    .addHelpText('after', () => (selfCommand() === 'eaglewing' ? '' : `The examples say ${selfCommand()}: that works from here. To type eaglewing instead, run \`npm link\` in the eaglewing folder (README "Quick start").`))
    .hook('preAction', (_program, command) => refuseMissingValues(command, words));
  for (const register of [registerDeal, registerVerify, registerSolve, registerHint, registerPlay, registerPick, registerSim, registerSweep, registerMerge, registerBench, registerRules]) register(program);
  return program;
}

/** Runs the CLI; returns the exit code instead of exiting (bin/eaglewing.js exits with it). */
export async function main(argv: string[] = process.argv): Promise<number> {
  const program = buildProgram(argv.slice(2));
  try {
    refuseSpacedPresets(argv.slice(2));
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return EXIT_OK;
      return EXIT_BAD_INPUT;
    }
    if (error instanceof InputError || error instanceof UsageError) {
      // commands to paste follow the line whole, one a line: cut, they could not be pasted
      const commands = error instanceof InputError ? error.commands.map((command) => `  ${command}\n`).join('') : '';
      process.stderr.write(`eaglewing: ${errorLine(error.message)}\n${commands}`);
      return EXIT_BAD_INPUT;
    }
    if (error instanceof WriteError) {
      process.stderr.write(`eaglewing: ${errorLine(error.message)}\n`);
      return EXIT_WRITE;
    }
    if (error instanceof SolverFault) {
      process.stderr.write(`eaglewing: bug: ${errorLine(error.message)}\n`);
      return EXIT_INTERNAL;
    }
    throw error;
  }
}
