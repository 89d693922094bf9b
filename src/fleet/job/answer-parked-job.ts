import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ToolApproval } from '../../agent/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { runRedisScript } from './run-redis-script.ts';

/**
 * Sets a job's answers (ARGV[2]) only while it is parked (in BullMQ's delayed set, ARGV[1] its id) and its
 * answers are still those read (ARGV[3], '' for none): a compare-and-set, so two people answering at once
 * never overwrite each other. 'parked' when the job waits no more, 'changed' when someone answered meanwhile.
 */
const SET_ANSWERS_LUA = `if not redis.call('ZSCORE', KEYS[2], ARGV[1]) or redis.call('HEXISTS', KEYS[1], 'parked') == 0 then return 'parked' end
local now = redis.call('HGET', KEYS[1], 'approvals') or ''
if now ~= ARGV[3] then return 'changed' end
redis.call('HSET', KEYS[1], 'approvals', ARGV[2])
return 'ok'`;

const CAS_ATTEMPTS = 5;

/**
 * Answers a parked job's waiting calls (`fleet.answer`, `codev queue approve|deny`, the UI's answer): each call
 * answered once. `JOB_NOT_FOUND` when the job does not wait for approval (never parked, ended, answered
 * whole and gone on), `INPUT_INVALID` for a call it does not wait on, `JOB_ALREADY_ANSWERED` for a call
 * answered already (two people at once: the first wins). Once each call has its answer the job goes on.
 */
export async function answerParkedJob(options: { queue: Queue; redis: Redis; keys: FleetKeys; jobId: string; approvals: Readonly<Record<string, ToolApproval>> }): Promise<void> {
  const { queue, redis, keys, jobId, approvals } = options;
  const notParked = () => new CodevError('JOB_NOT_FOUND', `Job ${jobId} is not waiting for approval`, { hint: 'codev queue watch shows the parked jobs and their calls' });
  for (let attempt = 1; attempt <= CAS_ATTEMPTS; attempt++) {
    const [parkedText, approvalsText] = await redis.hmget(keys.state(jobId), 'parked', 'approvals');
    const job = await queue.getJob(jobId);
    // Parked is delayed in BullMQ: a job that ended (cancelled as it parked) still names its calls, and waits on none.
    if (!job || !parkedText || (await job.getState()) !== 'delayed') throw notParked();
    const parked = JSON.parse(parkedText) as { toolUseId: string }[];
    const answered = approvalsText ? (JSON.parse(approvalsText) as Record<string, ToolApproval>) : {};
    const unknown = Object.keys(approvals).filter((id) => !parked.some((call) => call.toolUseId === id));
    if (unknown.length > 0) throw new CodevError('INPUT_INVALID', `Job ${jobId} has no waiting call ${unknown.join(', ')}`, { field: 'approvals', hint: `its waiting calls: ${parked.map((call) => call.toolUseId).join(', ')}` });
    const again = Object.keys(approvals).filter((id) => answered[id] !== undefined);
    if (again.length > 0) throw new CodevError('JOB_ALREADY_ANSWERED', `Call ${again.join(', ')} of job ${jobId} has its answer already`, { hint: `codev queue status ${jobId} shows whether it went on` });
    const next = { ...answered, ...approvals };
    const outcome = await runRedisScript({ redis, lua: SET_ANSWERS_LUA, keys: [keys.state(jobId), queue.keys.delayed!], args: [jobId, JSON.stringify(next), approvalsText ?? ''] });
    if (outcome === 'parked') throw notParked();
    if (outcome === 'changed') continue;
    // The job goes on once every waiting call has its answer.
    // Cancelled meanwhile (removed, or taken by a worker that ends it): nothing waits on the answers any more.
    if (parked.every((call) => next[call.toolUseId] !== undefined)) await job.promote().catch(() => Promise.reject(notParked()));
    return;
  }
  throw new CodevError('JOB_ALREADY_ANSWERED', `Job ${jobId}'s calls were being answered by someone else`, { hint: `codev queue status ${jobId} shows whether it went on` });
}
