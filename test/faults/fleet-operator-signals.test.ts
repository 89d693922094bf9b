/**
 * What a fleet tells its operator, against real redis-servers (with passwords, killed and restarted), real
 * `codev worker` and `codev queue` processes and the fake Messages API on loopback:
 * - a worker says once that Redis went away and once that it is back, however long it is away;
 * - a wrong password or a user without rights is FLEET_REDIS_AUTH_FAILED, at once, for workers and submitters;
 * - a worker with no way to reach the model refuses to start (MODEL_NOT_CONFIGURED) and takes no job;
 * - a failed job's error carries its cause (the API's status and message), its code said once;
 * - the approve command `codev queue watch` prints runs as printed (with `--queue` and `--redis`);
 * - `codev queue status` counts each job in the state it lists it in (cancelled, parked);
 * - one SIGINT stops an idle worker whose Redis is down;
 * - a submitter whose Redis went away gets FLEET_REDIS_UNREACHABLE naming the URL without its password.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetWorker } from '../../src/fleet/types.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { BIN, runProcess, type ProcessRun } from '../cli/run-codev.ts';
import { exitOf, killCodevProcesses, startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';

/** Past this, what should have happened at once is taken to hang. */
const HANG_GUARD_MS = 30_000;
const PASSWORD = 'horse-battery-staple';
const API_FAILURE = 'the upstream is on fire';

let server: FakeMessagesServer;
let project: string;
let workspaces: string;
let queueNumber = 0;
let releaseHanging: () => void = () => {};
const hanging = new Promise<void>((resolve) => (releaseHanging = resolve));

beforeAll(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-operator-signals-'));
  workspaces = mkdtempSync(path.join(os.tmpdir(), 'codev-operator-signals-workspaces-'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'x' };\n");
  server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: async (request, index) => {
      const prompt = JSON.stringify(request.body.messages?.[0]?.content ?? '');
      if (prompt.includes('fail')) return errorReply(500, { message: API_FAILURE });
      if (prompt.includes('hang')) await hanging;
      if (prompt.includes('write a file') && request.body.messages?.length === 1) return toolUseReply('Write', { file_path: path.join(project, `note-${index}.txt`), content: 'hi' }, { id: 'toolu_write' });
      return textReply('done');
    },
  });
}, 30_000);
afterAll(async () => {
  releaseHanging();
  killCodevProcesses();
  await server?.close();
  rmSync(project, { recursive: true, force: true });
  rmSync(workspaces, { recursive: true, force: true });
});
afterEach(() => killCodevProcesses());

