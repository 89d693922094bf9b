import os from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { endJob } from '../events/end-job.ts';
import { startJobEndings } from '../endings/start-job-endings.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { jobResultOf } from '../job/job-result-of.ts';
import { checkJobFence, isFencedError, type JobFence } from '../job/job-fence.ts';
import { readJobState } from '../job/job-state.ts';
import { classifyRedisError } from '../redis/classify-redis-error.ts';
import { connectRedis } from '../redis/connect-redis.ts';
import { createOutageLog } from '../redis/create-outage-log.ts';
import { fleetRedisError } from '../redis/fleet-redis-error.ts';
import { loadFleetModules } from '../redis/load-fleet-modules.ts';
import { forgetCompletedCheckpoints } from '../retention/forget-completed-checkpoints.ts';
import { createRedisSessionStore } from '../session-store/create-redis-session-store.ts';
import type { FleetJobResult, FleetWorker, WorkerOptions } from '../types.ts';
import { appendFencedJobEvents } from './append-fenced-job-events.ts';
import { checkLockSettings } from './check-lock-settings.ts';
import { createKernelCache } from './create-kernel-cache.ts';
import { createModelClientCache } from './create-model-client-cache.ts';
import { createScriptCache } from './create-script-cache.ts';
import type { JobRunScope } from './job-run-scope.ts';
import { runFleetJob } from './run-fleet-job.ts';

/** How long a parked job waits for its answers before BullMQ would run it again unanswered (it then parks again). */
const PARK_MS = 30 * 24 * 60 * 60 * 1_000;
/** How long a job whose session another writer holds waits before it tries again (that lock expires within 10 s of its holder's death). */
const SESSION_BUSY_WAIT_MS = 2_000;
/** The settings FLEET-FEASIBILITY measured: a dead worker's job is taken over within about 45 s. */
const DEFAULTS = { lockDurationMs: 30_000, stalledIntervalMs: 15_000, maxStalledCount: 3 };
/** Codes that no retry can fix: the job fails at once. */
// CHECKPOINT_NOT_FOUND: a rewound job's checkpoint its repository no longer holds (a fetch that failed is WORKSPACE_FAILED, retried).
const UNRECOVERABLE = new Set(['CHECKPOINT_NOT_FOUND', 'JOB_INVALID', 'SCRIPT_FAILED', 'PLUGIN_LOAD_FAILED', 'AGENT_INVALID', 'MODEL_NOT_CONFIGURED', 'MODEL_AUTHENTICATION_FAILED', 'JOB_CANCELLED', 'WORKSPACE_MISMATCH']);

/**
 * A BullMQ worker that runs fleet jobs (see `runFleetJob`) and turns how each attempt ended into BullMQ's
 * terms: done (the result is the job's return value), parked (moved to delayed until answered), rate limited
 * (the whole queue backs off for the model's `retry-after`, and the attempt is not spent), cancelled or
 * failing for good (unrecoverable), or failing for now (BullMQ retries with backoff). Every ending is told
 * on the job's stream (`job-end`, `job-retry`). Cancellations arrive on a channel every worker listens to;
 * the one running the job aborts its query. Each attempt is fenced by its BullMQ job lock (see `JobFence`):
 * an attempt whose lock renewal fails, or whose fenced write is refused, aborts its query at once, publishes
 * nothing more as the job and removes its checkout. Lock settings that cannot be fenced are refused with
 * 'FLEET_LOCK_UNSAFE' (see `checkLockSettings`).
 */
