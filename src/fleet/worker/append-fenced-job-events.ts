import type { Redis } from 'ioredis';
import { MAX_EVENTS } from '../events/append-job-event.ts';
import { FENCE_LUA, fencedError, type JobFence } from '../job/job-fence.ts';
import { runRedisScript } from '../job/run-redis-script.ts';
import type { FleetEvent } from '../types.ts';

/** KEYS: lock, events; ARGV: token, max events, attempt, then the events' JSON, appended in order. */
const FENCED_APPEND_LUA = `${FENCE_LUA}for index = 4, #ARGV do redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[index], 'attempt', ARGV[3]) end
return 1`;

/**
 * Appends an attempt's events to its job's stream, in order (as `appendJobEvent` does for one), only while
 * the attempt holds its job's lock, checked in the same Lua script: a stale attempt's events never reach the
 * job's clients, and a batch is appended whole or not at all. One round trip for many events.
 * Rejects with 'JOB_ATTEMPT_FENCED' otherwise.
 */
export async function appendFencedJobEvents(options: { redis: Redis; key: string; events: readonly FleetEvent[]; attempt: number; fence: JobFence }): Promise<void> {
  const { fence } = options;
  const appended = await runRedisScript({ redis: options.redis, lua: FENCED_APPEND_LUA, keys: [fence.lockKey, options.key], args: [fence.token, MAX_EVENTS, String(options.attempt), ...options.events.map((event) => JSON.stringify(event))] });
  if (appended !== 1) throw fencedError(fence);
}
