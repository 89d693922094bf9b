import { CodevError } from '../../errors/codev-error.ts';
import { suggestKey } from '../../errors/suggest-key.ts';
import type { CommandIo } from './types.ts';

/** A command with subcommands (`codev queue add`, `codev rules explain`): each action takes the words after it. */
export type SubcommandActions = Readonly<Record<string, (argv: readonly string[], io: CommandIo) => Promise<number>>>;

/**
 * Runs `codev <name> <action> ...` by its action: without one, the help on stderr and exit 2; `--help`, `-h`
 * or `help`, the help on stdout and exit 0; an unknown action, `CLI_USAGE` naming the closest action and the
 * actions there are.
 */
export function dispatchSubcommand(options: { name: string; help: string; actions: SubcommandActions; argv: readonly string[]; io: CommandIo }): Promise<number> {
  const { name, help, actions, io } = options;
  const [action, ...rest] = options.argv;
  if (action === undefined) {
    io.stderr(help);
    return Promise.resolve(2);
  }
  if (action === '--help' || action === '-h' || action === 'help') {
    io.stdout(help);
    return Promise.resolve(0);
  }
  const run = actions[action];
  if (!run) {
    const meant = suggestKey({ key: action, candidates: Object.keys(actions) });
    throw new CodevError('CLI_USAGE', `Unknown ${name} command "${action}"${meant === undefined ? '' : `. Did you mean "${meant}"?`}`, { hint: `use one of ${Object.keys(actions).join(', ')} (codev ${name} --help)` });
  }
  return run(rest, io);
}
