import type { Redis } from 'ioredis';
import { JOB_END_FIELD } from '../events/end-job.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { bullKey } from './bull-key.ts';
import { endLostJob } from './end-lost-job.ts';

/** The newest failed jobs of BullMQ's one sweep looks at: the older ones were looked at by earlier sweeps. */
const FAILED_BATCH = 200;
/** One sweep's share of the walk over codev's job states (SCAN steps of about this many keys each). */
const SCAN_COUNT = 500;
const SCAN_STEPS = 4;

/**
 * One bounded sweep for jobs BullMQ ended behind codev's back (see `endLostJob`): the newest of BullMQ's
 * failed jobs, and a share of codev's job states (a walk that goes on from `cursor`, '0' to start over) whose
 * BullMQ job is gone. Resolves the cursor for the next sweep and the jobs this sweep ended.
 */
export async function sweepLostJobs(options: { redis: Redis; keys: FleetKeys; queue: string; cursor: string }): Promise<{ cursor: string; ended: string[] }> {
  const { redis, keys, queue } = options;
  const candidates = new Set<string>();
  const failed = await redis.zrevrange(bullKey(queue, 'failed'), 0, FAILED_BATCH - 1);
  const failedEnded = await replies(redis, failed.map((id) => ['hexists', keys.state(id), JOB_END_FIELD]));
  failed.forEach((id, index) => failedEnded[index] === 0 && candidates.add(id));
  const [before, after] = keys.state('\n').split('\n') as [string, string];
  let cursor = options.cursor;
  for (let step = 0; step < SCAN_STEPS; step += 1) {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${before}*${after}`, 'COUNT', SCAN_COUNT);
    cursor = next;
    const ids = found.map((key) => key.slice(before.length, key.length - after.length));
    const looks = await replies(redis, ids.flatMap((id) => [['hexists', keys.state(id), JOB_END_FIELD], ['exists', bullKey(queue, id)]]));
    ids.forEach((id, index) => looks[2 * index] === 0 && looks[2 * index + 1] === 0 && candidates.add(id));
    if (cursor === '0') break;
  }
  const ended: string[] = [];
  for (const jobId of candidates) if (await endLostJob({ redis, keys, queue, jobId })) ended.push(jobId);
  return { cursor, ended };
}

async function replies(redis: Redis, commands: string[][]): Promise<unknown[]> {
  if (commands.length === 0) return [];
  const results = (await redis.pipeline(commands).exec()) ?? [];
  return results.map(([error, value]) => {
    if (error) throw error;
    return value;
  });
}
