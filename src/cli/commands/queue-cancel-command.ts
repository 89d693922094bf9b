import { CodevError } from '../../errors/codev-error.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';
import { queueCommandLine } from './queue-command-line.ts';

/**
 * `codev queue cancel <id>...`: cancels each job (a waiting one at once, a running one through its worker).
 * A job the queue does not have is said on stderr and the others are still cancelled; exit 1 then.
 */
export async function queueCancelCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals: ids } = parseCommandLine(argv, FLEET_TARGET_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  if (ids.length === 0) throw new CodevError('CLI_USAGE', 'Name the jobs to cancel', { hint: 'codev queue cancel JOB_ID... (codev queue status lists them)' });
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
  let notFound = 0;
  await withFleet(target, async (fleet) => {
    for (const id of ids) {
      try {
        await fleet.cancel(id);
        io.stdout(`cancelled ${id}\n`);
      } catch (error) {
        if (!CodevError.isInstance(error) || error.code !== 'JOB_NOT_FOUND') throw error;
        notFound++;
        io.stderr(`codev queue cancel: ${new CodevError('JOB_NOT_FOUND', error.message, { hint: `${queueCommandLine(target, 'status')} lists the jobs` }).format()}\n`);
      }
    }
  });
  return notFound > 0 ? 1 : 0;
}
