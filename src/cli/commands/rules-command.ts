import { RULES_HELP } from '../help.ts';
import { dispatchSubcommand, type SubcommandActions } from './dispatch-subcommand.ts';
import { rulesExplainCommand } from './rules-explain-command.ts';
import { rulesTestCommand } from './rules-test-command.ts';
import type { CommandIo } from './types.ts';

const ACTIONS: SubcommandActions = {
  explain: rulesExplainCommand,
  test: rulesTestCommand,
};

/** `codev rules <explain|test>`: how the permission rules decide a call, and a table of expected decisions checked in CI. */
export async function rulesCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return dispatchSubcommand({ name: 'rules', help: RULES_HELP, actions: ACTIONS, argv, io });
}
