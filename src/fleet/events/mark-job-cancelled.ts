import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import { runRedisScript } from '../job/run-redis-script.ts';
import { JOB_END_FIELD } from './end-job.ts';

/** Sets the flag unless the job's end is told (one script: no end slips between the look and the write). */
const MARK_UNLESS_ENDED = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'cancelled', '1')
return 1
`;

/**
 * Marks a job cancelled in its state, for whichever attempt runs it next (or runs it now, told on the cancel
 * channel), unless the job has ended: a cancel that comes after the end changes nothing, so `status` and
 * `result()` go on saying how it ended. Resolves whether the job was marked.
 */
export async function markJobCancelled(options: { redis: Redis; keys: FleetKeys; jobId: string }): Promise<boolean> {
  const { redis, keys, jobId } = options;
  return (await runRedisScript({ redis, lua: MARK_UNLESS_ENDED, keys: [keys.state(jobId)], args: [JOB_END_FIELD] })) === 1;
}
