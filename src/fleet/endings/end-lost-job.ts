import type { Redis } from 'ioredis';
import { ERROR_CODES } from '../../errors/codes.ts';
import { endJob, JOB_END_FIELD } from '../events/end-job.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { jobResultOf } from '../job/job-result-of.ts';
import { readJobState } from '../job/job-state.ts';
import type { FleetJobResult } from '../types.ts';
import { bullKey } from './bull-key.ts';

/** What BullMQ writes when a job stalled more than `maxStalledCount` times (as it fails it, or to fail it at its next take). */
const STALLED_REASON = 'job stalled more than allowable limit';
/** BullMQ's reason for a job codev failed: `CODE: message`, as the worker wrote it beside its end. */
const CODEV_REASON = /^([A-Z][A-Z0-9_]+): ([\s\S]*)$/;

/**
 * Ends a job that BullMQ ended behind codev's back, with no `job-end` on its stream: one its stall limit
 * failed (or marked to fail at its next take), `JOB_STALLED`; one no longer in BullMQ (removed, trimmed,
 * drained, obliterated, its data gone), `JOB_REMOVED`; one failed otherwise, `JOB_FAILED` with BullMQ's
 * reason (`cancelled` instead, when it had been cancelled). A job whose end was told but expired with codev's
 * keys while BullMQ kept it is told again: completed with BullMQ's return value, failed with the code and
 * message of BullMQ's reason. A job BullMQ still has going is left alone. Ends it once (see `endJob`): resolves whether this
 * call ended it. Reads only a few fields of BullMQ's job, never its data.
 */
export async function endLostJob(options: { redis: Redis; keys: FleetKeys; queue: string; jobId: string }): Promise<boolean> {
  const { redis, keys, queue, jobId } = options;
  const replies = await redis.pipeline().hexists(keys.state(jobId), JOB_END_FIELD).hmget(bullKey(queue, jobId), 'timestamp', 'failedReason', 'defa', 'ats').zscore(bullKey(queue, 'failed'), jobId).zscore(bullKey(queue, 'completed'), jobId).exec();
  const [ended, fields, failed, completed] = (replies ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  }) as [number, (string | null)[], string | null, string | null];
  if (ended === 1) return false;
  const [timestamp = null, failedReason = null, deferredFailure = null, attemptsStarted = null] = fields;
  // Its end was told, and expired with codev's keys while BullMQ kept the job (it drops old jobs only as others
  // complete): told again as it was, from the result BullMQ keeps, for a client that asks only now.
  if (completed !== null) {
    const told = JSON.parse((await redis.hget(bullKey(queue, jobId), 'returnvalue')) ?? 'null') as FleetJobResult | null;
    return told?.jobId === jobId ? endJob({ redis, keys, result: told, attempt: Number(attemptsStarted ?? 0) }) : false;
  }
  const error = lostError({ jobId, queue, present: timestamp !== null, failed: failed !== null, failedReason, deferredFailure });
  if (!error) return false;
  const attempts = Number(attemptsStarted ?? 0);
  const state = await readJobState(redis, keys.state(jobId));
  // Cancelled while its worker was gone (nobody ran it to tell the cancel): what ended it is the cancel.
  const result = state.cancelled || error.code === 'JOB_CANCELLED' ? jobResultOf({ jobId, state, attempts, status: 'cancelled' }) : jobResultOf({ jobId, state, attempts, status: 'failed', error });
  return endJob({ redis, keys, result, attempt: attempts });
}

function lostError(options: { jobId: string; queue: string; present: boolean; failed: boolean; failedReason: string | null; deferredFailure: string | null }): FleetJobResult['error'] | undefined {
  const { jobId, queue } = options;
  if (!options.present) return { code: 'JOB_REMOVED', message: `Job ${jobId} is no longer in queue "${queue}" (removed, trimmed, drained or obliterated through BullMQ) and had not ended` };
  if (options.deferredFailure === STALLED_REASON || (options.failed && options.failedReason === STALLED_REASON)) {
    return { code: 'JOB_STALLED', message: `Job ${jobId} stalled more than maxStalledCount times: the workers running it lost its lock (they died, or paused longer than lockDuration)` };
  }
  // A failure codev told (its end expired with its keys while BullMQ kept the job) is told again as it was.
  const told = CODEV_REASON.exec(options.failedReason ?? '');
  if (options.failed && told && (ERROR_CODES as readonly string[]).includes(told[1]!)) return { code: told[1]!, message: told[2]! };
  if (options.failed) return { code: 'JOB_FAILED', message: `BullMQ failed job ${jobId}: ${options.failedReason ?? 'no reason given'}` };
  return undefined;
}
