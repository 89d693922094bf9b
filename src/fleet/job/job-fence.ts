import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import { runRedisScript } from './run-redis-script.ts';

/**
 * The attempt a write belongs to: BullMQ's lock of the job (`<prefix>:<queue>:<jobId>:lock`) and the token of
 * the attempt that took it. BullMQ renews the lock while the attempt runs and gives the job to another attempt
 * (with another token) only once the lock is gone, so "the lock holds my token" is exactly "I am the job's
 * one live attempt". Every effect of an attempt is conditional on it.
 */
export interface JobFence {
  lockKey: string;
  token: string;
}

/** Lua, prepended to a fenced script: KEYS[1] is the lock, ARGV[1] the token; returns 0 when the attempt is stale. */
export const FENCE_LUA = "if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end\n";

/** The error of every write refused by a fence: the attempt lost its job lock, and another may run the job. */
export function fencedError(fence: JobFence): CodevError {
  return new CodevError('JOB_ATTEMPT_FENCED', `This attempt no longer holds its job's lock (${fence.lockKey}): another attempt may run the job, so this one writes nothing more`, {
    hint: 'the worker was paused or cut off from Redis longer than its lock duration; the job goes on in the attempt that holds the lock',
  });
}

/** True when `error` is a fenced write's refusal. */
export function isFencedError(error: unknown): boolean {
  return CodevError.isInstance(error) && error.code === 'JOB_ATTEMPT_FENCED';
}

/** Resolves when the attempt still holds the job's lock, else rejects with 'JOB_ATTEMPT_FENCED'. */
export async function checkJobFence(redis: Redis, fence: JobFence): Promise<void> {
  const held = await runRedisScript({ redis, lua: `${FENCE_LUA}return 1`, keys: [fence.lockKey], args: [fence.token] });
  if (held !== 1) throw fencedError(fence);
}
