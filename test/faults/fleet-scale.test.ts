/**
 * A fleet at scale, against its own redis-server and real `codev` processes:
 * - `codev queue watch` follows every unfinished job (not the first 50 when none is named), over one blocking
 *   connection and one command connection, whatever their number (it opened one connection per job);
 * - a big prompt is kept about once in Redis (it was also in every attempt's `end` event, the whole
 *   transcript with it), and one past the limit is refused at submit;
 * - `codev queue clean` removes ended jobs' sessions, hidden refs, keys and checkouts, never a running one's.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { STREAMS_PER_READ } from '../../src/fleet/events/read-job-event-streams.ts';
import { MAX_PROMPT_BYTES } from '../../src/fleet/job/check-submission.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { redisSessionKeys } from '../../src/fleet/session-store/redis-session-keys.ts';
import { createBareRepository } from '../../src/fleet/test-fixtures/create-bare-repository.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type RecordedRequest } from '../../src/testing/index.ts';
import { BIN, EMPTY_HOME } from '../cli/run-codev.ts';

/** More than one XREAD's worth of streams (`STREAMS_PER_READ`): the watch reads them in batches on its one connection. */
const JOBS = 1_500;
const HANG_GUARD_MS = 120_000;
/** A watch needs its command connection and one blocking connection; a few more would still be "small". */
const MAX_WATCH_CLIENTS = 3;

let redis: RedisServer;
let project: string;
let client: Redis;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  redis = await startRedisServer();
  client = await connectRedis({ url: redis.url, name: 'scale-test' });
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-scale-'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'x' };\n");
}, 30_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  client?.disconnect();
  await redis?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** `codev <args>` in the project; its stdout lines handed to `onLine` as they come. */
function startCodev(options: { args: string[]; onLine?: (line: string) => void }): { child: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, ...options.args], { cwd: project, env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, CODEV_REDIS_URL: redis.url }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stderr = '';
  let partial = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) options.onLine?.(line);
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(guard);
      children.delete(child);
      resolve({ code, stderr });
    }),
  );
  return { child, exited };
}

