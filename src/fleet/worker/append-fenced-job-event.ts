import type { Redis } from 'ioredis';
import { MAX_EVENTS } from '../events/append-job-event.ts';
import { FENCE_LUA, fencedError, type JobFence } from '../job/job-fence.ts';
import { runRedisScript } from '../job/run-redis-script.ts';
import type { FleetEvent } from '../types.ts';

const FENCED_APPEND_LUA = `${FENCE_LUA}redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[3], 'attempt', ARGV[4])
return 1`;

/**
 * Appends an attempt's event to its job's stream (as `appendJobEvent` does) only while the attempt holds its
 * job's lock, checked in the same Lua script: a stale attempt's events never reach the job's clients.
 * Rejects with 'JOB_ATTEMPT_FENCED' otherwise.
 */
export async function appendFencedJobEvent(options: { redis: Redis; key: string; event: FleetEvent; attempt: number; fence: JobFence }): Promise<void> {
  const { fence } = options;
  const appended = await runRedisScript({ redis: options.redis, lua: FENCED_APPEND_LUA, keys: [fence.lockKey, options.key], args: [fence.token, MAX_EVENTS, JSON.stringify(options.event), String(options.attempt)] });
  if (appended !== 1) throw fencedError(fence);
}
