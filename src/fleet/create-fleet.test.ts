import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejectionCode } from '../testing/rejection-code.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer, type FakeReply } from '../testing/index.ts';
import { createFleet } from './create-fleet.ts';
import { connectRedis } from './redis/connect-redis.ts';
import { createRedisSessionStore } from './session-store/create-redis-session-store.ts';
import { createBareRepository } from './test-fixtures/create-bare-repository.ts';
import { startRedisServer, type RedisServer } from './test-fixtures/start-redis-server.ts';
import { fleetKeys } from './fleet-keys.ts';
import { writeJobState } from './job/job-state.ts';
import type { Fleet, FleetEvent, FleetWorker, JobHandle } from './types.ts';

// A project inside the repo, so that its plugin resolves `zod` and `codev/plugin` the way a user's does.
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = path.join(REPO, 'node_modules', '.cache', `codev-fleet-test-${process.pid}`);
const NOTE_PLUGIN = `import { buildTool } from 'codev/plugin';
import { z } from 'zod';
export default buildTool({
  name: 'Note',
  description: 'Writes a note, slowly when asked',
  inputSchema: z.object({ text: z.string(), ms: z.number().optional() }),
  isReadOnly: () => true,
  interruptBehavior: () => 'cancel',
  async call({ text, ms }, context) {
    if (ms) await new Promise((resolve) => { const timer = setTimeout(resolve, ms); context.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(undefined); }, { once: true }); });
    return { data: 'noted: ' + text };
  },
});
`;

let redis: RedisServer;
let server: FakeMessagesServer;
let reply: (index: number) => FakeReply = () => textReply('done');
let firstRequest = 0;
/** The replies of this test's requests, counted from its first. */
function replies(next: (index: number) => FakeReply): void {
  firstRequest = server.requests.length;
  reply = next;
}
let fleet: Fleet;
let worker: FleetWorker | undefined;
let queueName = '';
const env = () => ({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' });

beforeAll(async () => {
  mkdirSync(path.join(PROJECT, 'plugins'), { recursive: true });
  writeFileSync(path.join(PROJECT, 'plugins/note.ts'), NOTE_PLUGIN);
  writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-test-project", "private": true }\n');
  writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You are a fleet test agent.' };\n");
  writeFileSync(path.join(PROJECT, 'throws.ts'), "throw new Error('broken at import');\n");
  redis = await startRedisServer();
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => reply(index - firstRequest) });
});
afterAll(async () => {
  await server?.close();
  await redis?.stop();
  rmSync(PROJECT, { recursive: true, force: true });
});
afterEach(async () => {
  await worker?.close({ force: true });
  worker = undefined;
  await fleet?.close();
  reply = () => textReply('done');
});

/** A fleet on a queue of its own, so no test sees another's jobs. */
async function openFleet(): Promise<Fleet> {
  queueName = `test-${randomUUID().slice(0, 8)}`;
  fleet = await createFleet({ connection: redis.url, queue: queueName, env: {} });
  return fleet;
}

async function startWorker(): Promise<void> {
  worker = await fleet.worker({ env: env(), lockDurationMs: 5_000, stalledIntervalMs: 2_500, workspaceRoot: path.join(PROJECT, 'workspaces') });
}

async function collect(job: JobHandle): Promise<FleetEvent[]> {
  const events: FleetEvent[] = [];
  const timeout = AbortSignal.timeout(30_000);
  for await (const event of job.events({ signal: timeout })) events.push(event);
  return events;
}

const script = path.join(PROJECT, 'agent.ts');

