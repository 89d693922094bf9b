/**
 * Every way a job can end ends it for codev's clients too, with exactly one `job-end`, its keys set to
 * expire and its checkout removed — also the ways BullMQ ends a job without running codev's code:
 * - its stall limit (a `codev worker` SIGSTOPped mid-tool past its lock; another worker's stall checker fails
 *   the job): `job.result()` and `codev queue watch` end with `JOB_STALLED`;
 * - removal through BullMQ's own Queue API (a waiting job removed, a queue obliterated with its active job):
 *   the waiting clients end with `JOB_REMOVED`, with no worker left; a worker started later removes the
 *   checkout the stopped worker left;
 * - a job removed while no client waits: a worker's sweep ends it;
 * - two enders racing: exactly one `job-end`.
 */
import { existsSync, mkdirSync, realpathSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { appendJobEvent } from '../../src/fleet/events/append-job-event.ts';
import { endJob } from '../../src/fleet/events/end-job.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetEvent, FleetJobResult, FleetWorker } from '../../src/fleet/types.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { runCodev } from '../cli/run-codev.ts';
import { killCodevProcesses, type CodevProcess } from '../cli/start-codev-process.ts';
import { startCodevWorker } from '../fleet/test-fixtures/start-codev-worker.ts';
import { writeNoteProject } from '../fleet/test-fixtures/write-note-project.ts';
import { initRepository } from '../security/fleet-attack-setup.ts';

/** Bounds every wait: a job that never ends fails the test instead of hanging it. */
const HANG_GUARD_MS = 60_000;
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repo, so that the plugin resolves `zod` and `codev/plugin` as a user's project does.
const PROJECT = path.join(REPO, 'node_modules', '.cache', `codev-fleet-endings-${process.pid}`);

let redis: RedisServer;
let server: FakeMessagesServer;
let client: Redis;
let run = '';
let queueNumber = 0;
const fleets: Fleet[] = [];
const workers: FleetWorker[] = [];

/** A prompt saying "slow" gets a minute-long tool call (its worker is stopped in it); any other prompt is done at once. */
function reply(messages: readonly Anthropic.MessageParam[]) {
  const first = messages[0]?.content;
  const slow = typeof first === 'string' && first.includes('slow');
  const results = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content)).filter((block) => block.type === 'tool_result').length;
  return slow && results === 0 ? toolUseReply('Note', { text: 'note', ms: 60_000 }, { id: 'toolu_note_1' }) : textReply('done');
}

beforeAll(async () => {
  writeNoteProject(PROJECT, 'fleet-endings-project');
  run = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-endings-')));
  mkdirSync(path.join(run, 'repo'));
  writeFileSync(path.join(run, 'repo/README.md'), '# app\n');
  initRepository(path.join(run, 'repo'));
  redis = await startRedisServer();
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (request) => reply(request.body.messages ?? []) });
  client = await connectRedis({ url: redis.url });
}, 60_000);
afterEach(async () => {
  killCodevProcesses();
  for (const worker of workers.splice(0)) await worker.close({ force: true });
  for (const fleet of fleets.splice(0)) await fleet.close();
});
afterAll(async () => {
  client?.disconnect();
  await server?.close();
  await redis?.stop();
  rmSync(PROJECT, { recursive: true, force: true });
  if (run) rmSync(run, { recursive: true, force: true });
});

async function openFleet(queue: string): Promise<Fleet> {
  const fleet = await createFleet({ connection: redis.url, queue, env: {} });
  fleets.push(fleet);
  return fleet;
}

/** A `codev worker` process on `queue`, ready. */
function startWorkerProcess(queue: string, workspaceRoot: string): Promise<CodevProcess> {
  const args = ['--lock-duration', '5000', '--stalled-interval', '2500', '--workspace-root', workspaceRoot];
  return startCodevWorker({ redisUrl: redis.url, queue, cwd: PROJECT, args, modelUrl: server.url, timeoutMs: HANG_GUARD_MS });
}

/** A worker in this process (its stall checker fails a job at its first stall). */
async function startWorker(fleet: Fleet, workspaceRoot: string): Promise<FleetWorker> {
  const worker = await fleet.worker({ lockDurationMs: 5_000, stalledIntervalMs: 2_500, maxStalledCount: 0, workspaceRoot, scriptRoots: [PROJECT], env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' } });
  workers.push(worker);
  return worker;
}

/** A `codev worker` process on a fresh queue named after `name`, SIGSTOPped inside a slow job's minute-long tool call. */
async function stopWorkerInSlowJob(name: string) {
  const queue = `${name}-${++queueNumber}`;
  const root = path.join(run, `workspaces-${queueNumber}`);
  const stopped = await startWorkerProcess(queue, root);
  const fleet = await openFleet(queue);
  const job = await submitSlowJob(fleet);
  stopped.child.kill('SIGSTOP');
  return { queue, root, stopped, fleet, job };
}

/** Submits a slow job with a workspace and resolves once its worker is inside the minute-long tool call. */
async function submitSlowJob(fleet: Fleet) {
  const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'slow: write a note', workspace: { repo: path.join(run, 'repo') }, permissions: { allow: ['Note'] } });
  for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) if (event.type === 'tool-call') break;
  return job;
}

