import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/fleet/test-fixtures/free-port.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer } from '../../src/testing/index.ts';
import { BIN, runProcess, type ProcessRun } from './run-codev.ts';
import { killCodevProcesses, startCodevProcess } from './start-codev-process.ts';

let redis: RedisServer;
let project: string;
let queueNumber = 0;
/** A queue of its own per test: what one test queues, another never sees. */
let queue = '';

beforeAll(async () => {
  redis = await startRedisServer();
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-queue-cli-'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'x' };\n");
}, 30_000);
afterAll(async () => {
  killCodevProcesses();
  await redis?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});
beforeEach(() => void (queue = `cli-${++queueNumber}`));
afterEach(() => killCodevProcesses());

const RUN_WITHIN_MS = 30_000;

/** `codev <args>` in the test project against the test's queue; SIGKILLed (code null) past its bound. */
function codev(args: string[], env: Record<string, string> = {}): Promise<ProcessRun> {
  return runProcess({ command: process.execPath, args: [BIN, ...args], cwd: project, env: { CODEV_REDIS_URL: redis.url, ...env }, timeoutMs: RUN_WITHIN_MS });
}

const inQueue = (args: string[]) => codev([...args, '--queue', queue]);

async function status(ids: string[] = []): Promise<{ counts: Record<string, number>; jobs: { id: string; state: string; prompt: string }[] }> {
  const run = await inQueue(['queue', 'status', ...ids, '--json']);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

const queued = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);

describe('codev queue and codev worker', () => {
  it('explain themselves with --help', async () => {
    const queueHelp = await codev(['queue', '--help']);
    expect(queueHelp.code).toBe(0);
    for (const option of ['--prompts', '--allow', '--defer-asks', '--attempts', '--redis', '--queue', 'CODEV_REDIS_URL', 'approve', 'Exit codes']) expect(queueHelp.stdout).toContain(option);
    expect((await codev(['queue', 'add', '--help'])).code).toBe(0);
    const workerHelp = await codev(['worker', '--help']);
    expect(workerHelp.code).toBe(0);
    for (const option of ['--concurrency', '--rate', '--lock-duration', '--stalled-interval', '--max-stalled', '--workspace-root', '--trust-workspace', 'SIGTERM', 'CODEV_REDIS_URL', 'Exit codes']) expect(workerHelp.stdout).toContain(option);
    const main = await codev(['--help']);
    expect(main.stdout).toMatch(/^ {2}queue /m);
    expect(main.stdout).toMatch(/^ {2}worker /m);
  }, 90_000);

  it('refuses bad usage with exit 2 and queues nothing', async () => {
    writeFileSync(path.join(project, 'bad.jsonl'), '"first task"\n{"task": "no prompt key"}\n"third"\n');
    const badLine = await inQueue(['queue', 'add', 'agent.ts', '--prompts', 'bad.jsonl']);
    expect(badLine.code).toBe(2);
    expect(badLine.stderr).toContain('CLI_USAGE');
    expect(badLine.stderr).toContain(`${path.join(project, 'bad.jsonl')}:2`);
    for (const args of [['queue', 'add'], ['queue', 'add', 'missing.ts', '--prompt', 'x'], ['queue', 'add', 'agent.ts'], ['queue', 'add', 'agent.ts', '--prompt', 'x', '--max-turns', '0'], ['queue', 'frobnicate'], ['worker', '--rate', '5/fortnight'], ['worker', '--rate', 'many'], ['worker', '--concurrency', '0'], ['queue', 'clean', '--older-than', 'soon'], ['queue', 'clean', 'extra'], ['queue', 'add', 'agent.ts', '--prompt', 'x', '--max-prompt-bytes', '0']]) {
      const run = await inQueue(args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
    }
    expect(queued((await status()).counts)).toBe(0);
  }, 120_000);

  it('cleans ended jobs: --dry-run says which, clean removes them from the queue', async () => {
    const help = await codev(['queue', 'clean', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['clean', '--older-than', '--dry-run', '--workspace-root']) expect(help.stdout).toContain(option);
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'soon cancelled']);
    const id = add.stdout.trim();
    expect((await inQueue(['queue', 'cancel', id])).code).toBe(0);
    const young = await inQueue(['queue', 'clean']);
    expect(young.code, young.stderr).toBe(0);
    expect(young.stdout).not.toContain(id);
    const dryRun = await inQueue(['queue', 'clean', '--older-than', '0', '--dry-run']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain(id);
    expect((await status()).jobs.map((job) => job.id)).toEqual([id]);
    // The config's retention when no --older-than is given.
    writeFileSync(path.join(project, 'codev.config.ts'), "export default { fleet: { retention: '0' } };\n");
    const clean = await inQueue(['queue', 'clean']).finally(() => rmSync(path.join(project, 'codev.config.ts'), { force: true }));
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain(id);
    const after = await status();
    expect(after.jobs).toEqual([]);
    expect(after.counts.cancelled).toBe(0);
  }, 90_000);

  it('refuses a prompt over --max-prompt-bytes with exit 1 (JOB_INVALID), queueing nothing', async () => {
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'more than eight bytes', '--max-prompt-bytes', '8']);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('JOB_INVALID');
    expect(queued((await status()).counts)).toBe(0);
  }, 60_000);

  it('adds one job per line of a prompts file and prints their ids, one per line', async () => {
    writeFileSync(path.join(project, 'tasks.jsonl'), '"fix the login test"\n\n{"prompt": "update the changelog"}\n"bump the version"\n');
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompts', 'tasks.jsonl', '--allow', 'Bash(npm test)', '--max-turns', '3']);
    expect(add.code, add.stderr).toBe(0);
    const ids = add.stdout.trim().split('\n');
    expect(ids).toHaveLength(3);
    const listed = await status();
    expect(listed.counts.waiting).toBe(3);
    expect(listed.jobs.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(listed.jobs.map((job) => job.prompt).sort()).toEqual(['bump the version', 'fix the login test', 'update the changelog']);
  }, 60_000);

  it('refuses an invalid rule at submit with exit 1, queueing nothing', async () => {
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'x', '--allow', 'Bash(npm test']);
    expect(add.code).toBe(1);
    expect(add.stderr).toContain('JOB_INVALID');
    expect(add.stdout).toBe('');
    expect(queued((await status()).counts)).toBe(0);
    const watchNothing = await inQueue(['queue', 'watch']);
    expect(watchNothing.code).toBe(0);
    expect(watchNothing.stdout).toBe('');
  }, 60_000);

  it('cancels a waiting job, which status then shows cancelled and watch ends at once with exit 1', async () => {
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'never runs']);
    const id = add.stdout.trim();
    const cancel = await inQueue(['queue', 'cancel', id]);
    expect(cancel.code, cancel.stderr).toBe(0);
    expect((await status([id])).jobs).toMatchObject([{ id, state: 'cancelled' }]);
    const watch = await inQueue(['queue', 'watch', id]);
    expect(watch.code).toBe(1);
    const lines = watch.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ jobId: id, event: { type: 'job-end', result: { status: 'cancelled' } } });
    const unknown = await inQueue(['queue', 'cancel', 'no-such-job']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('JOB_NOT_FOUND');
    expect((await inQueue(['queue', 'approve', id, 'toolu_1'])).code).toBe(1);
  }, 90_000);

  it('keeps a worker waiting for an unreachable Redis, saying so at each retry, until SIGTERM stops it', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    const worker = startCodevProcess({ args: ['worker', '--redis', url, '--queue', queue], cwd: project, env: { ANTHROPIC_API_KEY: 'test-key' } });
    await worker.waitForStderr({ pattern: /codev worker: Redis at redis:\/\/127\.0\.0\.1:\d+ is unreachable.*retrying in/, count: 2, timeoutMs: 20_000 });
    expect(worker.child.exitCode).toBeNull();
    expect(await worker.stop({ signal: 'SIGTERM', timeoutMs: 5_000 })).toBe(0);
  }, 30_000);
});

