import { CodevError } from '../../errors/codev-error.ts';
import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { positiveIntegerOption } from './number-options.ts';
import { hasRedisPassword, PASSWORD_NOTE, queueCommandLine } from './queue-command-line.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';

/** The options of `codev queue rewind` (with the common ones: see `parseCommandLine`). */
export const QUEUE_REWIND_OPTIONS = { ...FLEET_TARGET_OPTIONS, to: { type: 'string' }, prompt: { type: 'string', short: 'p' }, attempts: { type: 'string' } } as const;

/**
 * `codev queue rewind JOB_ID --to N [--prompt TEXT]`: a new job that starts at the job's checkpoint of turn N
 * (its checkout at that turn's commit, its session forked there), going on with TEXT when given; prints its
 * id. The old job is left as it was.
 */
export async function queueRewindCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, QUEUE_REWIND_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const [jobId, ...extra] = positionals;
  if (!jobId) throw new CodevError('CLI_USAGE', 'Name the job to rewind', { hint: 'codev queue rewind JOB_ID --to 2 (codev queue status lists the jobs and their turns)' });
  if (extra.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${extra.join(' ')}`, { hint: 'one job at a time; a new prompt goes in --prompt "..." (quoted)' });
  const to = positiveIntegerOption('to', values.to);
  if (to === undefined) throw new CodevError('CLI_USAGE', 'Missing --to N: the completed turn to start from', { hint: `codev queue rewind ${jobId} --to 2` });
  if (values.prompt?.trim() === '') throw new CodevError('CLI_USAGE', '--prompt needs some text', { hint: 'leave it out to go on from the checkpoint as it was' });
  const attempts = positiveIntegerOption('attempts', values.attempts);
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
  const id = await withFleet(target, async (fleet) => (await fleet.rewind(jobId, { to, ...(values.prompt !== undefined && { prompt: values.prompt }), ...(attempts !== undefined && { attempts }) })).id);
  io.stdout(`${id}\n`);
  io.stderr(`codev queue: job ${id} goes on from turn ${to} of job ${jobId} in queue "${target.queue}" at ${redactRedisUrl(target.url)}; follow it with: ${queueCommandLine(target, `watch ${id}`)}${hasRedisPassword(target) ? PASSWORD_NOTE : ''}\n`);
  return 0;
}
