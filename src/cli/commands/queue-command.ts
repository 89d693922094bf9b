import { CodevError } from '../../errors/codev-error.ts';
import { QUEUE_HELP } from '../help.ts';
import { queueAddCommand } from './queue-add-command.ts';
import { queueAnswerCommand } from './queue-answer-command.ts';
import { queueCancelCommand } from './queue-cancel-command.ts';
import { queueStatusCommand } from './queue-status-command.ts';
import { queueWatchCommand } from './queue-watch-command.ts';
import type { CommandIo } from './types.ts';

const ACTIONS: Readonly<Record<string, (argv: readonly string[], io: CommandIo) => Promise<number>>> = {
  add: queueAddCommand,
  watch: queueWatchCommand,
  status: queueStatusCommand,
  cancel: queueCancelCommand,
  approve: queueAnswerCommand('allow'),
  deny: queueAnswerCommand('deny'),
};

/** `codev queue <add|watch|status|cancel|approve|deny>`: the jobs of a fleet (see QUEUE_HELP). */
export async function queueCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = argv;
  if (action === undefined) {
    io.stderr(QUEUE_HELP);
    return 2;
  }
  if (action === '--help' || action === '-h' || action === 'help') {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const run = ACTIONS[action];
  if (!run) throw new CodevError('CLI_USAGE', `Unknown queue command "${action}"`, { hint: `use one of ${Object.keys(ACTIONS).join(', ')} (codev queue --help)` });
  return run(rest, io);
}