/** The clients Redis itself counts whose name starts with `prefix` (CLIENT LIST, not what codev says). */
async function clientsNamed(prefix: string): Promise<number> {
  const list = (await client.client('LIST')) as string;
  return list.split('\n').filter((line) => / name=(\S*)/.exec(line)?.[1]?.startsWith(prefix)).length;
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('codev queue watch at scale', () => {
  it.each([
    { named: false, queue: 'watch-all' },
    { named: true, queue: 'watch-named' },
  ])(`follows every one of ${JOBS} unfinished jobs over one blocking connection (ids named: $named)`, async ({ named, queue }) => {
    expect(JOBS).toBeGreaterThan(STREAMS_PER_READ);
    const fleet = await createFleet({ connection: redis.url, queue });
    try {
      const handles = await fleet.submit({ script: path.join(project, 'agent.ts'), prompts: Array.from({ length: JOBS }, (_, index) => `task ${index}`), cwd: project });
      const ended = new Set<string>();
      let lines = 0;
      const watch = startCodev({
        args: ['queue', 'watch', '--queue', queue, ...(named ? handles.map((handle) => handle.id) : [])],
        onLine: (line) => {
          lines++;
          const { jobId, event } = JSON.parse(line) as { jobId: string; event: { type: string } };
          if (event.type === 'job-end') ended.add(jobId);
        },
      });
      // Reading (a blocking connection is open) once it has listed the jobs to follow: cancelled before, a job is not unfinished.
      await until(async () => (await clientsNamed('codev-fleet:events')) > 0, 'the watch to read');
      await handles[0]!.cancel();
      await until(() => ended.size === 1, 'the watch to see the first end');
      let most = await clientsNamed('codev-fleet');
      for (const [index, handle] of handles.slice(1).entries()) {
        await handle.cancel();
        if (index % 100 === 0) most = Math.max(most, await clientsNamed('codev-fleet'));
      }
      const { code, stderr } = await watch.exited;
      expect(ended.size, stderr).toBe(JOBS);
      expect(lines).toBeGreaterThanOrEqual(JOBS);
      expect(code, stderr).toBe(1);
      // Our own fleet's command connection is one of them.
      expect(most).toBeLessThanOrEqual(MAX_WATCH_CLIENTS + 1);
    } finally {
      await fleet.close();
    }
  }, HANG_GUARD_MS * 2);
});

/** Bytes Redis says the keys matching `pattern` take (MEMORY USAGE, every sample). */
async function memoryOf(pattern: string): Promise<number> {
  let total = 0;
  for (const key of await client.keys(pattern)) total += Number(await client.memory('USAGE', key, 'SAMPLES', '0')) || 0;
  return total;
}

describe('a big prompt', () => {
  it('is kept about once per place that needs it: the job, the session; its end event is a summary', async () => {
    const queue = 'big-prompt';
    const server = await createFakeMessagesServer({ apiKey: 'test-key', script: () => textReply('done') });
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project] });
    try {
      const prompt = `${'a big task '.repeat(Math.floor((MAX_PROMPT_BYTES - 1_000) / 11))}`;
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt, attempts: 1 });
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed' });
      const events: { type: string }[] = [];
      for await (const event of job.events()) events.push(event);
      const end = events.find((event) => event.type === 'end');
      expect(end).toMatchObject({ type: 'end', reason: 'end_turn', messageCount: 2 });
      expect(end).not.toHaveProperty('messages');
      const streamBytes = await memoryOf(`codev-fleet:${queue}:job:${job.id}:events`);
      expect(streamBytes).toBeLessThan(prompt.length / 10);
      // The job's data and its session: twice, not three times or more.
      const everything = (await memoryOf(`codev-fleet:${queue}:*`)) + (await memoryOf(`bull:${queue}:*`));
      expect(everything).toBeGreaterThan(prompt.length * 2);
      expect(everything).toBeLessThan(prompt.length * 2.5);
    } finally {
      await worker.close({ force: true });
      await fleet.close();
      await server.close();
    }
  }, HANG_GUARD_MS);

  it('past the limit is refused at submit, naming the field, the size and the limit; the limit can be raised', async () => {
    const fleet = await createFleet({ connection: redis.url, queue: 'too-big' });
    try {
      const prompt = 'x'.repeat(MAX_PROMPT_BYTES + 1);
      const refusal = await fleet.submit({ script: path.join(project, 'agent.ts'), prompts: ['small', prompt], cwd: project }).catch((error: unknown) => error);
      expect(CodevError.isInstance(refusal) && refusal.code).toBe('JOB_INVALID');
      expect(refusal).toMatchObject({ field: 'prompts[1]' });
      expect((refusal as Error).message).toContain(String(MAX_PROMPT_BYTES + 1));
      expect((refusal as Error).message).toContain(String(MAX_PROMPT_BYTES));
      expect((await fleet.status()).jobs).toHaveLength(0);
      const raised = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt, maxPromptBytes: MAX_PROMPT_BYTES * 2, cwd: project });
      expect((await fleet.status({ ids: [raised.id] })).jobs[0]?.prompt).toHaveLength(MAX_PROMPT_BYTES + 1);
    } finally {
      await fleet.close();
    }
  });
});

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
const hiddenRefs = (repo: string, jobId: string) => git(repo, 'for-each-ref', '--format=%(refname)', `refs/codev/jobs/${jobId}/`).split('\n').filter(Boolean);

