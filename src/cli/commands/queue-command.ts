import { QUEUE_HELP } from '../help.ts';
import { dispatchSubcommand, type SubcommandActions } from './dispatch-subcommand.ts';
import { queueAddCommand } from './queue-add-command.ts';
import { queueAnswerCommand } from './queue-answer-command.ts';
import { queueCancelCommand } from './queue-cancel-command.ts';
import { queueCleanCommand } from './queue-clean-command.ts';
import { queueRewindCommand } from './queue-rewind-command.ts';
import { queueStatusCommand } from './queue-status-command.ts';
import { queueWatchCommand } from './queue-watch-command.ts';
import type { CommandIo } from './types.ts';

const ACTIONS: SubcommandActions = {
  add: queueAddCommand,
  watch: queueWatchCommand,
  status: queueStatusCommand,
  cancel: queueCancelCommand,
  approve: queueAnswerCommand('allow'),
  deny: queueAnswerCommand('deny'),
  clean: queueCleanCommand,
  rewind: queueRewindCommand,
};

/** `codev queue <add|watch|status|cancel|approve|deny|clean|rewind>`: the jobs of a fleet (see QUEUE_HELP). */
export async function queueCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  return dispatchSubcommand({ name: 'queue', help: QUEUE_HELP, actions: ACTIONS, argv, io });
}