const nextQueue = () => `signals-${++queueNumber}`;
const modelEnv = () => ({ ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

/** `codev <args>` in the test project, with only `env` (no CODEV_REDIS_URL unless given); SIGKILLed (code null) past the guard. */
function codev(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runProcess({ command: process.execPath, args: [BIN, ...args], cwd: project, env, timeoutMs: HANG_GUARD_MS });
}

function startWorker(options: { args: string[]; env: Record<string, string> }): CodevProcess {
  return startCodevProcess({ args: ['worker', '--workspace-root', workspaces, ...options.args], cwd: project, env: options.env });
}

describe('a worker whose Redis goes away', () => {
  let redis: RedisServer;
  beforeAll(async () => void (redis = await startRedisServer()), 30_000);
  afterAll(async () => await redis?.stop());

  it('says once that it went away and once that it is back, and prints no connection error besides', async () => {
    const worker = startWorker({ args: ['--queue', nextQueue()], env: { CODEV_REDIS_URL: redis.url, ...modelEnv() } });
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    await redis.kill9();
    await worker.waitForStderr({ pattern: /lost/, timeoutMs: HANG_GUARD_MS });
    // Long enough for the reconnection attempts of every connection to fail several times.
    await sleep(4_000);
    await redis.restart();
    await worker.waitForStderr({ pattern: /is back/, timeoutMs: HANG_GUARD_MS });
    await sleep(1_000);
    const after = worker.stderr().split('codev worker: ready')[1]!;
    expect(count(after, /lost/), after).toBe(1);
    expect(count(after, /is back/), after).toBe(1);
    // The lost line names the cause once; nothing else tells the outage again.
    expect(count(after, /ECONNREFUSED/), after).toBe(1);
    expect(after).not.toMatch(/worker error/);
    expect(await worker.stop({ signal: 'SIGTERM', timeoutMs: HANG_GUARD_MS })).toBe(0);
  }, 120_000);

  it('stops on one SIGINT while Redis is down', async () => {
    const worker = startWorker({ args: ['--queue', nextQueue()], env: { CODEV_REDIS_URL: redis.url, ...modelEnv() } });
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    // Idle for a while (past its first blocking reads for jobs), as an operator's worker is.
    await sleep(5_000);
    await redis.kill9();
    await worker.waitForStderr({ pattern: /lost/, timeoutMs: HANG_GUARD_MS });
    // Past the first reconnection attempts: a QUIT of the blocking connection then waits for Redis.
    await sleep(5_000);
    expect(await worker.stop({ signal: 'SIGINT', timeoutMs: HANG_GUARD_MS })).toBe(0);
    await redis.restart();
  }, 120_000);
});

describe('a Redis with a password', () => {
  let redis: RedisServer;
  let reader = '';
  const url = (auth: string) => `redis://${auth}@127.0.0.1:${redis.port}`;
  beforeAll(async () => {
    redis = await startRedisServer({ password: PASSWORD });
    const admin = new Redis(url(`:${PASSWORD}`));
    // A user that may log in but run nothing.
    await admin.call('ACL', 'SETUSER', 'reader', 'on', '>reader-secret', '-@all');
    await admin.quit();
    reader = url('reader:reader-secret');
  }, 30_000);
  afterAll(async () => await redis?.stop());

  it('refuses a wrong password, none, or a user without rights with FLEET_REDIS_AUTH_FAILED: a worker exits at once, submitters and status fail', async () => {
    const queue = nextQueue();
    const right = await codev(['queue', 'status', '--redis', url(`:${PASSWORD}`), '--queue', queue]);
    expect(right.code, right.stderr).toBe(0);
    for (const wrong of [url(':not-the-password'), url(''), reader]) {
      const worker = startWorker({ args: ['--redis', wrong, '--queue', queue], env: modelEnv() });
      const code = await exitOf(worker, HANG_GUARD_MS);
      expect(code, worker.stderr()).not.toBe(0);
      expect(code, worker.stderr()).not.toBeNull();
      expect(worker.stderr()).toContain('FLEET_REDIS_AUTH_FAILED');
      for (const args of [['queue', 'add', 'agent.ts', '--prompt', 'say done'], ['queue', 'status']]) {
        const run = await codev([...args, '--redis', wrong, '--queue', queue]);
        expect(run.code, run.stderr).not.toBe(0);
        expect(run.code, run.stderr).not.toBeNull();
        expect(run.stderr).toContain('FLEET_REDIS_AUTH_FAILED');
        expect(run.stderr).not.toContain('reader-secret');
        expect(run.stderr).not.toContain('not-the-password');
      }
    }
  }, 240_000);

  it('tells a submitter whose Redis went away FLEET_REDIS_UNREACHABLE, naming the URL without its password, for every command', async () => {
    const queue = nextQueue();
    const fleet = await createFleet({ connection: url(`:${PASSWORD}`), queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'say done' });
      await redis.kill9();
      const calls: [string, () => Promise<unknown>][] = [
        ['submit', () => fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'say done' })],
        ['status', () => fleet.status()],
        ['answer', () => fleet.answer({ jobId: job.id, approvals: { toolu_1: { behavior: 'allow' } } })],
        ['cancel', () => fleet.cancel(job.id)],
      ];
      for (const [name, call] of calls) {
        const error = await call().then(
          () => undefined,
          (thrown: unknown) => thrown,
        );
        expect(CodevError.isInstance(error) && error.code, `${name}: ${String(error)}`).toBe('FLEET_REDIS_UNREACHABLE');
        expect((error as CodevError).message).toContain(`127.0.0.1:${redis.port}`);
        expect((error as CodevError).message).not.toContain(PASSWORD);
      }
    } finally {
      await redis.restart();
      await fleet.close();
    }
  }, 240_000);

  it('ends codev queue watch with FLEET_REDIS_UNREACHABLE when Redis goes away', async () => {
    const queue = nextQueue();
    const target = ['--redis', url(`:${PASSWORD}`), '--queue', queue];
    const add = await codev(['queue', 'add', 'agent.ts', '--prompt', 'say done', ...target]);
    expect(add.code, add.stderr).toBe(0);
    const watch = startCodevProcess({ args: ['queue', 'watch', add.stdout.trim(), ...target], cwd: project });
    const admin = new Redis(url(`:${PASSWORD}`));
    try {
      while (!String(await admin.call('CLIENT', 'LIST')).includes('codev-fleet:events')) await sleep(100);
    } finally {
      admin.disconnect();
    }
    await redis.kill9();
    const code = await exitOf(watch, HANG_GUARD_MS);
    expect(code, watch.stderr()).not.toBe(0);
    expect(code, watch.stderr()).not.toBeNull();
    expect(watch.stderr()).toContain('FLEET_REDIS_UNREACHABLE');
    expect(watch.stderr()).not.toContain(PASSWORD);
    await redis.restart();
  }, 120_000);
});