async function jobEnds(queue: string, jobId: string): Promise<FleetJobResult[]> {
  const entries = await client.xrange(fleetKeys(queue).events(jobId), '-', '+');
  return entries.map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]!) as FleetEvent).flatMap((event) => (event.type === 'job-end' ? [event.result] : []));
}

/** Both of the job's keys are set to expire. */
async function expectExpiring(queue: string, jobId: string): Promise<void> {
  const keys = fleetKeys(queue);
  expect(await client.ttl(keys.events(jobId))).toBeGreaterThan(0);
  expect(await client.ttl(keys.state(jobId))).toBeGreaterThan(0);
}

async function eventually(check: () => boolean | Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('fleet job endings', () => {
  it('a job that stalls past maxStalledCount ends for job.result() and codev queue watch, once, with JOB_STALLED; its keys expire and its checkout goes', async () => {
    // Past its lock: the other worker's stall checker fails the job at its first stall, and no codev code of the stopped one runs.
    const { queue, root, stopped, fleet, job } = await stopWorkerInSlowJob('stalled');
    expect(existsSync(path.join(root, job.id))).toBe(true);
    await startWorker(fleet, root);
    // Told by the workers, with no client waiting: the handle above stopped reading at the tool call.
    expect(await eventually(async () => (await jobEnds(queue, job.id)).length > 0)).toBe(true);
    const watching = runCodev(['queue', 'watch', job.id, '--redis', redis.url, '--queue', queue], {});

    const result = await job.result({ timeoutMs: HANG_GUARD_MS });
    expect(result).toMatchObject({ jobId: job.id, status: 'failed', error: { code: 'JOB_STALLED' } });
    const watched = await watching;
    expect(watched.code).not.toBeNull();
    expect(`${watched.stdout}${watched.stderr}`).toContain('JOB_STALLED');
    expect(await jobEnds(queue, job.id)).toHaveLength(1);
    await expectExpiring(queue, job.id);
    expect(await eventually(() => !existsSync(path.join(root, job.id)))).toBe(true);
    stopped.child.kill('SIGKILL');
  }, 180_000);

  it('a job cancelled while its worker is stopped, then failed by the stall limit, ends cancelled', async () => {
    const { queue, root, stopped, fleet, job } = await stopWorkerInSlowJob('stalled-cancelled');
    // The cancel goes to a worker that cannot hear it.
    await fleet.cancel(job.id);
    await startWorker(fleet, root);
    expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ jobId: job.id, status: 'cancelled' });
    expect(await jobEnds(queue, job.id)).toHaveLength(1);
    stopped.child.kill('SIGKILL');
  }, 180_000);

  it('jobs removed through BullMQ (a waiting one removed, one drained, an active one with its obliterated queue) end for their waiting clients with JOB_REMOVED, with no worker left; a worker started later removes the left checkout', async () => {
    const { queue, root, stopped, fleet, job: active } = await stopWorkerInSlowJob('removed');
    const waiting = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'quick' });
    const drained = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'quick' });
    const bullQueue = new Queue(queue, { connection: { url: redis.url } });
    try {
      await bullQueue.remove(waiting.id);
      expect(await waiting.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ jobId: waiting.id, status: 'failed', error: { code: 'JOB_REMOVED' } });
      await bullQueue.drain();
      expect(await drained.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ jobId: drained.id, status: 'failed', error: { code: 'JOB_REMOVED' } });
      await bullQueue.obliterate({ force: true });
    } finally {
      await bullQueue.close();
    }
    expect(await active.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ jobId: active.id, status: 'failed', error: { code: 'JOB_REMOVED' } });
    for (const job of [waiting, drained, active]) {
      expect(await jobEnds(queue, job.id)).toHaveLength(1);
      await expectExpiring(queue, job.id);
    }
    stopped.child.kill('SIGKILL');
    expect(existsSync(path.join(root, active.id))).toBe(true);
    await startWorker(fleet, root);
    expect(await eventually(() => !existsSync(path.join(root, active.id)))).toBe(true);
  }, 180_000);

  it("a job BullMQ removes while nobody waits on it is ended by a worker's sweep, with JOB_REMOVED, and its keys expire", async () => {
    const queue = `swept-${++queueNumber}`;
    const fleet = await openFleet(queue);
    const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'quick' });
    // The job has started (codev keeps its state) when BullMQ loses it.
    await client.hset(fleetKeys(queue).state(job.id), 'turn', '1');
    const bullQueue = new Queue(queue, { connection: { url: redis.url } });
    try {
      await bullQueue.remove(job.id);
    } finally {
      await bullQueue.close();
    }
    await startWorker(fleet, path.join(run, `workspaces-${queueNumber}`));
    expect(await eventually(async () => (await jobEnds(queue, job.id)).length > 0)).toBe(true);
    const ends = await jobEnds(queue, job.id);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ status: 'failed', turns: 1, error: { code: 'JOB_REMOVED' } });
    await expectExpiring(queue, job.id);
  }, 120_000);

  it("a job BullMQ failed without codev's code (a plain BullMQ worker took it) is ended by a codev worker's sweep with BullMQ's reason", async () => {
    const queue = `failed-${++queueNumber}`;
    const fleet = await openFleet(queue);
    const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'quick', attempts: 1 });
    const plain = new Worker(queue, async () => {
      throw new Error('not a codev worker');
    }, { connection: { url: redis.url } });
    try {
      await new Promise((resolve) => plain.once('failed', resolve));
    } finally {
      await plain.close();
    }
    expect(await jobEnds(queue, job.id)).toHaveLength(0);
    await startWorker(fleet, path.join(run, `workspaces-${queueNumber}`));
    expect(await eventually(async () => (await jobEnds(queue, job.id)).length > 0)).toBe(true);
    const ends = await jobEnds(queue, job.id);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ status: 'failed', error: { code: 'JOB_FAILED', message: expect.stringContaining('not a codev worker') } });
    await expectExpiring(queue, job.id);
  }, 120_000);

  it('enders racing on their own connections end a job exactly once: one job-end, the one result() returns', async () => {
    const queue = `race-${++queueNumber}`;
    const fleet = await openFleet(queue);
    const keys = fleetKeys(queue);
    const jobId = `race-job-${process.pid}`;
    const connections = await Promise.all(Array.from({ length: 8 }, () => connectRedis({ url: redis.url })));
    try {
      const results = connections.map((_connection, index): FleetJobResult => ({ jobId, status: 'failed', turns: index, costUsd: 0, attempts: 1, error: { code: 'JOB_FAILED', message: `ender ${index}` } }));
      const ended = await Promise.all(connections.map((redisConnection, index) => endJob({ redis: redisConnection, keys, result: results[index]!, attempt: 1 })));
      expect(ended.filter((value) => value === true)).toHaveLength(1);
      const ends = await jobEnds(queue, jobId);
      expect(ends).toHaveLength(1);
      expect(await fleet.job(jobId).result({ timeoutMs: HANG_GUARD_MS })).toEqual(results[ended.indexOf(true)]);
      await expectExpiring(queue, jobId);
    } finally {
      for (const connection of connections) connection.disconnect();
    }
  }, 60_000);

  it("an end is told only while the fence's lock holds the attempt's token, and a stream that already ends with a job-end (told before end-once) is not ended again", async () => {
    const queue = `fence-${++queueNumber}`;
    const keys = fleetKeys(queue);
    const result = (jobId: string): FleetJobResult => ({ jobId, status: 'completed', turns: 1, costUsd: 0, attempts: 1 });
    const fenced = `fenced-${process.pid}`;
    const lockKey = `bull:${queue}:${fenced}:lock`;
    await client.set(lockKey, 'new-attempt');
    const stale = await endJob({ redis: client, keys, result: result(fenced), attempt: 1, fence: { lockKey, token: 'old-attempt' } }).then(
      () => 'ended',
      (error: { code?: string }) => error.code,
    );
    expect(stale).toBe('JOB_ATTEMPT_FENCED');
    expect(await jobEnds(queue, fenced)).toHaveLength(0);
    expect(await endJob({ redis: client, keys, result: result(fenced), attempt: 2, fence: { lockKey, token: 'new-attempt' } })).toBe(true);
    expect(await jobEnds(queue, fenced)).toHaveLength(1);

    const told = `told-${process.pid}`;
    await appendJobEvent({ redis: client, key: keys.events(told), event: { type: 'job-end', jobId: told, result: result(told) }, attempt: 1 });
    expect(await endJob({ redis: client, keys, result: { ...result(told), status: 'failed' }, attempt: 1 })).toBe(false);
    expect(await jobEnds(queue, told)).toEqual([result(told)]);
  });
});
