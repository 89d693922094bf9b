import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import { checkJobFence, type JobFence } from '../job/job-fence.ts';
import type { FleetJobResult } from '../types.ts';
import { appendJobEvent } from './append-job-event.ts';

/** How long an ended job's events and state stay readable: as long as BullMQ keeps the job itself. */
export const KEEP_ENDED_SECONDS = 7 * 24 * 60 * 60;

/**
 * Tells a job's end on its stream (`job-end`, what `result()` returns) and lets its events and state expire
 * with the job, so a fleet that ran a million jobs does not keep a million streams. With `fence`, the end is
 * an attempt's: it is told only if the attempt still holds its job's lock (checked right before the append),
 * else it rejects with 'JOB_ATTEMPT_FENCED'.
 */
export async function endJob(options: { redis: Redis; keys: FleetKeys; result: FleetJobResult; attempt: number; fence?: JobFence }): Promise<void> {
  const { redis, keys, result } = options;
  if (options.fence) await checkJobFence(redis, options.fence);
  await appendJobEvent({ redis, key: keys.events(result.jobId), event: { type: 'job-end', jobId: result.jobId, result }, attempt: options.attempt });
  await redis.multi().expire(keys.events(result.jobId), KEEP_ENDED_SECONDS).expire(keys.state(result.jobId), KEEP_ENDED_SECONDS).exec();
}
