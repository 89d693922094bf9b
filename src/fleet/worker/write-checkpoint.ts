import type { Redis } from 'ioredis';
import { MAX_EVENTS } from '../events/append-job-event.ts';
import { FENCE_LUA, fencedError, type JobFence } from '../job/job-fence.ts';
import { jobStateHashOf, type JobState } from '../job/job-state.ts';
import { runRedisScript } from '../job/run-redis-script.ts';
import type { FleetEvent } from '../types.ts';

/** KEYS: lock, state, events; ARGV: token, max events, attempt, event, pair count, pairs, then the names removed. */
const CHECKPOINT_LUA = `${FENCE_LUA}local count = tonumber(ARGV[5])
for index = 1, count do redis.call('HSET', KEYS[2], ARGV[4 + 2 * index], ARGV[5 + 2 * index]) end
for index = 6 + 2 * count, #ARGV do redis.call('HDEL', KEYS[2], ARGV[index]) end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'event', ARGV[4], 'attempt', ARGV[3])
return 1`;

/**
 * Writes a checkpoint's job state and appends its event in one fenced Lua script (one round trip): both
 * happen while the attempt holds its job's lock, neither otherwise ('JOB_ATTEMPT_FENCED'). Events sent
 * before it must be on the connection already (see `EventSender.push`): they land before it.
 */
export async function writeCheckpoint(options: { redis: Redis; stateKey: string; eventsKey: string; fields: Partial<JobState>; event: FleetEvent; attempt: number; fence: JobFence }): Promise<void> {
  const { fence } = options;
  const { set, removed } = jobStateHashOf(options.fields);
  const pairs = Object.entries(set).flat();
  const written = await runRedisScript({
    redis: options.redis,
    lua: CHECKPOINT_LUA,
    keys: [fence.lockKey, options.stateKey, options.eventsKey],
    args: [fence.token, MAX_EVENTS, String(options.attempt), JSON.stringify(options.event), pairs.length / 2, ...pairs, ...removed],
  });
  if (written !== 1) throw fencedError(fence);
}
