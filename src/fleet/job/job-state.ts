import type { Redis } from 'ioredis';
import type { ToolApproval } from '../../agent/types.ts';
import type { FleetJobResult } from '../types.ts';
import { FENCE_LUA, fencedError, type JobFence } from './job-fence.ts';
import { runRedisScript } from './run-redis-script.ts';

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

/** Sets ARGV[3..] pairs (ARGV[2] of them) and removes the names after them, when the fence holds. */
const FENCED_WRITE_LUA = `${FENCE_LUA}local count = tonumber(ARGV[2])
for index = 1, count do redis.call('HSET', KEYS[2], ARGV[1 + 2 * index], ARGV[2 + 2 * index]) end
for index = 3 + 2 * count, #ARGV do redis.call('HDEL', KEYS[2], ARGV[index]) end
return 1`;

/**
 * Writes the given fields (undefined ones are removed). With `fence`, the write is an attempt's: it happens
 * only while the attempt holds its job's lock, checked in the same Lua script, else it rejects with
 * 'JOB_ATTEMPT_FENCED' and writes nothing. Writes of a job's clients (cancel, answers) have no fence.
 */
export async function writeJobState(redis: Redis, key: string, fields: Partial<JobState>, fence?: JobFence): Promise<void> {
  const { set, removed } = jobStateHashOf(fields);
  if (fence) {
    const pairs = Object.entries(set).flat();
    const written = await runRedisScript({ redis, lua: FENCED_WRITE_LUA, keys: [fence.lockKey, key], args: [fence.token, pairs.length / 2, ...pairs, ...removed] });
    if (written !== 1) throw fencedError(fence);
    return;
  }
  const batch = redis.multi();
  if (Object.keys(set).length > 0) batch.hset(key, set);
  if (removed.length > 0) batch.hdel(key, ...removed);
  await batch.exec();
}

/** The hash fields `fields` set (as Redis stores them) and the ones they remove (the undefined ones). */
export function jobStateHashOf(fields: Partial<JobState>): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) removed.push(name);
    else set[name] = typeof value === 'object' && value !== null ? JSON.stringify(value) : value === true ? '1' : value === false ? '0' : String(value);
  }
  return { set, removed };
}
