import { readdir } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { JOB_END_FIELD } from '../events/end-job.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { checkJobId } from '../workspace/check-job-id.ts';
import { removeJobWorkspace } from '../workspace/remove-job-workspace.ts';

/**
 * Removes the checkouts under a worker's workspace root (`<root>/<jobId>`) of jobs that have ended: a worker
 * killed mid-job leaves its checkout, and no attempt of an ended job comes back for it. Only the job's end
 * counts (a job BullMQ lost is ended first, see `sweepLostJobs`): the root may be shared with workers of other
 * queues, whose jobs this queue does not know. A job this worker runs (`running`) keeps its folder. Resolves
 * the jobs whose checkouts went.
 */
export async function removeEndedCheckouts(options: { redis: Redis; keys: FleetKeys; root: string; running: (jobId: string) => boolean }): Promise<string[]> {
  const { redis, keys, root } = options;
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const jobIds = entries.filter((entry) => entry.isDirectory() && isJobId(entry.name) && !options.running(entry.name)).map((entry) => entry.name);
  if (jobIds.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const jobId of jobIds) pipeline.hexists(keys.state(jobId), JOB_END_FIELD);
  const looks = ((await pipeline.exec()) ?? []).map(([error, value]) => {
    if (error) throw error;
    return value;
  });
  const gone = jobIds.filter((_jobId, index) => looks[index] === 1);
  for (const jobId of gone) await removeJobWorkspace({ root, jobId });
  return gone;
}

function isJobId(name: string): boolean {
  try {
    return checkJobId(name) === name;
  } catch {
    return false;
  }
}