describe('retention', () => {
  it('a completed job\'s hidden refs go as it ends; codev queue clean removes ended jobs\' sessions, refs, keys and checkouts, never a running job\'s', async () => {
    const queue = 'retention';
    const remote = createBareRepository(project);
    const workspaceRoot = path.join(project, 'workspaces');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Two turns each (a denied call, then an answer): the jobs have a base and turn refs. "fail" fails its
    // second request; "hold" waits in it until released: that job runs while the clean does.
    const reply = async (request: RecordedRequest) => {
      const messages = request.body.messages ?? [];
      const task = JSON.stringify(messages[0]?.content ?? '');
      if (messages.length === 1) return toolUseReply('Read', { file_path: '/nonexistent/codev-scale' });
      if (task.includes('fail')) return errorReply(400);
      if (task.includes('hold')) {
        holding();
        await released;
      }
      return textReply('done');
    };
    const server = await createFakeMessagesServer({ apiKey: 'test-key', script: reply });
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    const worker = await fleet.worker({ concurrency: 3, workspaceRoot, env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project] });
    const submit = (prompt: string) => fleet.submit({ script: path.join(project, 'agent.ts'), prompt, workspace: { repo: remote, ref: 'main' }, attempts: 1, cwd: project });
    const sessionKeys = redisSessionKeys(`codev-fleet:${queue}:sessions`);
    const sessionOf = async (jobId: string) => (await client.hget(`codev-fleet:${queue}:job:${jobId}:state`, 'sessionId'))!;
    try {
      const [completed, failed, running, forgotten] = await Promise.all([submit('complete'), submit('fail'), submit('hold'), submit('complete, then forgotten by BullMQ')]);
      expect(await completed.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed' });
      expect(await forgotten.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed' });
      const forgottenSession = await sessionOf(forgotten.id);
      // As BullMQ's own retention (removeOnComplete) drops a job: its session is nobody's now.
      const bull = new Queue(queue, { connection: client });
      await bull.remove(forgotten.id);
      await bull.close();
      expect(await failed.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'failed' });
      await held;
      const sessions = { completed: await sessionOf(completed.id), failed: await sessionOf(failed.id), running: await sessionOf(running.id) };
      expect(await client.exists(sessionKeys.entries(sessions.failed))).toBe(1);
      // As it ends: the completed job's refs go (its worker deletes them); the result branch stays.
      await until(() => hiddenRefs(remote, completed.id).length === 0, "the completed job's hidden refs to go");
      expect(git(remote, 'rev-parse', '--verify', `refs/heads/codev/jobs/${completed.id}`)).toMatch(/^[0-9a-f]{40}$/);
      expect(hiddenRefs(remote, failed.id).length).toBeGreaterThan(0);
      const runningRefs = hiddenRefs(remote, running.id);
      expect(runningRefs.length).toBeGreaterThan(0);
      // A checkout a killed worker left behind.
      mkdirSync(path.join(workspaceRoot, failed.id, 'src'), { recursive: true });

      const dryRun = startCodev({ args: ['queue', 'clean', '--queue', queue, '--older-than', '0', '--dry-run', '--workspace-root', workspaceRoot] });
      expect((await dryRun.exited).code).toBe(0);
      expect(hiddenRefs(remote, failed.id).length).toBeGreaterThan(0);
      expect(await client.exists(sessionKeys.entries(sessions.failed))).toBe(1);
      expect(existsSync(path.join(workspaceRoot, failed.id))).toBe(true);

      const lines: string[] = [];
      const clean = startCodev({ args: ['queue', 'clean', '--queue', queue, '--older-than', '0', '--workspace-root', workspaceRoot], onLine: (line) => void lines.push(line) });
      const cleaned = await clean.exited;
      expect(cleaned.code, cleaned.stderr).toBe(0);
      expect(lines.join('\n')).toContain(failed.id);
      expect(lines.join('\n')).not.toContain(running.id);
      expect(lines.join('\n')).toContain(forgottenSession);
      expect(await client.exists(sessionKeys.entries(forgottenSession))).toBe(0);
      for (const job of [completed, failed]) {
        const session = job === completed ? sessions.completed : sessions.failed;
        expect(hiddenRefs(remote, job.id)).toEqual([]);
        expect(await client.exists(sessionKeys.entries(session), `codev-fleet:${queue}:job:${job.id}:events`, `codev-fleet:${queue}:job:${job.id}:state`)).toBe(0);
        expect(await client.zscore(sessionKeys.index, session)).toBeNull();
      }
      expect(existsSync(path.join(workspaceRoot, failed.id))).toBe(false);
      expect(git(remote, 'rev-parse', '--verify', `refs/heads/codev/jobs/${completed.id}`)).toMatch(/^[0-9a-f]{40}$/);
      // The running job: all of it is still there, and it finishes.
      expect(hiddenRefs(remote, running.id)).toEqual(runningRefs);
      expect(await client.exists(sessionKeys.entries(sessions.running), `codev-fleet:${queue}:job:${running.id}:events`, `codev-fleet:${queue}:job:${running.id}:state`)).toBe(3);
      release();
      expect(await running.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed', workspace: { branch: `codev/jobs/${running.id}` } });
    } finally {
      release();
      await worker.close({ force: true });
      await fleet.close();
      await server.close();
    }
  }, HANG_GUARD_MS * 2);
});
