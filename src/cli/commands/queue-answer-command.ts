import type { ToolApproval } from '../../agent/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';
import { queueCommandLine } from './queue-command-line.ts';

/** The options `codev queue deny` takes besides approve's (the fleet's and the common ones: see `parseCommandLine`). */
export const QUEUE_DENY_OPTIONS = { message: { type: 'string', short: 'm' } } as const;

/**
 * `codev queue approve <job> <toolUseId>...` (`behavior` allow) and `codev queue deny <job> <toolUseId>...
 * [--message TEXT]` (deny): answers calls a parked job waits on. Once each of its calls has an answer the
 * job goes on, on any worker.
 */
export function queueAnswerCommand(behavior: 'allow' | 'deny'): (argv: readonly string[], io: CommandIo) => Promise<number> {
  const verb = behavior === 'allow' ? 'approve' : 'deny';
  return async (argv, io) => {
    const { values, positionals } = parseCommandLine(argv, { ...FLEET_TARGET_OPTIONS, ...(behavior === 'deny' && QUEUE_DENY_OPTIONS) });
    if (values.help) {
      io.stdout(QUEUE_HELP);
      return 0;
    }
    const [jobId, ...toolUseIds] = positionals;
    if (jobId === undefined || toolUseIds.length === 0) throw new CodevError('CLI_USAGE', `codev queue ${verb} takes a job id and the ids of its waiting calls`, { hint: `codev queue ${verb} JOB_ID TOOL_USE_ID... (codev queue watch JOB_ID shows the waiting calls)` });
    const message = (values as { message?: string }).message;
    const answer: ToolApproval = behavior === 'allow' ? { behavior } : { behavior, ...(message !== undefined && { message }) };
    const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
    await withFleet(target, (fleet) => fleet.answer({ jobId, approvals: Object.fromEntries(toolUseIds.map((id) => [id, answer])) })).catch((error: unknown) => {
      // The fleet's hint names no queue: the one printed here runs as it is.
      if (!CodevError.isInstance(error) || error.code !== 'JOB_NOT_FOUND') throw error;
      throw new CodevError('JOB_NOT_FOUND', error.message, { hint: `${queueCommandLine(target, `watch ${jobId}`)} shows whether it waits and on which calls`, cause: error });
    });
    io.stderr(`codev queue: ${behavior === 'allow' ? 'approved' : 'denied'} ${toolUseIds.join(', ')} of job ${jobId}; it goes on once every call it waits on is answered\n`);
    return 0;
  };
}