export async function startFleetWorker(options: WorkerOptions & { url: string; queue: string; keys: FleetKeys }): Promise<FleetWorker> {
  const defaults = { ...DEFAULTS, ...definedOf(options) };
  checkLockSettings(defaults);
  const { bullmq } = await loadFleetModules();
  const name = options.name ?? `${os.hostname()}:${process.pid}`;
  let refusal: CodevError | undefined;
  const say = options.onLog ?? (() => {});
  // Once Redis refused the worker, what fails after is that refusal again, already told.
  const log = (line: string) => void (refusal === undefined && say(line));
  const connections: Redis[] = [];
  // A Redis that refuses the worker once it ran (a changed password, a revoked user) is told once: no reconnection helps.
  const refused = (error: unknown) => {
    if (refusal) return;
    refusal = fleetRedisError({ url: options.url, cause: error })!;
    if (options.onRefused) options.onRefused(refusal);
    else say(refusal.format());
  };
  // One line per outage however many connections (and the worker's own blocking one) see it.
  const outage = createOutageLog({ url: options.url, log, onRefused: refused });
  const connect = async (role: string) => {
    const client = await connectRedis({ url: options.url, name: `codev-worker:${name}:${role}`, onConnection: outage.connection(role) });
    client.on('error', (error: unknown) => classifyRedisError(error) === 'auth' && refused(error));
    connections.push(client);
    return client;
  };
  const redis = await connect('commands');
  const subscriber = await connect('cancel');
  /** The attempts this worker runs, with the fence each writes under. */
  const running = new Set<{ jobId: string; fence: JobFence; controller: AbortController }>();
  let stopping = false;
  await subscriber.subscribe(options.keys.cancelChannel);
  subscriber.on('message', (_channel: string, jobId: string) => {
    for (const attempt of running) if (attempt.jobId === jobId) attempt.controller.abort(new CodevError('JOB_CANCELLED', `Job ${jobId} was cancelled`));
  });
  const queue = new bullmq.Queue(options.queue, { connection: redis });
  // Its connection's losses are told by the connection's own watcher (see connect()): BullMQ would print each.
  queue.on('error', () => {});
  // Each attempt publishes under its own fence (see processJob): the worker itself has no unfenced way to.
  const scope: Omit<JobRunScope, 'publish'> = {
    redis,
    keys: options.keys,
    store: createRedisSessionStore({ redis, prefix: options.keys.sessions }),
    worker: name,
    scriptRoots: (options.scriptRoots ?? [process.cwd()]).map((root) => path.resolve(root)),
    trustedRepositories: [...(options.trustedRepositories ?? [])],
    workspaceRoot: options.workspaceRoot ?? path.join(os.tmpdir(), 'codev-fleet-workspaces'),
    env: options.env ?? process.env,
    kernels: createKernelCache(),
    scripts: createScriptCache(),
    models: createModelClientCache(),
  };

  async function processJob(job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<FleetJobResult> {
    const jobId = job.id!;
    const controller = new AbortController();
    // BullMQ's own lock of the job (`<prefix>:<queue>:<jobId>:lock`), holding this attempt's token while it is the job's.
    const fence: JobFence = { lockKey: `${job.queueQualifiedName}:${jobId}:lock`, token: token ?? '' };
    const attempt = { jobId, fence, controller };
    running.add(attempt);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    // A refused write stops the whole attempt at once, not only the step that made it.
    const stopIfFenced = (error: unknown): never => {
      if (isFencedError(error) && !controller.signal.aborted) controller.abort(error);
      throw error;
    };
    const attemptScope: JobRunScope = { ...scope, publish: (published) => appendFencedJobEvents({ redis, key: options.keys.events(published.jobId), events: published.events, attempt: published.attempt, fence }).catch(stopIfFenced) };
    const publish = attemptScope.publish;
    log(`job ${jobId}: attempt ${job.attemptsStarted}`);
    try {
      const outcome = await runFleetJob({ job, scope: attemptScope, fence, signal: controller.signal }).catch(stopIfFenced);
      if (outcome.type === 'done') {
        await endJob({ redis, keys: options.keys, result: outcome.result, attempt: job.attemptsStarted, fence });
        log(`job ${jobId}: ${outcome.result.endReason ?? 'done'} after ${outcome.result.turns} turn(s)`);
        return outcome.result;
      }
      if (outcome.type === 'parked') {
        log(`job ${jobId}: parked, waiting for approval`);
        await job.moveToDelayed(Date.now() + PARK_MS, token);
        // A cancel that came as the attempt parked saw the job active and told only this worker, done with its
        // query: the job goes back to the queue now, not in PARK_MS, and its next attempt ends it as cancelled.
        const cancelled = await readJobState(redis, options.keys.state(jobId)).then((state) => state.cancelled, () => false);
        if (cancelled) await job.promote().catch(() => {});
        throw new bullmq.DelayedError();
      }
      if (outcome.type === 'rate-limited') {
        log(`job ${jobId}: the model API is rate limiting; the queue waits ${outcome.delayMs} ms`);
        await publish({ jobId, events: [{ type: 'job-retry', jobId, reason: 'rate-limited', delayMs: outcome.delayMs, message: outcome.message }], attempt: job.attemptsStarted });
        await queue.rateLimit(outcome.delayMs);
        throw new bullmq.RateLimitError();
      }
      await endJob({ redis, keys: options.keys, result: outcome.result, attempt: job.attemptsStarted, fence });
      throw new bullmq.UnrecoverableError(`JOB_CANCELLED: job ${jobId} was cancelled`);
    } catch (error) {
      if (isFencedError(error) || isFencedError(controller.signal.reason)) {
        // Another attempt may hold the job: this one tells nothing (no retry, no end) and BullMQ, checking the token too, moves nothing.
        log(`job ${jobId}: attempt ${job.attemptsStarted} lost its job lock (fenced): stopped, nothing more published, its checkout removed`);
        throw error instanceof Error ? error : new Error(errorMessage(error));
      }
      if (error instanceof bullmq.DelayedError || error instanceof bullmq.WaitingError || error instanceof bullmq.UnrecoverableError || error instanceof bullmq.RateLimitError) throw error;
      if (stopping) {
        // Stopped with the worker, not failed: back to the queue without spending an attempt, for another worker.
        log(`job ${jobId}: handed back to the queue (the worker stops)`);
        await publish({ jobId, events: [{ type: 'job-retry', jobId, reason: 'worker-stopped', message: `worker ${name} stopped` }], attempt: job.attemptsStarted });
        await job.moveToWait(token);
        throw new bullmq.WaitingError();
      }
      if (CodevError.isInstance(error) && error.code === 'SESSION_BUSY') {
        // The job's session is still locked by an attempt killed or stopped while it held it (a parked job goes on in
        // its own session): the lock goes within its TTL, so the job waits for it without spending an attempt.
        log(`job ${jobId}: attempt ${job.attemptsStarted} found its session in use, tries again in ${SESSION_BUSY_WAIT_MS} ms: ${errorMessage(error)}`);
        await publish({ jobId, events: [{ type: 'job-retry', jobId, reason: 'failed', delayMs: SESSION_BUSY_WAIT_MS, message: errorMessage(error) }], attempt: job.attemptsStarted });
        await job.moveToDelayed(Date.now() + SESSION_BUSY_WAIT_MS, token);
        throw new bullmq.DelayedError();
      }
      throw await failed({ job, error, fence, publish });
    } finally {
      signal?.removeEventListener('abort', forward);
      running.delete(attempt);
    }
  }

  /** Tells the stream how an attempt failed, and whether BullMQ is to try again. */
  async function failed(options: { job: Job; error: unknown; fence: JobFence; publish: JobRunScope['publish'] }): Promise<Error> {
    const { job, error, fence, publish } = options;
    const jobId = job.id!;
    const code = CodevError.isInstance(error) ? error.code : 'JOB_FAILED';
    // The code is said beside the message (the result's `error.code`, BullMQ's reason), never in it.
    const message = errorMessage(error);
    const state = await readJobState(redis, scope.keys.state(jobId));
    // Cancelled: what stopped the attempt (a clone, a push, a checkpoint broken off) is the cancel, and no retry runs it.
    if (state.cancelled) {
      log(`job ${jobId}: attempt ${job.attemptsStarted} was cancelled (${code}: ${message})`);
      await endJob({ redis, keys: scope.keys, result: jobResultOf({ jobId, state, attempts: job.attemptsStarted, status: 'cancelled' }), attempt: job.attemptsStarted, fence });
      return new bullmq.UnrecoverableError(`JOB_CANCELLED: job ${jobId} was cancelled`);
    }
    const final = UNRECOVERABLE.has(code) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log(`job ${jobId}: attempt ${job.attemptsStarted} failed (${code})${final ? '' : ', to be retried'}: ${message}`);
    if (!final) {
      await publish({ jobId, events: [{ type: 'job-retry', jobId, reason: 'failed', message }], attempt: job.attemptsStarted });
      return new Error(`${code}: ${message}`, { cause: error });
    }
    const result = jobResultOf({ jobId, state, attempts: job.attemptsStarted, status: 'failed', error: { code, message } });
    await endJob({ redis, keys: scope.keys, result, attempt: job.attemptsStarted, fence });
    return new bullmq.UnrecoverableError(`${code}: ${message}`);
  }

  const worker = new bullmq.Worker(options.queue, processJob, {
    connection: await connect('worker'),
    concurrency: options.concurrency ?? 1,
    ...(options.limiter && { limiter: { max: options.limiter.max, duration: options.limiter.durationMs } }),
    lockDuration: defaults.lockDurationMs,
    stalledInterval: defaults.stalledIntervalMs,
    maxStalledCount: defaults.maxStalledCount,
    name,
  });
  worker.on('error', (error) => outage.error('worker', error));
  // BullMQ could not renew a lock: the attempts of those jobs that no longer hold it stop at once.
  worker.on('lockRenewalFailed', (jobIds: string[]) => {
    for (const attempt of running) {
      if (jobIds.includes(attempt.jobId)) void checkJobFence(redis, attempt.fence).catch((error: unknown) => isFencedError(error) && attempt.controller.abort(error));
    }
  });
  const checkpoints = forgetCompletedCheckpoints({ log });
  worker.on('completed', (job) => checkpoints.completed(job));
  await worker.waitUntilReady();
  // Jobs BullMQ ends without codev's code (stall limit, removal) end for their clients too; ended jobs' checkouts go.
  const endings = startJobEndings({ redis, keys: options.keys, queue: options.queue, worker, workspaceRoot: scope.workspaceRoot, intervalMs: Math.max(1_000, defaults.stalledIntervalMs), running: (jobId) => [...running].some((attempt) => attempt.jobId === jobId), log });
  log(`worker ${name} takes jobs from queue "${options.queue}" (concurrency ${options.concurrency ?? 1})`);

  return {
    name,
    async close(closeOptions = {}) {
      stopping = closeOptions.force === true;
      // Redis refuses every command now: nothing to wait for, and each wait would be for ever.
      if (refusal) for (const client of connections) client.disconnect();
      await worker.pause(true);
      // Takes no more jobs and waits for the running ones; forced, they end their queries at once and go back to the queue.
      // An idle worker has nothing to wait for: BullMQ's graceful close would wait on its loop's Redis command, forever while Redis is away.
      const closing = worker.close(running.size === 0);
      if (stopping) for (const { controller } of running) controller.abort(new CodevError('TOOL_ABORTED', 'The worker was stopped'));
      await closing;
      await endings.stop();
      await checkpoints.settled();
      await queue.close();
      await scope.kernels?.close();
      for (const client of connections) client.disconnect();
    },
  };
}

function definedOf(options: WorkerOptions): Partial<typeof DEFAULTS> {
  return Object.fromEntries(Object.entries({ lockDurationMs: options.lockDurationMs, stalledIntervalMs: options.stalledIntervalMs, maxStalledCount: options.maxStalledCount }).filter(([, value]) => value !== undefined));
}
