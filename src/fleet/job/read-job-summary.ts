import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import type { JobSummary } from '../types.ts';
import { codevStateOf } from './count-job-states.ts';
import { readJobState } from './job-state.ts';
import { runRedisScript } from './run-redis-script.ts';

/**
 * The fields of BullMQ's job a summary needs, its prompt cut to ARGV[1] bytes (all of it when negative) in
 * Redis: a watch of 2,000 jobs of 1 MB prompts no longer takes their 2 GB of data to the client. Nil when
 * there is no such job.
 */
const SUMMARY_FIELDS = `
local f = redis.call('HMGET', KEYS[1], 'data', 'ats', 'timestamp', 'failedReason')
if not f[3] then return false end
local prompt, script, submitted, fromJob, fromTurn = '', '', '', '', ''
local ok, data = pcall(cjson.decode, f[1] or '')
if ok and type(data) == 'table' then
  if type(data.prompt) == 'string' then prompt = data.prompt end
  if type(data.script) == 'string' then script = data.script end
  if type(data.submittedAt) == 'string' then submitted = data.submittedAt end
  if type(data.rewoundFrom) == 'table' and type(data.rewoundFrom.jobId) == 'string' and type(data.rewoundFrom.turn) == 'number' then
    fromJob = data.rewoundFrom.jobId
    fromTurn = tostring(data.rewoundFrom.turn)
  end
end
local limit = tonumber(ARGV[1])
if limit >= 0 then prompt = string.sub(prompt, 1, limit) end
return { prompt, script, submitted, f[2] or '0', f[3], f[4] or '', fromJob, fromTurn }
`;

/**
 * A job's summary as `status` tells it, read without its data (`promptBytes`: at most that many bytes of its
 * prompt, whole characters; all of it when not given). Undefined when BullMQ has no such job.
 */
export async function readJobSummary(options: { queue: Queue; redis: Redis; keys: FleetKeys; id: string; promptBytes?: number }): Promise<JobSummary | undefined> {
  const { queue, redis, keys, id } = options;
  const fields = (await runRedisScript({ redis, lua: SUMMARY_FIELDS, keys: [queue.toKey(id)], args: [options.promptBytes ?? -1] })) as string[] | null;
  if (!fields) return undefined;
  const [prompt = '', script = '', submittedAt = '', attempts = '0', timestamp = '0', failedReason = '', fromJob = '', fromTurn = ''] = fields;
  const [bullState, state] = await Promise.all([queue.getJobState(id), readJobState(redis, keys.state(id))]);
  return {
    id,
    state: codevStateOf(bullState, { cancelled: state.cancelled, parked: state.parked !== undefined }),
    // A cut in the middle of a character leaves its bytes undecodable: they are dropped.
    prompt: options.promptBytes === undefined ? prompt : prompt.replace(/\uFFFD+$/, ''),
    script,
    turn: state.turn,
    attempts: Number(attempts),
    costUsd: state.spentUsd,
    submittedAt: submittedAt || new Date(Number(timestamp)).toISOString(),
    ...(failedReason && { error: failedReason }),
    ...(fromJob && { rewoundFrom: { jobId: fromJob, turn: Number(fromTurn) } }),
  };
}

/** The summary with at most `bytes` bytes of its prompt, whole characters (all of it when not given). */
export function headOfPrompt(summary: JobSummary, bytes: number | undefined): JobSummary {
  if (bytes === undefined) return summary;
  return { ...summary, prompt: Buffer.from(summary.prompt, 'utf8').subarray(0, Math.max(0, bytes)).toString('utf8').replace(/\uFFFD+$/, '') };
}
