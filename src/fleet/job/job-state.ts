import type { Redis } from 'ioredis';
import type { ToolApproval } from '../../agent/types.ts';
import type { FleetJobResult } from '../types.ts';

/**
 * What a job has done so far, kept apart from BullMQ's job data so that writing it never races BullMQ's own
 * updates: the session it writes to, its last checkpoint (the turn, the last message of that turn, the
 * workspace commit), what it has spent, and the answers a person gave it.
 */
export interface JobState {
  sessionId?: string;
  /** Completed turns over every attempt, as of the last checkpoint. */
  turn: number;
  /** The last message of the last completed turn: a resumed job forks its session here. */
  messageUuid?: string;
  /** The workspace commit of the last completed turn. */
  commit?: string;
  /** The absolute checkout folders of the job's attempts, the latest last: a resumed session's paths are moved from them. */
  checkouts?: string[];
  /** USD spent over every attempt (null once a model had no price). */
  spentUsd: number | null;
  cancelled: boolean;
  /** The calls a parked job waits on. */
  parked?: { toolUseId: string; toolName: string; input: unknown; message: string }[];
  /** The answers to them, once given. */
  approvals?: Record<string, ToolApproval>;
  /** The agent finished (the result before the workspace's branch): an attempt after a crash only finishes the workspace. */
  ended?: FleetJobResult;
}

export async function readJobState(redis: Redis, key: string): Promise<JobState> {
  const fields = await redis.hgetall(key);
  return {
    ...(fields.sessionId && { sessionId: fields.sessionId }),
    turn: Number(fields.turn ?? 0),
    ...(fields.messageUuid && { messageUuid: fields.messageUuid }),
    ...(fields.commit && { commit: fields.commit }),
    ...(fields.checkouts && { checkouts: JSON.parse(fields.checkouts) as string[] }),
    spentUsd: fields.spentUsd === undefined ? 0 : fields.spentUsd === 'null' ? null : Number(fields.spentUsd),
    cancelled: fields.cancelled === '1',
    ...(fields.parked && { parked: JSON.parse(fields.parked) as JobState['parked'] }),
    ...(fields.approvals && { approvals: JSON.parse(fields.approvals) as JobState['approvals'] }),
    ...(fields.ended && { ended: JSON.parse(fields.ended) as FleetJobResult }),
  };
}

/** Writes the given fields (undefined ones are removed). */
export async function writeJobState(redis: Redis, key: string, fields: Partial<JobState>): Promise<void> {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) removed.push(name);
    else set[name] = typeof value === 'object' && value !== null ? JSON.stringify(value) : value === true ? '1' : value === false ? '0' : String(value);
  }
  const batch = redis.multi();
  if (Object.keys(set).length > 0) batch.hset(key, set);
  if (removed.length > 0) batch.hdel(key, ...removed);
  await batch.exec();
}
