import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import { sleepUnlessAborted } from '../../agent/sleep-unless-aborted.ts';
import { connectRedis } from './connect-redis.ts';

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 10_000;
const NEVER_ABORTED = new AbortController().signal;

/** A failed attempt, told to `onRetry` before the wait for the next. */
export interface RedisRetry {
  /** 1 for the first attempt. */
  attempt: number;
  /** How long until the next attempt. */
  delayMs: number;
  /** Why it failed (`FLEET_REDIS_UNREACHABLE`). */
  error: CodevError;
}

/**
 * `connectRedis`, tried until it connects or `signal` aborts (rejecting with its reason): for a worker
 * that starts before Redis, or outlives a Redis restart. Waits 250 ms after the first failure, doubling
 * up to 10 s, and tells `onRetry` each time so the worker can say what it waits for. Errors other than
 * `FLEET_REDIS_UNREACHABLE` (bullmq or ioredis not installed) are not retried.
 */
export async function waitForRedis(options: { url: string; name?: string; timeoutMs?: number; signal?: AbortSignal; onRetry?: (retry: RedisRetry) => void }): Promise<Redis> {
  const { signal } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectRedis({ url: options.url, name: options.name, timeoutMs: options.timeoutMs, signal });
    } catch (error) {
      if (!CodevError.isInstance(error) || error.code !== 'FLEET_REDIS_UNREACHABLE') throw error;
      const delayMs = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
      options.onRetry?.({ attempt, delayMs, error });
      if (!(await sleepUnlessAborted(delayMs, signal ?? NEVER_ABORTED))) throw signal!.reason;
    }
  }
}
