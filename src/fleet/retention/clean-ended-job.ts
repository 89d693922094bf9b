import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import type { CleanedJob } from '../types.ts';
import type { FleetJobData } from '../job/fleet-job-data.ts';
import { readJobState } from '../job/job-state.ts';
import { redisSessionKeys } from '../session-store/redis-session-keys.ts';
import type { SessionStore } from '../../transcripts/types.ts';
import { deleteJobCheckpoints } from '../workspace/delete-job-checkpoints.ts';
import { removeJobWorkspace } from '../workspace/remove-job-workspace.ts';

/** How long `clean` remembers the jobs it removed. */
export const CLEANED_KEPT_MS = 90 * 24 * 60 * 60 * 1_000;

/**
 * Removes one ended job's session, hidden refs, local checkout, its events and state, and BullMQ's record of it,
 * after looking once more that BullMQ has it ended (completed or failed) or dropped (cancelled while it
 * waited): a job running again is left whole. Each part is removed on its own; what fails is told in
 * `problems` and the next `clean` tries it again (the job's keys go last, as they name what is to remove).
 */
export async function cleanEndedJob(options: { redis: Redis; queue: Queue; keys: FleetKeys; store: SessionStore; jobId: string; workspaceRoot?: string; dryRun: boolean }): Promise<CleanedJob | undefined> {
  const { redis, keys, jobId, dryRun } = options;
  const job = await options.queue.getJob(jobId);
  const state = job ? await job.getState() : 'removed';
  if (state !== 'completed' && state !== 'failed' && state !== 'removed' && state !== 'unknown') return undefined;
  const jobState = await readJobState(redis, keys.state(jobId));
  // A job cancelled while it waited is gone from BullMQ with its data: its cancel kept the repository beside its state.
  const repo = (job?.data as FleetJobData | undefined)?.workspace?.repo ?? (await redis.hget(keys.state(jobId), 'repo')) ?? undefined;
  const checkoutPath = options.workspaceRoot === undefined ? undefined : path.join(path.resolve(options.workspaceRoot), jobId);
  const cleaned: CleanedJob = { jobId, refs: 0, checkout: checkoutPath !== undefined && existsSync(checkoutPath), problems: [] };
  if (jobState.sessionId && (await redis.exists(redisSessionKeys(keys.sessions).entries(jobState.sessionId))) === 1) cleaned.session = jobState.sessionId;
  const attempt = async (what: string, run: () => Promise<void>) => run().catch((error: unknown) => void cleaned.problems.push(`${what}: ${CodevError.isInstance(error) ? error.format() : errorMessage(error)}`));
  // A dry run counts the refs a real run would delete (and finds the repository it could not reach as a real run would).
  if (repo && dryRun) await attempt(`refs in ${repo}`, async () => void (cleaned.refs = await deleteJobCheckpoints({ repo, jobId, dryRun })));
  if (dryRun) return cleaned;
  if (cleaned.session) await attempt(`session ${cleaned.session}`, () => options.store.delete(cleaned.session!).then(() => undefined));
  if (repo) await attempt(`refs in ${repo}`, async () => void (cleaned.refs = await deleteJobCheckpoints({ repo, jobId })));
  if (cleaned.checkout) await attempt(`checkout ${checkoutPath}`, () => removeJobWorkspace({ root: options.workspaceRoot!, jobId }));
  if (cleaned.problems.length > 0) return cleaned;
  const now = Date.now();
  // Remembered a while: a rewind of the job then says its checkpoints were cleaned, not that there was no such job.
  await redis.multi().del(keys.events(jobId), keys.state(jobId)).zrem(keys.cancelled, jobId).zadd(keys.cleaned, now, jobId).zremrangebyscore(keys.cleaned, 0, now - CLEANED_KEPT_MS).exec();
  if (job) await attempt('the queue record', () => job.remove());
  return cleaned;
}
