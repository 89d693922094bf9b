import { CodevError } from '../../errors/codev-error.ts';
import { RULES_HELP } from '../help.ts';
import { rulesExplainCommand } from './rules-explain-command.ts';
import { rulesTestCommand } from './rules-test-command.ts';
import type { CommandIo } from './types.ts';

const ACTIONS: Readonly<Record<string, (argv: readonly string[], io: CommandIo) => Promise<number>>> = {
  explain: rulesExplainCommand,
  test: rulesTestCommand,
};

/** `codev rules <explain|test>`: how the permission rules decide a call, and a table of expected decisions checked in CI. */
export async function rulesCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined) {
    io.stderr(RULES_HELP);
    return 2;
  }
  if (action === '--help' || action === '-h' || action === 'help') {
    io.stdout(RULES_HELP);
    return 0;
  }
  const run = ACTIONS[action];
  if (!run) throw new CodevError('CLI_USAGE', `Unknown rules command "${action}"`, { hint: `use one of ${Object.keys(ACTIONS).join(', ')} (codev rules --help)` });
  return run(rest, io);
}
