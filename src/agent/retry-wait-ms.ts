import type { ModelError } from './types.ts';

/** The SDK's backoff ceiling: past a few retries, waiting longer than this buys little. */
const MAX_BACKOFF_MS = 8_000;

/**
 * How long to wait before retry number `retry` (1-based) of a request that failed with `error`: what the
 * server asked for (`retry-after`), else `baseDelayMs` doubled per retry up to 8 s, less up to 25 % of
 * jitter so that clients that failed together do not come back together. Unbounded here: the caller
 * compares it with its cap.
 */
export function retryWaitMs(options: { error: ModelError; retry: number; baseDelayMs: number; random?: () => number }): number {
  const asked = options.error.retryAfterSeconds;
  if (asked !== undefined && asked > 0) return Math.ceil(asked * 1000);
  const backoff = Math.min(options.baseDelayMs * 2 ** (options.retry - 1), Math.max(MAX_BACKOFF_MS, options.baseDelayMs));
  return Math.round(backoff * (1 - (options.random ?? Math.random)() * 0.25));
}
