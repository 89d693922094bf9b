import os from 'node:os';
import path from 'node:path';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { appendJobEvent } from '../events/append-job-event.ts';
import { endJob } from '../events/end-job.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { jobResultOf } from '../job/job-result-of.ts';
import { readJobState } from '../job/job-state.ts';
import { connectRedis } from '../redis/connect-redis.ts';
import { createOutageLog } from '../redis/create-outage-log.ts';
import { loadFleetModules } from '../redis/load-fleet-modules.ts';
import { createRedisSessionStore } from '../session-store/create-redis-session-store.ts';
import type { FleetJobResult, FleetWorker, WorkerOptions } from '../types.ts';
import type { JobRunScope } from './job-run-scope.ts';
import { runFleetJob } from './run-fleet-job.ts';

/** How long a parked job waits for its answers before BullMQ would run it again unanswered (it then parks again). */
const PARK_MS = 30 * 24 * 60 * 60 * 1_000;
/** The settings FLEET-FEASIBILITY measured: a dead worker's job is taken over within about 45 s. */
const DEFAULTS = { lockDurationMs: 30_000, stalledIntervalMs: 15_000, maxStalledCount: 3 };
/** Codes that no retry can fix: the job fails at once. */
const UNRECOVERABLE = new Set(['JOB_INVALID', 'SCRIPT_FAILED', 'PLUGIN_LOAD_FAILED', 'AGENT_INVALID', 'MODEL_NOT_CONFIGURED', 'MODEL_AUTHENTICATION_FAILED', 'JOB_CANCELLED']);

/**
 * A BullMQ worker that runs fleet jobs (see `runFleetJob`) and turns how each attempt ended into BullMQ's
 * terms: done (the result is the job's return value), parked (moved to delayed until answered), rate limited
 * (the whole queue backs off for the model's `retry-after`, and the attempt is not spent), cancelled or
 * failing for good (unrecoverable), or failing for now (BullMQ retries with backoff). Every ending is told
 * on the job's stream (`job-end`, `job-retry`). Cancellations arrive on a channel every worker listens to;
 * the one running the job aborts its query.
 */
