import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import type { FleetEvent, JobInspection, JobSummary } from '../types.ts';
import { readJobState } from './job-state.ts';
import type { JobCheckpointEvent } from './read-job-checkpoints.ts';
import { headOfPrompt, readJobSummary } from './read-job-summary.ts';

/** The events of a job read for its checkpoints, newest first: a view never reads a long job's whole stream. */
const CHECKPOINT_SCAN = 10_000;
const DEFAULT_RECENT_EVENTS = 50;
const MAX_RECENT_EVENTS = 1_000;

/**
 * One job as a person inspects it (`fleet.inspect`): its summary (a job cancelled while it waited too), its
 * session, the calls it waits on now (as `answer` finds them: parked, in BullMQ's delayed set, not answered
 * yet), its checkpoints (of its last `CHECKPOINT_SCAN` events), its last `recentEvents` events (oldest first),
 * and its result once it ended. `JOB_NOT_FOUND` when the queue has no such job.
 */
export async function inspectJob(options: { queue: Queue; redis: Redis; keys: FleetKeys; jobId: string; recentEvents?: number; promptBytes?: number }): Promise<JobInspection> {
  const { queue, redis, keys, jobId } = options;
  const summary = (await readJobSummary({ queue, redis, keys, id: jobId, ...(options.promptBytes !== undefined && { promptBytes: options.promptBytes }) })) ?? (await removedSummary(redis, keys, jobId, options.promptBytes));
  if (!summary) throw new CodevError('JOB_NOT_FOUND', `No job ${jobId} in this queue`, { hint: 'codev queue status lists the jobs' });
  const state = await readJobState(redis, keys.state(jobId));
  const count = Math.min(MAX_RECENT_EVENTS, Math.max(0, options.recentEvents ?? DEFAULT_RECENT_EVENTS));
  const [recent, scanned] = await Promise.all([readEvents(redis, keys.events(jobId), count), readEvents(redis, keys.events(jobId), CHECKPOINT_SCAN, '"job-checkpoint"')]);
  const checkpoints = new Map<number, JobCheckpointEvent>();
  for (const event of scanned) if (event.type === 'job-checkpoint') checkpoints.set(event.turn, event);
  const end = [...recent].reverse().find((event) => event.type === 'job-end');
  const parked = summary.state === 'parked' ? (state.parked ?? []).filter((call) => state.approvals?.[call.toolUseId] === undefined) : [];
  return {
    summary,
    ...(state.sessionId !== undefined && { sessionId: state.sessionId }),
    parked,
    checkpoints: [...checkpoints.values()].sort((left, right) => left.turn - right.turn),
    events: recent,
    ...(end?.type === 'job-end' ? { result: end.result } : state.ended && { result: state.ended }),
  };
}

/** A job BullMQ dropped when it was cancelled as it waited: its summary kept beside its state. */
async function removedSummary(redis: Redis, keys: FleetKeys, jobId: string, promptBytes: number | undefined): Promise<JobSummary | undefined> {
  const text = await redis.hget(keys.state(jobId), 'summary');
  return text ? headOfPrompt(JSON.parse(text) as JobSummary, promptBytes) : undefined;
}

/** The last `count` events of a stream, oldest first (only those whose JSON holds `marker`, when given). */
async function readEvents(redis: Redis, key: string, count: number, marker?: string): Promise<FleetEvent[]> {
  if (count === 0) return [];
  const entries = await redis.xrevrange(key, '+', '-', 'COUNT', count);
  const events: FleetEvent[] = [];
  for (const [, fields] of entries.reverse()) {
    const json = fields[fields.indexOf('event') + 1] ?? '';
    if (marker !== undefined && !json.includes(marker)) continue;
    try {
      events.push(JSON.parse(json) as FleetEvent);
    } catch {
      // A damaged entry is left out: the view shows the rest.
    }
  }
  return events;
}