describe('createFleet', () => {
  it('runs a job on a worker: the agent events in order, a checkpoint per completed turn, the result', async () => {
    await openFleet();
    await startWorker();
    replies((index) => (index === 0 ? toolUseReply('Note', { text: 'a' }, { id: 'toolu_1' }) : textReply('all done')));
    const job = await fleet.submit({ script, prompt: 'take a note', permissions: { allow: ['Note'] } });
    const events = await collect(job);
    expect(events.map((event) => event.type).filter((type) => !type.endsWith('-delta') && type !== 'usage')).toEqual(['job-start', 'turn-start', 'tool-call', 'tool-result', 'job-checkpoint', 'turn-start', 'text', 'end', 'job-checkpoint', 'job-end']);
    expect(events.find((event) => event.type === 'tool-result')).toMatchObject({ status: 'ok', decision: { behavior: 'allow' } });
    const result = await job.result({ timeoutMs: 5_000 });
    expect(result).toMatchObject({ jobId: job.id, status: 'completed', text: 'all done', endReason: 'end_turn', turns: 2, attempts: 1, sessionId: expect.any(String) });
    expect(result.costUsd).toBeGreaterThan(0);
    const client = await connectRedis({ url: redis.url });
    try {
      const session = await createRedisSessionStore({ redis: client, prefix: fleetKeys(queueName).sessions }).read(result.sessionId!);
      expect(session.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    } finally {
      client.disconnect();
    }
    const status = await fleet.status({ ids: [job.id] });
    expect(status.jobs[0]).toMatchObject({ id: job.id, state: 'completed', turn: 2, attempts: 1 });
  });

  it('refuses a bad submit before anything is queued: an invalid rule, a missing script, no prompt', async () => {
    await openFleet();
    expect(await rejectionCode(fleet.submit({ script, prompt: 'x', permissions: { allow: ['Bash(npm test'] } }))).toBe('JOB_INVALID');
    expect(await rejectionCode(fleet.submit({ script, prompt: 'x', permissions: { deny: [''] } }))).toBe('JOB_INVALID');
    // A deny rule that can match nothing (no domain: pattern) is refused, not queued to stop nothing.
    expect(await rejectionCode(fleet.submit({ script, prompt: 'x', permissions: { deny: ['WebFetch(127.0.0.1)'] } }))).toBe('JOB_INVALID');
    expect(await rejectionCode(fleet.submit({ script: path.join(PROJECT, 'missing.ts'), prompt: 'x' }))).toBe('JOB_INVALID');
    expect(await rejectionCode(fleet.submit({ script, prompts: ['ok', ' '] }))).toBe('JOB_INVALID');
    expect(await rejectionCode(fleet.submit({ script, prompt: 'x', attempts: 0 }))).toBe('JOB_INVALID');
    const { counts } = await fleet.status();
    expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(0);
  });

  it('fails a job for good, on its first attempt, when its script throws at import or is gone from the worker', async () => {
    await openFleet();
    const throws = await fleet.submit({ script: path.join(PROJECT, 'throws.ts'), prompt: 'x' });
    const gone = path.join(PROJECT, `gone-${randomUUID().slice(0, 6)}.ts`);
    writeFileSync(gone, 'export default {};\n');
    const missing = await fleet.submit({ script: gone, prompt: 'x' });
    unlinkSync(gone);
    await startWorker();
    expect(await throws.result({ timeoutMs: 20_000 })).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'SCRIPT_FAILED' } });
    expect(await missing.result({ timeoutMs: 20_000 })).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'JOB_INVALID' } });
  });

  it('runs only the scripts inside its script folders, a link out of them included', async () => {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-outside-'));
    try {
      writeFileSync(path.join(outside, 'agent.ts'), "export default { system: 'not for this worker' };\n");
      const link = path.join(PROJECT, `link-${randomUUID().slice(0, 6)}.ts`);
      symlinkSync(path.join(outside, 'agent.ts'), link);
      replies(() => textReply('never asked'));
      await openFleet();
      await startWorker();
      const [elsewhere, linked] = [await fleet.submit({ script: path.join(outside, 'agent.ts'), prompt: 'x' }), await fleet.submit({ script: link, prompt: 'x' })];
      for (const job of [elsewhere, linked]) expect(await job.result({ timeoutMs: 20_000 })).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'JOB_INVALID' } });
      expect(server.requests.length).toBe(firstRequest);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a job whose agent finished before its worker died is only finished by the next attempt, the model not asked again', async () => {
    await openFleet();
    replies(() => textReply('asked again'));
    const job = await fleet.submit({ script, prompt: 'done already' });
    const client = await connectRedis({ url: redis.url });
    try {
      // What the dead worker left: the agent's result, before the job was marked completed.
      await writeJobState(client, fleetKeys(queueName).state(job.id), { turn: 2, ended: { jobId: job.id, status: 'completed', text: 'finished before the crash', endReason: 'end_turn', turns: 2, costUsd: 0.01, attempts: 1 } });
    } finally {
      client.disconnect();
    }
    await startWorker();
    expect(await job.result({ timeoutMs: 20_000 })).toMatchObject({ status: 'completed', text: 'finished before the crash', turns: 2 });
    expect(server.requests.length).toBe(firstRequest);
  });

  it('a job whose worker died after its last checkpoint, before it recorded the end, ends on the next attempt: its last turn asked again, once in its transcript', async () => {
    await openFleet();
    await startWorker();
    replies(() => textReply('first answer'));
    const finished = await (await fleet.submit({ script, prompt: 'answer once' })).result({ timeoutMs: 20_000 });
    await worker!.close();
    worker = undefined;
    const job = await fleet.submit({ script, prompt: 'answer once' });
    const client = await connectRedis({ url: redis.url });
    const store = createRedisSessionStore({ redis: client, prefix: fleetKeys(queueName).sessions });
    try {
      // What a worker killed between the checkpoint after the model's last answer and its `ended` write leaves: the
      // session ends with that answer, and the state names it (a chaos run found it: INPUT_INVALID on every attempt).
      const last = (await store.read(finished.sessionId!)).messages.at(-1)!;
      expect(last.message.role).toBe('assistant');
      await writeJobState(client, fleetKeys(queueName).state(job.id), { sessionId: finished.sessionId!, messageUuid: last.uuid, turn: 1 });
      replies(() => textReply('answered again'));
      await startWorker();
      const result = await job.result({ timeoutMs: 20_000 });
      expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', text: 'answered again', turns: 1 });
      expect((await store.read(result.sessionId!)).messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant']);
    } finally {
      client.disconnect();
    }
  });

  it('cancels a waiting job at once and a running one through its query, its transcript intact', async () => {
    await openFleet();
    const waiting = await fleet.submit({ script, prompt: 'never runs' });
    await waiting.cancel();
    expect(await waiting.result({ timeoutMs: 5_000 })).toMatchObject({ status: 'cancelled', turns: 0 });
    // BullMQ no longer has it; status still tells what became of it.
    expect((await fleet.status({ ids: [waiting.id] })).jobs).toMatchObject([{ id: waiting.id, state: 'cancelled', prompt: 'never runs' }]);
    const all = await fleet.status();
    expect(all.counts).toMatchObject({ waiting: 0, cancelled: 1 });
    expect(all.jobs).toMatchObject([{ id: waiting.id, state: 'cancelled' }]);

    replies(() => toolUseReply('Note', { text: 'slow', ms: 20_000 }, { id: 'toolu_slow' }));
    await startWorker();
    const running = await fleet.submit({ script, prompt: 'take a slow note', permissions: { allow: ['Note'] } });
    const seen: FleetEvent[] = [];
    for await (const event of running.events({ signal: AbortSignal.timeout(20_000) })) {
      seen.push(event);
      if (event.type === 'tool-call') await running.cancel();
    }
    expect(seen.at(-1)).toMatchObject({ type: 'job-end', result: { status: 'cancelled' } });
    expect(seen.find((event) => event.type === 'end')).toMatchObject({ reason: 'aborted' });
    expect(seen.find((event) => event.type === 'tool-result')).toMatchObject({ toolUseId: 'toolu_slow' });
    expect((await fleet.status({ ids: [running.id] })).jobs[0]).toMatchObject({ state: 'cancelled' });
  });

  it('hands a running job back to the queue when its worker is stopped, without spending an attempt; another worker finishes it', async () => {
    await openFleet();
    await startWorker();
    replies((index) => (index === 0 ? toolUseReply('Note', { text: 'slow', ms: 20_000 }, { id: 'toolu_stop' }) : textReply('finished elsewhere')));
    const job = await fleet.submit({ script, prompt: 'a slow note', permissions: { allow: ['Note'] }, attempts: 1 });
    const seen: FleetEvent[] = [];
    for await (const event of job.events({ signal: AbortSignal.timeout(30_000) })) {
      seen.push(event);
      if (event.type === 'tool-call') {
        await worker!.close({ force: true });
        await startWorker();
      }
    }
    expect(seen.filter((event) => event.type === 'job-retry')).toMatchObject([{ reason: 'worker-stopped' }]);
    expect(seen.filter((event) => event.type === 'job-start')).toMatchObject([{}, { resumedFromTurn: 0 }]);
    expect(seen.at(-1)).toMatchObject({ type: 'job-end', result: { status: 'completed', text: 'finished elsewhere' } });
  }, 40_000);

  it('starts at most `limiter.max` jobs per `limiter.durationMs` over the queue', async () => {
    await openFleet();
    worker = await fleet.worker({ env: env(), concurrency: 6, limiter: { max: 2, durationMs: 1_000 }, workspaceRoot: path.join(PROJECT, 'workspaces') });
    const jobs = await fleet.submit({ script, prompts: ['1', '2', '3', '4', '5', '6'] });
    const started: number[] = [];
    await Promise.all(
      jobs.map(async (job) => {
        for await (const event of job.events({ signal: AbortSignal.timeout(20_000) })) if (event.type === 'job-start') started.push(Date.parse(event.startedAt));
      }),
    );
    started.sort((left, right) => left - right);
    // Three windows of two: the fifth job cannot start before two windows have passed.
    expect(started).toHaveLength(6);
    expect(started[4]! - started[0]!).toBeGreaterThanOrEqual(1_800);
  }, 40_000);

  it('backs the whole queue off on a 429 with retry-after, without spending an attempt, and goes on from where it was', async () => {
    await openFleet();
    await startWorker();
    replies((index) => (index < 2 ? errorReply(429, { retryAfterSeconds: 2.5 }) : textReply('after the storm')));
    const job = await fleet.submit({ script, prompt: 'hello', attempts: 1 });
    const events = await collect(job);
    expect(events.filter((event) => event.type === 'job-retry')).toMatchObject([{ reason: 'rate-limited' }, { reason: 'rate-limited' }]);
    expect(events.at(-1)).toMatchObject({ type: 'job-end', result: { status: 'completed', text: 'after the storm' } });
    // Each resumed attempt forks the session at the prompt: the model reads it once, never twice.
    expect(server.requests.at(-1)!.body.messages!.map((message) => message.role)).toEqual(['user']);
  }, 30_000);

  it('parks a job whose ask is deferred, and goes on, on a worker, once every waiting call is answered', async () => {
    await openFleet();
    await startWorker();
    replies((index) => (index === 0 ? toolUseReply('Note', { text: 'needs approval' }, { id: 'toolu_ask' }) : textReply('approved and done')));
    const job = await fleet.submit({ script, prompt: 'note it', deferAsks: true });
    const seen: FleetEvent[] = [];
    for await (const event of job.events({ signal: AbortSignal.timeout(20_000) })) {
      seen.push(event);
      if (event.type === 'job-parked') {
        expect(event.waiting).toMatchObject([{ toolUseId: 'toolu_ask', toolName: 'Note' }]);
        expect((await fleet.status({ ids: [job.id] })).jobs[0]).toMatchObject({ state: 'parked' });
        expect(await rejectionCode(fleet.answer({ jobId: job.id, approvals: { toolu_other: { behavior: 'allow' } } }))).toBe('INPUT_INVALID');
        await fleet.answer({ jobId: job.id, approvals: { toolu_ask: { behavior: 'allow' } } });
      }
    }
    expect(seen.filter((event) => event.type === 'tool-result')).toMatchObject([{ toolUseId: 'toolu_ask', status: 'ok' }]);
    expect(seen.at(-1)).toMatchObject({ type: 'job-end', result: { status: 'completed', text: 'approved and done' } });
  }, 30_000);

  it('works in a checkout of the job\'s repository and pushes its work as a branch', async () => {
    const remote = createBareRepository(PROJECT);
    const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
    await openFleet();
    await startWorker();
    let jobFolder = '';
    // The attempt's checkout, as the job's tools name it (under the real path of the root): the one folder of the job's
    // that is no bookkeeping (its name is the attempt's number and a random part).
    const checkout = () => realpathSync(path.join(jobFolder, readdirSync(jobFolder).find((name) => !name.startsWith('.'))!));
    replies((index) => (index === 0 ? toolUseReply('Write', { file_path: path.join(checkout(), 'NOTES.md'), content: 'written by the job\n' }, { id: 'toolu_write' }) : textReply('wrote it')));
    const job = await fleet.submit({ script, prompt: 'write notes', workspace: { repo: remote, ref: 'main' }, permissions: { allow: ['Write', 'Edit'] } });
    jobFolder = path.join(PROJECT, 'workspaces', job.id);
    const result = await job.result({ timeoutMs: 30_000 });
    expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', workspace: { branch: expect.stringContaining(job.id), changedFiles: ['NOTES.md'] } });
    expect(result.workspace!.patch).toContain('+written by the job');
    expect(git(remote, 'show', `${result.workspace!.branch}:NOTES.md`)).toBe('written by the job');
  }, 40_000);

  it('a worker says once that Redis is lost and once that it is back, and takes jobs again after a Redis restart', async () => {
    await openFleet();
    const lines: string[] = [];
    worker = await fleet.worker({ env: env(), workspaceRoot: path.join(PROJECT, 'workspaces'), onLog: (line) => void lines.push(line) });
    const until = async (test: () => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!test()) {
        if (Date.now() > deadline) throw new Error(`not seen in 15 s; the worker said:\n${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await redis.kill9();
    await until(() => lines.some((line) => / lost \(/.test(line)));
    await redis.restart();
    await until(() => lines.filter((line) => /back/.test(line)).length >= lines.filter((line) => / lost \(/.test(line)).length);
    // One line for the outage, whichever of its connections (or the BullMQ worker's own) saw it first.
    expect(lines.filter((line) => / lost \(/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /error/.test(line))).toEqual([]);
    replies(() => textReply('after the restart'));
    const job = await fleet.submit({ script, prompt: 'still there?' });
    expect(await job.result({ timeoutMs: 20_000 })).toMatchObject({ status: 'completed', text: 'after the restart' });
  }, 40_000);

  it('a submitter does not wait forever for a Redis that went away: its call fails within a bound', async () => {
    await openFleet();
    await redis.kill9();
    try {
      // That it fails at all, rather than waiting, is the point; the test's timeout is the bound.
      await expect(fleet.status()).rejects.toMatchObject({ code: 'FLEET_REDIS_UNREACHABLE' });
    } finally {
      await redis.restart();
    }
  }, 40_000);
});
