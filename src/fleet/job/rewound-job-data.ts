import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { redisSessionKeys } from '../session-store/redis-session-keys.ts';
import type { RewindJobOptions } from '../types.ts';
import { MAX_PROMPT_BYTES } from './check-submission.ts';
import { fleetJobDataSchema, type FleetJobData } from './fleet-job-data.ts';
import { readJobCheckpoints } from './read-job-checkpoints.ts';
import { readJobState } from './job-state.ts';

/**
 * The data of a new job that starts at job `jobId`'s checkpoint of turn `options.to` (see `fleet.rewind`): the
 * old job's script, workspace, rules and limits, the prompt given (else the old one, not sent again), and
 * `rewoundFrom` naming the checkpoint's session, message and commit. With the attempts the old job had.
 * Reads only: the old job is left as it was. `CHECKPOINT_NOT_FOUND` naming the turns there are, or the reason
 * there are none; `JOB_NOT_FOUND`; `INPUT_INVALID` for a bad turn or prompt.
 */
export async function rewoundJobData(options: { queue: Queue; redis: Redis; keys: FleetKeys; jobId: string; rewind: RewindJobOptions }): Promise<{ data: FleetJobData; attempts: number | undefined }> {
  const { queue, redis, keys, jobId } = options;
  const { to, prompt } = options.rewind;
  if (!Number.isSafeInteger(to) || to < 1) throw new CodevError('INPUT_INVALID', `${to} is not a turn: a job's turns count from 1`, { field: 'to', hint: 'codev queue status JOB shows how many turns it completed' });
  if (prompt !== undefined && (typeof prompt !== 'string' || prompt.trim() === '')) throw new CodevError('INPUT_INVALID', 'The prompt is empty', { field: 'prompt', hint: 'leave it out to go on from the checkpoint as it was' });
  if (prompt !== undefined && Buffer.byteLength(prompt, 'utf8') > MAX_PROMPT_BYTES) throw new CodevError('INPUT_INVALID', `The prompt is over the limit of ${MAX_PROMPT_BYTES} bytes`, { field: 'prompt', hint: "put the material in a file the job reads (its workspace)" });
  const [job, state, checkpoints, cleanedAt] = await Promise.all([queue.getJob(jobId), readJobState(redis, keys.state(jobId)), readJobCheckpoints({ redis, eventsKey: keys.events(jobId) }), redis.zscore(keys.cleaned, jobId)]);
  if (cleanedAt !== null && checkpoints.size === 0) {
    throw new CodevError('CHECKPOINT_NOT_FOUND', `Job ${jobId} has no checkpoints left: codev queue clean removed it on ${new Date(Number(cleanedAt)).toISOString()}, with its session, hidden refs and events`, { hint: 'submit the job again (codev queue add)' });
  }
  if (!job) throw new CodevError('JOB_NOT_FOUND', `No job ${jobId} in the queue, or its data is gone with it (a job cancelled while it waited)`, { hint: 'codev queue status lists the jobs' });
  const checkpoint = checkpoints.get(to);
  const sessionId = checkpoint?.sessionId ?? state.sessionId;
  if (!checkpoint?.messageUuid || !sessionId) {
    const turns = [...checkpoints.keys()].sort((a, b) => a - b);
    throw new CodevError('CHECKPOINT_NOT_FOUND', `Job ${jobId} has no checkpoint of turn ${to}: ${turns.length === 0 ? 'it has completed no turn yet' : `its checkpoints are turn${turns.length === 1 ? '' : 's'} ${turns.join(', ')}`}`, { field: 'to', hint: turns.length === 0 ? 'wait for its first turn to end (codev queue watch JOB)' : `rewind to one of ${turns.join(', ')}` });
  }
  if ((await redis.exists(redisSessionKeys(keys.sessions).entries(sessionId))) === 0) {
    throw new CodevError('CHECKPOINT_NOT_FOUND', `Job ${jobId}'s session ${sessionId}, which holds turn ${to}, is gone (removed by codev queue clean, or its retention)`, { hint: 'submit the job again (codev queue add)' });
  }
  const old = fleetJobDataSchema.safeParse(job.data);
  if (!old.success) throw new CodevError('JOB_INVALID', `Job ${jobId}'s data is not a job this codev can run again`, { hint: 'rewind it with the codev version that submitted it' });
  const data: FleetJobData = {
    ...old.data,
    prompt: prompt ?? old.data.prompt,
    submittedAt: new Date().toISOString(),
    rewoundFrom: { jobId, turn: to, sessionId, messageUuid: checkpoint.messageUuid, ...(checkpoint.commit && { commit: checkpoint.commit }), sendPrompt: prompt !== undefined, ...(state.checkouts && { checkouts: state.checkouts }) },
  };
  return { data, attempts: job.opts.attempts };
}
