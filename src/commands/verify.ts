// eaglewing verify: replays a move list with the independent verifier and says whether it wins.
import { plural } from '../text.js';
import type { Command } from 'commander';
import { CARD_COUNT } from '../cards.js';
import { parseMoveList } from '../notation.js';
import { verify } from '../verify.js';
import { EXIT_NEGATIVE, EXIT_OK } from './exit.js';
import { addPysolOption, deckFrom } from './deals.js';
import { addRuleOptions, type RuleFlags, rulesFrom } from './flags.js';
import { print } from './output.js';

export function register(program: Command): void {
  const command = addRuleOptions(
    program
      .command('verify')
      .description('replay a move list (RULES §5) and say whether it wins')
      .argument('[n]', 'deal number (or give --deal, --pysol or --solvitaire)')
      .option('--deal <string>', 'the deal as 52 cards (RULES §2)')
      .requiredOption('--moves <tokens>', 'the moves, e.g. "T XF W3F(6D) 2W1W4"')
      .option('--json', 'print {"status": "ok"|"incomplete"|"illegal", "moveIndex", "reason"}')
      .addHelpText(
        'after',
        '\nExit code 0 when the moves win, 1 when they are illegal or do not finish, 2 for bad input.\n\nExamples:\n  eaglewing verify 12 --moves "T T XF W2F"\n  eaglewing verify --deal "KS QS …" --preset coops --moves "…" --json',
      ),
  );
  addPysolOption(command).action((numberArgument: string | undefined, flags: RuleFlags & { deal?: string; moves: string; json?: boolean; pysol?: string; solvitaire?: string }) => {
    const chosenRules = rulesFrom(command, flags);
    const { rules } = chosenRules;
    const { deck } = deckFrom(numberArgument, flags, chosenRules);
    const moves = parseMoveList(flags.moves);
    const result = verify(deck, rules, moves);
    if (flags.json) {
      const output: Record<string, unknown> = { status: result.status };
      if (result.moveIndex !== undefined) output.moveIndex = result.moveIndex;
      output.reason = result.reason ?? (result.status === 'ok' ? `all ${CARD_COUNT * rules.decks} cards are on the foundations` : `legal, but only ${result.foundationCards} of ${CARD_COUNT * rules.decks} cards reach the foundations`);
      print(JSON.stringify(output));
    } else if (result.status === 'ok') {
      print(`ok: the ${plural(moves.length, 'move')} win`);
    } else if (result.status === 'incomplete') {
      print(`incomplete: the ${plural(moves.length, 'move')} ${moves.length === 1 ? 'is legal but leaves' : 'are legal but leave'} ${plural(CARD_COUNT * rules.decks - result.foundationCards, 'card')} off the foundations`);
    } else {
      print(`illegal: ${result.reason}`);
    }
    process.exitCode = result.status === 'ok' ? EXIT_OK : EXIT_NEGATIVE;
  });
}