export async function startFleetWorker(options: WorkerOptions & { url: string; queue: string; keys: FleetKeys }): Promise<FleetWorker> {
  const { bullmq } = await loadFleetModules();
  const name = options.name ?? `${os.hostname()}:${process.pid}`;
  const log = options.onLog ?? (() => {});
  const connections: Redis[] = [];
  // One line per outage however many connections (and the worker's own blocking one) see it.
  const outage = createOutageLog({ url: options.url, log });
  const connect = async (role: string) => {
    const client = await connectRedis({ url: options.url, name: `codev-worker:${name}:${role}`, onConnection: outage.connection(role) });
    connections.push(client);
    return client;
  };
  const redis = await connect('commands');
  const subscriber = await connect('cancel');
  const running = new Map<string, AbortController>();
  let stopping = false;
  await subscriber.subscribe(options.keys.cancelChannel);
  subscriber.on('message', (_channel: string, jobId: string) => running.get(jobId)?.abort(new CodevError('JOB_CANCELLED', `Job ${jobId} was cancelled`)));
  const queue = new bullmq.Queue(options.queue, { connection: redis });
  // Its connection's losses are told by the connection's own watcher (see connect()): BullMQ would print each.
  queue.on('error', () => {});
  const publish: JobRunScope['publish'] = ({ jobId, event, attempt }) => appendJobEvent({ redis, key: options.keys.events(jobId), event, attempt });
  const scope: JobRunScope = {
    redis,
    keys: options.keys,
    store: createRedisSessionStore({ redis, prefix: options.keys.sessions }),
    worker: name,
    scriptRoots: (options.scriptRoots ?? [process.cwd()]).map((root) => path.resolve(root)),
    trustedRepositories: [...(options.trustedRepositories ?? [])],
    workspaceRoot: options.workspaceRoot ?? path.join(os.tmpdir(), 'codev-fleet-workspaces'),
    env: options.env ?? process.env,
    publish,
  };

  async function processJob(job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<FleetJobResult> {
    const jobId = job.id!;
    const controller = new AbortController();
    running.set(jobId, controller);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    log(`job ${jobId}: attempt ${job.attemptsStarted}`);
    try {
      const outcome = await runFleetJob({ job, scope, signal: controller.signal });
      if (outcome.type === 'done') {
        await endJob({ redis, keys: options.keys, result: outcome.result, attempt: job.attemptsStarted });
        log(`job ${jobId}: ${outcome.result.endReason ?? 'done'} after ${outcome.result.turns} turn(s)`);
        return outcome.result;
      }
      if (outcome.type === 'parked') {
        log(`job ${jobId}: parked, waiting for approval`);
        await job.moveToDelayed(Date.now() + PARK_MS, token);
        throw new bullmq.DelayedError();
      }
      if (outcome.type === 'rate-limited') {
        log(`job ${jobId}: the model API is rate limiting; the queue waits ${outcome.delayMs} ms`);
        await publish({ jobId, event: { type: 'job-retry', jobId, reason: 'rate-limited', delayMs: outcome.delayMs, message: outcome.message }, attempt: job.attemptsStarted });
        await queue.rateLimit(outcome.delayMs);
        throw new bullmq.RateLimitError();
      }
      await endJob({ redis, keys: options.keys, result: outcome.result, attempt: job.attemptsStarted });
      throw new bullmq.UnrecoverableError(`JOB_CANCELLED: job ${jobId} was cancelled`);
    } catch (error) {
      if (error instanceof bullmq.DelayedError || error instanceof bullmq.WaitingError || error instanceof bullmq.UnrecoverableError || error instanceof bullmq.RateLimitError) throw error;
      if (stopping) {
        // Stopped with the worker, not failed: back to the queue without spending an attempt, for another worker.
        log(`job ${jobId}: handed back to the queue (the worker stops)`);
        await publish({ jobId, event: { type: 'job-retry', jobId, reason: 'worker-stopped', message: `worker ${name} stopped` }, attempt: job.attemptsStarted });
        await job.moveToWait(token);
        throw new bullmq.WaitingError();
      }
      throw await failed({ job, error });
    } finally {
      signal?.removeEventListener('abort', forward);
      running.delete(jobId);
    }
  }

  /** Tells the stream how an attempt failed, and whether BullMQ is to try again. */
  async function failed(options: { job: Job; error: unknown }): Promise<Error> {
    const { job, error } = options;
    const jobId = job.id!;
    const code = CodevError.isInstance(error) ? error.code : 'JOB_FAILED';
    // The code is said beside the message (the result's `error.code`, BullMQ's reason), never in it.
    const message = errorMessage(error);
    const final = UNRECOVERABLE.has(code) || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    log(`job ${jobId}: attempt ${job.attemptsStarted} failed (${code})${final ? '' : ', to be retried'}: ${message}`);
    if (!final) {
      await publish({ jobId, event: { type: 'job-retry', jobId, reason: 'failed', message }, attempt: job.attemptsStarted });
      return new Error(`${code}: ${message}`, { cause: error });
    }
    const state = await readJobState(redis, scope.keys.state(jobId));
    const result = jobResultOf({ jobId, state, attempts: job.attemptsStarted, status: 'failed', error: { code, message } });
    await endJob({ redis, keys: scope.keys, result, attempt: job.attemptsStarted });
    return new bullmq.UnrecoverableError(`${code}: ${message}`);
  }

  const defaults = { ...DEFAULTS, ...definedOf(options) };
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
  await worker.waitUntilReady();
  log(`worker ${name} takes jobs from queue "${options.queue}" (concurrency ${options.concurrency ?? 1})`);

  return {
    name,
    async close(closeOptions = {}) {
      stopping = closeOptions.force === true;
      await worker.pause(true);
      // Takes no more jobs and waits for the running ones; forced, they end their queries at once and go back to the queue.
      // An idle worker has nothing to wait for: BullMQ's graceful close would wait on its loop's Redis command, forever while Redis is away.
      const closing = worker.close(running.size === 0);
      if (stopping) for (const controller of running.values()) controller.abort(new CodevError('TOOL_ABORTED', 'The worker was stopped'));
      await closing;
      await queue.close();
      for (const client of connections) client.disconnect();
    },
  };
}

function definedOf(options: WorkerOptions): Partial<typeof DEFAULTS> {
  return Object.fromEntries(Object.entries({ lockDurationMs: options.lockDurationMs, stalledIntervalMs: options.stalledIntervalMs, maxStalledCount: options.maxStalledCount }).filter(([, value]) => value !== undefined));
}
