import { randomUUID } from 'node:crypto';
import { CodevError } from '../errors/codev-error.ts';
import { createJobHandle } from './create-job-handle.ts';
import { createLostJobLookout } from './endings/create-lost-job-lookout.ts';
import { endLostJob } from './endings/end-lost-job.ts';
import { endJob, KEEP_ENDED_SECONDS } from './events/end-job.ts';
import { markJobCancelled } from './events/mark-job-cancelled.ts';
import { readJobEventStreams } from './events/read-job-event-streams.ts';
import { fleetKeys, QUEUE_NAME } from './fleet-keys.ts';
import { answerParkedJob } from './job/answer-parked-job.ts';
import { inspectJob } from './job/inspect-job.ts';
import { readRateLimit } from './job/read-rate-limit.ts';
import { checkSubmission } from './job/check-submission.ts';
import { COUNTED_STATES, countJobStates } from './job/count-job-states.ts';
import { jobResultOf } from './job/job-result-of.ts';
import { listUnfinishedJobIds } from './job/list-unfinished-job-ids.ts';
import { readJobState } from './job/job-state.ts';
import { headOfPrompt, readJobSummary } from './job/read-job-summary.ts';
import { connectRedis } from './redis/connect-redis.ts';
import { createReachGuard } from './redis/create-reach-guard.ts';
import { loadFleetModules } from './redis/load-fleet-modules.ts';
import { resolveRedisUrl } from './redis/resolve-redis-url.ts';
import { cleanEndedJobs } from './retention/clean-ended-jobs.ts';
import { rewoundJobData } from './job/rewound-job-data.ts';
import type { Fleet, FleetOptions, JobHandle, JobSummary, RewindJobOptions, SubmitOptions } from './types.ts';
import { startFleetWorker } from './worker/start-fleet-worker.ts';

const DEFAULT_ATTEMPTS = 3;
/**
 * A submitter's command waits through this many reconnection attempts, at most `SUBMITTER_RECONNECT_MS`
 * apart, while Redis is away, then fails: within about 10 s (see `REACH_BOUND_MS`).
 */
const SUBMITTER_RETRIES = 20;
const SUBMITTER_RECONNECT_MS = 500;
/**
 * Once Redis has been away this long, a submitter's calls fail at once (`FLEET_REDIS_UNREACHABLE`); a command
 * unanswered this long fails too (a frozen Redis; the blocking reads of events block 1 s at most).
 */
const REACH_BOUND_MS = 10_000;

/**
 * Opens a fleet: a BullMQ queue on Redis (`connection`, else `CODEV_REDIS_URL`) that any number of workers,
 * on any number of machines, take agent jobs from. `bullmq` and `ioredis` are loaded here, not before:
 * they are optional peers. `FLEET_REDIS_UNREACHABLE` names the URL when Redis does not answer.
 *
 * @example
 * const fleet = await createFleet({ connection: 'redis://127.0.0.1:6379' });
 * const job = await fleet.submit({ script: 'agent.ts', prompt: 'Fix the failing test' });
 * for await (const event of job.events()) if (event.type === 'text') console.log(event.text);
 */
