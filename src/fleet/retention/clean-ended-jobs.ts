import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import { listUnfinishedJobIds } from '../job/list-unfinished-job-ids.ts';
import { createRedisSessionStore } from '../session-store/create-redis-session-store.ts';
import type { CleanedJob, CleanOptions, CleanReport } from '../types.ts';
import { cleanEndedJob } from './clean-ended-job.ts';
import { cleanOldSessions } from './clean-old-sessions.ts';
import { listEndedJobs } from './list-ended-jobs.ts';

/** How long an ended job is kept by default: a week, as long as its events and BullMQ's record of it. */
export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1_000;

/**
 * The stages of a clean: list the ended jobs, keep those younger than the retention, clean each of the rest
 * (see `cleanEndedJob`: never a job that runs again), telling progress after each; then remove the sessions
 * last written before the retention that no kept job names (see `cleanOldSessions`).
 */
export async function cleanEndedJobs(options: CleanOptions & { redis: Redis; queue: Queue; keys: FleetKeys }): Promise<CleanReport> {
  const { redis, keys } = options;
  const cutoff = Date.now() - (options.olderThanMs ?? DEFAULT_RETENTION_MS);
  const ended = await listEndedJobs({ queue: options.queue, redis, cancelled: keys.cancelled });
  const old = ended.filter((job) => job.endedAt <= cutoff);
  const store = createRedisSessionStore({ redis, prefix: keys.sessions });
  const jobs: CleanedJob[] = [];
  for (const { id } of old) {
    if (options.signal?.aborted) break;
    const cleaned = await cleanEndedJob({ redis, queue: options.queue, keys, store, jobId: id, dryRun: options.dryRun === true, ...(options.workspaceRoot !== undefined && { workspaceRoot: options.workspaceRoot }) });
    if (!cleaned) continue;
    jobs.push(cleaned);
    options.onProgress?.({ done: jobs.length, total: old.length, job: cleaned });
  }
  const young = ended.filter((job) => job.endedAt > cutoff).map((job) => job.id);
  const kept = [...(await listUnfinishedJobIds(options.queue)), ...young];
  const keep = new Set<string>(jobs.flatMap((job) => (job.session ? [job.session] : [])));
  for (const id of kept) {
    const session = await redis.hget(keys.state(id), 'sessionId');
    if (session) keep.add(session);
  }
  const swept = options.signal?.aborted ? { sessions: [], problems: [] } : await cleanOldSessions({ redis, prefix: keys.sessions, store, cutoff, keep, dryRun: options.dryRun === true, ...(options.signal && { signal: options.signal }) });
  return { jobs, kept: young.length, sessions: swept.sessions, problems: swept.problems };
}
