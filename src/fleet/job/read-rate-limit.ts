import type { Queue } from 'bullmq';
import type { FleetRateLimit } from '../types.ts';

/**
 * Whether the queue holds jobs back for a rate limit now: BullMQ's limiter key, set by a worker told 429 by
 * the model API (`queue.rateLimit`, after a `job-retry` of reason `rate-limited`) or full under the workers'
 * `limiter` (its max is in the queue's meta). Its time to live is when it lifts; the jobs it holds are the
 * waiting ones (a rate-limited job goes back to waiting).
 */
export async function readRateLimit(queue: Queue): Promise<FleetRateLimit> {
  const ttlMs = await queue.getRateLimitTtl();
  if (!(ttlMs > 0)) return { limited: false, heldJobs: 0 };
  const counts = await queue.getJobCounts('waiting', 'prioritized');
  return { limited: true, untilMs: Date.now() + ttlMs, heldJobs: (counts.waiting ?? 0) + (counts.prioritized ?? 0) };
}