export async function createFleet(options: FleetOptions = {}): Promise<Fleet> {
  const env = options.env ?? process.env;
  const url = resolveRedisUrl({ env, given: options.connection });
  const queueName = options.queue ?? 'codev';
  if (!QUEUE_NAME.test(queueName)) throw new CodevError('INPUT_INVALID', `Invalid queue name ${JSON.stringify(queueName)}`, { field: 'queue', hint: 'letters, digits, ".", "_" and "-", up to 64' });
  const { bullmq } = await loadFleetModules();
  const keys = fleetKeys(queueName);
  // A lost connection is re-made while commands wait, for a bounded time (a submitter does not wait forever);
  // the listener keeps ioredis from printing each failed attempt.
  const reach = createReachGuard({ url, boundMs: REACH_BOUND_MS });
  const redis = await connectRedis({ url, name: 'codev-fleet', maxRetriesPerRequest: SUBMITTER_RETRIES, maxReconnectDelayMs: SUBMITTER_RECONNECT_MS, commandTimeoutMs: REACH_BOUND_MS, onConnection: reach.onConnection });
  const queue = new bullmq.Queue(queueName, { connection: redis });
  // BullMQ prints a connection error a queue has no listener for; the client reconnects and commands wait.
  queue.on('error', () => {});
  const connect = () => connectRedis({ url, name: 'codev-fleet:events', maxRetriesPerRequest: SUBMITTER_RETRIES, maxReconnectDelayMs: SUBMITTER_RECONNECT_MS, commandTimeoutMs: REACH_BOUND_MS, onConnection: () => {} });
  const endIfLost = (jobId: string) => endLostJob({ redis, keys, queue: queueName, jobId });
  const handleOf = (id: string): JobHandle => {
    const handle = createJobHandle({ id, eventsKey: keys.events(id), connect, cancel, endIfLost });
    // A job's events are read on a connection of their own: its failures are told in codev's terms too.
    return { ...handle, events: (eventOptions) => reach.iterate(handle.events(eventOptions)), result: (resultOptions) => reach.within(() => handle.result(resultOptions)), cancel: () => reach.within(() => handle.cancel()) };
  };

  async function submit(submitOptions: SubmitOptions): Promise<JobHandle | JobHandle[]> {
    const jobs = checkSubmission(submitOptions);
    const attempts = submitOptions.attempts ?? DEFAULT_ATTEMPTS;
    if (!(Number.isInteger(attempts) && attempts >= 1)) throw new CodevError('JOB_INVALID', `attempts must be a positive integer, not ${attempts}`, { field: 'attempts' });
    const added = await queue.addBulk(
      jobs.map((data) => ({
        name: 'agent',
        data,
        opts: jobOptions(attempts),
      })),
    );
    const handles = added.map((job) => handleOf(job.id!));
    return submitOptions.prompts ? handles : handles[0]!;
  }

  async function rewind(jobId: string, rewindOptions: RewindJobOptions): Promise<JobHandle> {
    const { data, attempts } = await rewoundJobData({ queue, redis, keys, jobId, rewind: rewindOptions });
    const chosen = rewindOptions.attempts ?? attempts ?? DEFAULT_ATTEMPTS;
    if (!(Number.isInteger(chosen) && chosen >= 1)) throw new CodevError('JOB_INVALID', `attempts must be a positive integer, not ${chosen}`, { field: 'attempts' });
    const added = await queue.add('agent', data, jobOptions(chosen));
    return handleOf(added.id!);
  }

  async function cancel(id: string): Promise<void> {
    const job = await queue.getJob(id);
    if (!job) throw new CodevError('JOB_NOT_FOUND', `No job ${id} in queue "${queueName}"`, { hint: 'codev queue status lists the jobs' });
    // An ended job stays as it ended: a late cancel neither marks it (status would call a failed job cancelled) nor tells anyone.
    if (['completed', 'failed'].includes(await job.getState())) return;
    if (!(await markJobCancelled({ redis, keys, jobId: id }))) return;
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') return;
    if (state === 'active') {
      // The worker that runs it ends its query; the job's end is told by that worker.
      await redis.publish(keys.cancelChannel, id);
      return;
    }
    // BullMQ forgets a removed job: what `status` shows of it is kept beside its state, for as long as its events.
    const summary = await readJobSummary({ queue, redis, keys, id });
    // Ended before it is removed: whoever sees it gone (a sweep, a waiting handle) finds its end told, as cancelled.
    const jobState = await readJobState(redis, keys.state(id));
    const result = jobResultOf({ jobId: id, state: jobState, attempts: job.attemptsStarted, status: 'cancelled' });
    await endJob({ redis, keys, result, attempt: job.attemptsStarted });
    // BullMQ forgets the job's data with it: `clean` finds the repository of its hidden refs (a parked or retried job has some) here.
    const repo = (job.data as { workspace?: { repo?: string } } | undefined)?.workspace?.repo;
    if (repo) await redis.hset(keys.state(id), 'repo', repo);
    const removed = await job.remove().then(
      () => true,
      // A worker took it meanwhile (a parked job going on, a retry): that attempt starts cancelled (and may have ended it already), or is told so now.
      async (error: unknown) => {
        const now = await job.getState();
        if (now !== 'active' && now !== 'completed' && now !== 'failed') throw error;
        if (now === 'active') await redis.publish(keys.cancelChannel, id);
        return false;
      },
    );
    if (!removed) return;
    const now = Date.now();
    const batch = redis.multi();
    if (summary) batch.hset(keys.state(id), 'summary', JSON.stringify({ ...summary, state: 'cancelled' }));
    await batch.zadd(keys.cancelled, now, id).zremrangebyscore(keys.cancelled, 0, now - KEEP_ENDED_SECONDS * 1_000).exec();
  }

  return {
    submit: ((submitOptions: SubmitOptions) => reach.within(() => submit(submitOptions))) as Fleet['submit'],
    job: handleOf,
    cancel: (id) => reach.within(() => cancel(id)),
    rewind: (jobId, rewindOptions) => reach.within(() => rewind(jobId, rewindOptions)),
    status: (statusOptions = {}) => reach.within(async () => {
      const limit = statusOptions.limit ?? 50;
      const counts = await countJobStates({ queue, redis, keys });
      const ids = statusOptions.ids ?? [];
      // Summaries read without the jobs' data (prompts up to maxPromptBytes each): only what `promptBytes` asks of each prompt.
      const listed = statusOptions.ids ?? (await queue.getRanges([...COUNTED_STATES], 0, limit - 1, false));
      const found = await Promise.all(listed.map((id) => readJobSummary({ queue, redis, keys, id, ...(statusOptions.promptBytes !== undefined && { promptBytes: statusOptions.promptBytes }) })));
      // `getRanges` takes `limit` of each state: the newest `limit` over all of them are answered, never more.
      const present = found.filter((job) => job !== undefined);
      const jobs = statusOptions.ids ? present : present.sort((left, right) => right.submittedAt.localeCompare(left.submittedAt)).slice(0, limit);
      const room = limit - jobs.length;
      const removed = statusOptions.ids ? ids.filter((_id, index) => !found[index]) : room > 0 ? await redis.zrevrange(keys.cancelled, 0, room - 1) : [];
      for (const id of removed) {
        const summary = await redis.hget(keys.state(id), 'summary');
        if (summary) jobs.push(headOfPrompt(JSON.parse(summary) as JobSummary, statusOptions.promptBytes));
      }
      return { counts, jobs };
    }),
    answer: ({ jobId, approvals }) => reach.within(() => answerParkedJob({ queue, redis, keys, jobId, approvals })),
    inspect: (jobId, inspectOptions = {}) => reach.within(() => inspectJob({ queue, redis, keys, jobId, ...inspectOptions })),
    rateLimit: () => reach.within(() => readRateLimit(queue)),
    watch: (watchOptions = {}) => reach.within(async () => {
      const jobIds = watchOptions.ids ? [...new Set(watchOptions.ids)] : await listUnfinishedJobIds(queue);
      return { jobIds, ...readJobEventStreams({ connect, keyOf: keys.events, jobIds, afterRead: createLostJobLookout({ endIfLost }), ...(watchOptions.signal && { signal: watchOptions.signal }) }) };
    }),
    clean: (cleanOptions = {}) => reach.within(() => cleanEndedJobs({ ...cleanOptions, redis, queue, keys })),
    worker: (workerOptions = {}) => startFleetWorker({ ...workerOptions, url, queue: queueName, keys }),
    async close() {
      await queue.close();
      redis.disconnect();
    },
  };
}

/** BullMQ's options of a new job: a new id, its attempts with exponential backoff, kept as long as its events once ended. */
function jobOptions(attempts: number) {
  return { jobId: randomUUID(), attempts, backoff: { type: 'exponential' as const, delay: 1_000 }, removeOnComplete: { age: KEEP_ENDED_SECONDS }, removeOnFail: { age: KEEP_ENDED_SECONDS } };
}