describe('a job through codev queue add, codev worker and codev queue watch', () => {
  let server: FakeMessagesServer;
  beforeAll(async () => {
    server = await createFakeMessagesServer({
      apiKey: 'test-key',
      script: (request) => {
        const asks = JSON.stringify(request.body.messages?.[0]?.content ?? '').includes('write a file');
        return asks && request.body.messages?.length === 1 ? toolUseReply('Write', { file_path: path.join(project, 'note.txt'), content: 'hi' }, { id: 'toolu_write' }) : textReply('All done.');
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('completes, watch exits 0, and the worker stops cleanly on Ctrl-C; a parked job waits (exit 3) until answered', async () => {
    const add = await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'say done']);
    expect(add.code, add.stderr).toBe(0);
    const id = add.stdout.trim();
    const parking = (await inQueue(['queue', 'add', 'agent.ts', '--prompt', 'write a file', '--defer-asks', '--permission-mode', 'default'])).stdout.trim();
    const workspaces = mkdtempSync(path.join(os.tmpdir(), 'codev-queue-workspaces-'));
    const worker = startCodevProcess({
      args: ['worker', '--queue', queue, '--workspace-root', workspaces, '--lock-duration', '5000', '--stalled-interval', '2000'],
      cwd: project,
      env: { CODEV_REDIS_URL: redis.url, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', CODEV_MAX_RETRIES: '0' },
    });
    try {
      await worker.waitForStderr({ pattern: /codev worker: ready/, timeoutMs: 30_000 });
      const watch = await inQueue(['queue', 'watch', id]);
      expect(watch.code, watch.stderr).toBe(0);
      const events = watch.stdout.trim().split('\n').map((line) => JSON.parse(line));
      expect(events[0]).toMatchObject({ jobId: id, event: { type: 'job-start' } });
      expect(events.some((line) => line.event.type === 'text-delta')).toBe(true);
      expect(events.at(-1)).toMatchObject({ jobId: id, event: { type: 'job-end', result: { status: 'completed', text: 'All done.' } } });
      expect((await status([id])).jobs).toMatchObject([{ id, state: 'completed' }]);

      const parked = await inQueue(['queue', 'watch', parking]);
      expect(parked.code, parked.stderr).toBe(3);
      expect(parked.stdout.trim().split('\n').map((line) => JSON.parse(line)).at(-1)).toMatchObject({ event: { type: 'job-parked', waiting: [{ toolUseId: 'toolu_write', toolName: 'Write' }] } });
      expect(parked.stderr).toContain(`codev queue approve ${parking} toolu_write`);
      expect((await status([parking])).jobs).toMatchObject([{ state: 'parked' }]);
      const deny = await inQueue(['queue', 'deny', parking, 'toolu_write', '--message', 'not now']);
      expect(deny.code, deny.stderr).toBe(0);
      const answered = await inQueue(['queue', 'watch', parking]);
      expect(answered.code, answered.stderr).toBe(0);
      expect(answered.stdout.trim().split('\n').map((line) => JSON.parse(line)).at(-1)).toMatchObject({ event: { type: 'job-end', result: { status: 'completed' } } });
      expect(existsSync(path.join(project, 'note.txt'))).toBe(false);

      expect(await worker.stop({ signal: 'SIGINT', timeoutMs: 10_000 })).toBe(0);
      expect(worker.stderr()).toContain('codev worker: stopped');
    } finally {
      rmSync(workspaces, { recursive: true, force: true });
    }
  }, 120_000);
});
