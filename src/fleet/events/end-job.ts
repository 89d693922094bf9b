import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import { fencedError, type JobFence } from '../job/job-fence.ts';
import type { FleetJobResult } from '../types.ts';
import { MAX_EVENTS } from './append-job-event.ts';

/** How long an ended job's events and state stay readable: as long as BullMQ keeps the job itself. */
export const KEEP_ENDED_SECONDS = 7 * 24 * 60 * 60;

/** The field of a job's state that holds the stream entry of its one `job-end`. */
export const JOB_END_FIELD = 'jobEnd';

/**
 * One script, so that no second ender can slip between the look and the append. A stream ended before the
 * marker existed ends with its `job-end` entry: that counts as the end too (and gets the marker).
 * KEYS: events, state[, lock]; ARGV: event, attempt, keep seconds, max events, marker field[, token].
 */
const END_ONCE = `
if KEYS[3] and redis.call('GET', KEYS[3]) ~= ARGV[6] then return -1 end
if redis.call('HEXISTS', KEYS[2], ARGV[5]) == 1 then return 0 end
local ended = nil
local last = redis.call('XREVRANGE', KEYS[1], '+', '-', 'COUNT', 1)[1]
if last then
  for i = 1, #last[2], 2 do
    if last[2][i] == 'event' and string.sub(last[2][i + 1], 1, 17) == '{"type":"job-end"' then ended = last[1] end
  end
end
local added = 0
if not ended then
  ended = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[4], '*', 'event', ARGV[1], 'attempt', ARGV[2])
  added = 1
end
redis.call('HSET', KEYS[2], ARGV[5], ended)
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return added
`;

/**
 * Ends a job once: tells its end on its stream (`job-end`, what `result()` returns) unless the job has ended
 * already, and lets its events and state expire with the job, in one atomic step. Whoever ends a job — its
 * worker, a worker that saw BullMQ fail it, a client that saw BullMQ lose it, `cancel()` — calls this, and the
 * first wins: the others are no-ops, so a job has exactly one `job-end`. With a `fence`, nothing happens unless
 * the lock still holds the token: a stale attempt's end rejects with 'JOB_ATTEMPT_FENCED'. Resolves whether this call ended the job.
 */
export async function endJob(options: { redis: Redis; keys: FleetKeys; result: FleetJobResult; attempt: number; fence?: JobFence }): Promise<boolean> {
  const { redis, keys, result, fence } = options;
  const event = JSON.stringify({ type: 'job-end', jobId: result.jobId, result });
  const eventKeys = [keys.events(result.jobId), keys.state(result.jobId), ...(fence ? [fence.lockKey] : [])];
  const args = [event, String(options.attempt), String(KEEP_ENDED_SECONDS), String(MAX_EVENTS), JOB_END_FIELD, ...(fence ? [fence.token] : [])];
  const added = await redis.eval(END_ONCE, eventKeys.length, ...eventKeys, ...args);
  if (added === -1 && fence) throw fencedError(fence);
  return added === 1;
}

/** Whether the job has ended (its state holds the marker `endJob` writes). */
export async function hasJobEnded(redis: Redis, keys: FleetKeys, jobId: string): Promise<boolean> {
  return (await redis.hexists(keys.state(jobId), JOB_END_FIELD)) === 1;
}