describe('a worker and its jobs', () => {
  let redis: RedisServer;
  beforeAll(async () => void (redis = await startRedisServer()), 30_000);
  afterAll(async () => await redis?.stop());

  it('refuses to start without a way to reach the model, and takes no job; --no-model-check lets a worker for scripts with their own client start', async () => {
    const queue = nextQueue();
    const add = await codev(['queue', 'add', 'agent.ts', '--prompt', 'say done', '--queue', queue], { CODEV_REDIS_URL: redis.url });
    expect(add.code, add.stderr).toBe(0);
    const worker = startWorker({ args: ['--queue', queue], env: { CODEV_REDIS_URL: redis.url } });
    const code = await exitOf(worker, HANG_GUARD_MS);
    expect(code, worker.stderr()).not.toBe(0);
    expect(code, worker.stderr()).not.toBeNull();
    expect(worker.stderr()).toContain('MODEL_NOT_CONFIGURED');
    expect(worker.stderr()).toContain('ANTHROPIC_API_KEY');
    const status = await codev(['queue', 'status', '--json', '--queue', queue], { CODEV_REDIS_URL: redis.url });
    expect(JSON.parse(status.stdout).jobs).toMatchObject([{ state: 'waiting', attempts: 0 }]);
    const escaped = startWorker({ args: ['--queue', nextQueue(), '--no-model-check'], env: { CODEV_REDIS_URL: redis.url } });
    await escaped.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    expect(await escaped.stop({ signal: 'SIGTERM', timeoutMs: HANG_GUARD_MS })).toBe(0);
  }, 120_000);

  it('prints approve and deny commands that run as printed, with the queue and the Redis they need', async () => {
    const queue = nextQueue();
    const target = ['--redis', redis.url, '--queue', queue];
    const add = await codev(['queue', 'add', 'agent.ts', '--prompt', 'write a file', '--defer-asks', '--permission-mode', 'default', ...target]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain(`codev queue watch ${add.stdout.trim()} --queue ${queue} --redis ${redis.url}`);
    const worker = startWorker({ args: target, env: modelEnv() });
    await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: HANG_GUARD_MS });
    const parked = await codev(['queue', 'watch', add.stdout.trim(), ...target]);
    expect(parked.code, parked.stderr).toBe(3);
    const printed = /(codev queue approve \S+ toolu_write[^\n(]*?)\s*\(/.exec(parked.stderr)?.[1];
    expect(printed, parked.stderr).toBeDefined();
    const approve = await codev(printed!.split(/\s+/).slice(1));
    expect(approve.code, approve.stderr).toBe(0);
    const done = await codev(['queue', 'watch', add.stdout.trim(), ...target]);
    expect(done.code, done.stderr).toBe(0);
    expect(await worker.stop({ signal: 'SIGTERM', timeoutMs: HANG_GUARD_MS })).toBe(0);
  }, 120_000);

  describe('in process', () => {
    let fleet: Fleet;
    let worker: FleetWorker;
    beforeAll(async () => {
      fleet = await createFleet({ connection: redis.url, queue: nextQueue(), env: {} });
      worker = await fleet.worker({ concurrency: 2, scriptRoots: [project], workspaceRoot: workspaces, env: modelEnv() });
    }, 30_000);
    afterAll(async () => {
      releaseHanging();
      await worker?.close({ force: true });
      await fleet?.close();
    });

    it("carries a failed job's cause into its error, and says its code once", async () => {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'fail now', attempts: 1 });
      const result = await job.result({ timeoutMs: HANG_GUARD_MS });
      expect(result.status).toBe('failed');
      expect(result.error?.message).toContain('500');
      expect(result.error?.message).toContain(API_FAILURE);
      expect(result.error?.message).not.toContain(result.error!.code);
      const [summary] = (await fleet.status({ ids: [job.id] })).jobs;
      expect(count(summary!.error ?? '', new RegExp(result.error!.code)), summary!.error).toBe(1);
      expect(summary!.error).toContain(API_FAILURE);
    }, 60_000);

    it('counts a cancelled running job as cancelled and a parked one as parked, as it lists them', async () => {
      const running = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'hang on' });
      const parking = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'write a file', deferAsks: true, permissions: { mode: 'default' } });
      while ((await fleet.status({ ids: [running.id, parking.id] })).jobs.map((job) => job.state).join() !== 'active,parked') await sleep(100);
      await fleet.cancel(running.id);
      expect((await running.result({ timeoutMs: HANG_GUARD_MS })).status).toBe('cancelled');
      const { counts, jobs } = await fleet.status();
      const listed: Record<string, number> = {};
      for (const job of jobs) listed[job.state] = (listed[job.state] ?? 0) + 1;
      expect(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0))).toEqual(listed);
      expect(listed).toMatchObject({ cancelled: 1, parked: 1 });
    }, 60_000);
  });
});
