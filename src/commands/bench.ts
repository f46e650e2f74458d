// eaglewing bench: the fixed benchmark, with the node-count signature that changes exactly when the search does.
import type { Command } from 'commander';
import { formatBench, runBench } from '../run/bench.js';
import { print } from './output.js';

export function register(program: Command): void {
  program
    .command('bench')
    .description('solve a fixed set of deals per preset on one thread: deals/s, nodes/s and a node-count signature')
    .option('--json', 'print the measurements as JSON')
    .option('--quick', 'a smaller set (for smoke tests); its signature differs from the full one')
    .addHelpText('after', '\nThe signature is the total node count: it changes exactly when the search changes.\n\nExample:\n  eaglewing bench')
    .action((flags: { json?: boolean; quick?: boolean }) => {
      const result = runBench(flags.quick ? 'quick' : 'full', (line) => process.stderr.write(line + '\n'));
      print(flags.json ? JSON.stringify(result) : formatBench(result));
    });
}
