/**
 * A job must never run twice at once to the point of both attempts leaving work: with real `codev worker`
 * processes, a real Redis and real git, the worker running a multi-turn workspace job loses its BullMQ lock
 * (SIGSTOP past its lock duration, or Redis down longer than it) while the job is taken over, and is then let
 * go on. The stale attempt is fenced: it writes no state, no checkpoint and no event after losing its lock,
 * leaves no folder, and the job's branch holds exactly the transcript's work (each turn once, parent chain
 * intact, README kept), with exactly one `job-end`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import { createBareRepository } from '../../src/fleet/test-fixtures/create-bare-repository.ts';
import type { FleetEvent } from '../../src/fleet/types.ts';
import { textReply, toolUseReply } from '../../src/testing/index.ts';
import { startCodevProcess, type CodevProcess } from '../cli/start-codev-process.ts';
import { startCodevWorker } from '../fleet/test-fixtures/start-codev-worker.ts';
import { useFleetServers } from '../fleet/test-fixtures/use-fleet-servers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROJECT = path.join(REPO, 'node_modules', '.cache', `codev-fleet-fencing-${process.pid}`);
const WORKSPACES = path.join(PROJECT, 'workspaces');
const TURNS = 5;
const STEP_MS = 1_500;
const LOCK = ['--lock-duration', '5000', '--stalled-interval', '2500'];
const HANG_GUARD_MS = 90_000;
/** Each call appends its step to LOG in the checkout, so a step done twice in one checkout shows. */
const STEP_TOOL = `import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { buildTool } from 'codev/plugin';
import { z } from 'zod';
export default buildTool({
  name: 'Step',
  description: 'Records a step in the checkout, slowly',
  inputSchema: z.object({ n: z.number(), ms: z.number() }),
  isReadOnly: () => false,
  async call({ n, ms }, context) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    appendFileSync(path.join(context.cwd, 'LOG'), 'step ' + n + '\\n');
    return { data: 'step ' + n + ' recorded' };
  },
});
`;

function nextReply(messages: readonly Anthropic.MessageParam[]) {
  const done = messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content)).filter((block) => block.type === 'tool_result').length;
  return done < TURNS ? toolUseReply('Step', { n: done + 1, ms: STEP_MS }, { id: `toolu_step_${done + 1}` }) : textReply(`${TURNS} steps recorded`);
}

function startWorker(queue: string): Promise<CodevProcess> {
  return startCodevWorker({ redisUrl: servers.redis.url, queue, cwd: PROJECT, args: [...LOCK, '--workspace-root', WORKSPACES], modelUrl: servers.server.url, ready: /takes jobs/ });
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
}

interface StreamEntry {
  event: FleetEvent;
  attempt: number;
}

async function readStream(queue: string, jobId: string): Promise<StreamEntry[]> {
  const client = await connectRedis({ url: servers.redis.url });
  try {
    const entries = await client.xrange(fleetKeys(queue).events(jobId), '-', '+');
    return entries.map(([, fields]) => {
      const value = (name: string) => fields[fields.indexOf(name) + 1]!;
      return { event: JSON.parse(value('event')) as FleetEvent, attempt: Number(value('attempt')) };
    });
  } finally {
    client.disconnect();
  }
}

async function until(test: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`not seen within HANG_GUARD_MS: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the job is in step 3's tool call (turns 1 and 2 checkpointed) and returns which of `started` runs it, in which attempt. */
async function workerInStep3(options: { queue: string; jobId: string; started: readonly CodevProcess[] }): Promise<{ worker: CodevProcess; attempt: number }> {
  let found: { worker: CodevProcess | undefined; attempt: number } = { worker: undefined, attempt: 0 };
  await until(async () => {
    const stream = await readStream(options.queue, options.jobId);
    if (!stream.some((entry) => entry.event.type === 'tool-call' && entry.event.toolUseId === 'toolu_step_3')) return false;
    const start = [...stream].reverse().find((entry) => entry.event.type === 'job-start')!;
    const pid = Number(start.event.type === 'job-start' ? start.event.worker.split(':').at(-1) : NaN);
    found = { worker: options.started.find((worker) => worker.child.pid === pid), attempt: start.attempt };
    return true;
  }, 'step 3 started');
  expect(found.worker).toBeDefined();
  return { worker: found.worker!, attempt: found.attempt };
}

/** What every test asserts once the job has ended and the stale attempt has had its chance. */
async function expectFencedOutcome(options: { queue: string; jobId: string; remote: string; staleAttempt: number }) {
  const { queue, jobId, remote, staleAttempt } = options;
  const stream = await readStream(queue, jobId);
  expect(stream.filter((entry) => entry.event.type === 'job-end')).toHaveLength(1);
  const takeover = stream.findIndex((entry) => entry.event.type === 'job-start' && entry.attempt > staleAttempt);
  expect(takeover).toBeGreaterThan(0);
  // The stale attempt published nothing once another attempt had the job.
  expect(stream.slice(takeover).filter((entry) => entry.attempt === staleAttempt).map((entry) => entry.event.type)).toEqual([]);
  const checkpoints = stream.flatMap((entry) => (entry.event.type === 'job-checkpoint' ? [entry.event.turn] : []));
  expect(checkpoints).toEqual([...checkpoints].sort((a, b) => a - b));
  const end = stream.find((entry) => entry.event.type === 'job-end')!.event;
  const result = end.type === 'job-end' ? end.result : undefined;
  expect(result).toMatchObject({ status: 'completed', text: `${TURNS} steps recorded` });

  // The transcript: each step once.
  const client = await connectRedis({ url: servers.redis.url });
  try {
    // The job's state was last written by the attempt that ended it: no stale checkpoint went back a turn.
    const state = await client.hgetall(fleetKeys(queue).state(jobId));
    expect(Number(state.turn)).toBe(result!.turns);
    expect(git(remote, 'merge-base', '--is-ancestor', state.commit!, `codev/jobs/${jobId}`)).toBe('');
    const transcript = await createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions }).read(result!.sessionId!);
    const uses = transcript.messages.flatMap((entry) => (typeof entry.message.content === 'string' ? [] : entry.message.content)).filter((block) => block.type === 'tool_use');
    expect(uses.map((block) => (block as Anthropic.ToolUseBlockParam).id)).toEqual(Array.from({ length: TURNS }, (_, index) => `toolu_step_${index + 1}`));
  } finally {
    client.disconnect();
  }

  // The branch: exactly the transcript's work, on the seed's history.
  const branch = `codev/jobs/${jobId}`;
  expect(git(remote, 'show', `${branch}:LOG`)).toBe(Array.from({ length: TURNS }, (_, index) => `step ${index + 1}`).join('\n'));
  expect(git(remote, 'show', `${branch}:README.md`)).toBe('hello');
  const subjects = git(remote, 'log', '--format=%s', branch).split('\n').reverse();
  expect(subjects[0]).toBe('seed');
  const turns = subjects.flatMap((subject) => /, turn (\d+)$/.exec(subject)?.[1] ?? []).map(Number);
  expect(turns).toEqual([...new Set(turns)].sort((a, b) => a - b));
  expect(git(remote, 'rev-list', '--max-parents=0', branch).split('\n')).toHaveLength(1);
  expect(result!.workspace).toMatchObject({ branch, commit: git(remote, 'rev-parse', branch) });
}

const servers = useFleetServers({
  folder: PROJECT,
  prepare: () => {
    mkdirSync(path.join(PROJECT, 'plugins'), { recursive: true });
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-fencing-project", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'plugins/step.ts'), STEP_TOOL);
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You record steps.' };\n");
  },
  script: (request) => nextReply(request.body.messages ?? []),
  appendOnly: true,
});

describe('lock settings that cannot be fenced', () => {
  it('codev worker refuses a lock under 5 s before it connects, naming the flag', async () => {
    const { child, stderr } = startCodevProcess({ args: ['worker', '--redis', servers.redis.url, '--queue', `fence-flags-${process.pid}`, '--lock-duration', '2000', '--stalled-interval', '1000'], cwd: process.cwd(), env: { ANTHROPIC_API_KEY: 'test-key' } });
    await until(() => child.exitCode !== null || child.signalCode !== null, 'codev worker exits');
    expect(child.exitCode).not.toBe(0);
    expect(stderr()).toContain('FLEET_LOCK_UNSAFE');
    expect(stderr()).toContain('--lock-duration');
  }, 60_000);
});

describe('a worker that loses its job lock', () => {
  it('SIGSTOPped past its lock duration while another worker takes the job, then SIGCONTed: it is fenced', async () => {
    const queue = `fence-stop-${process.pid}`;
    const remote = createBareRepository(PROJECT, 'stop');
    const started = await Promise.all([startWorker(queue), startWorker(queue)]);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: `record ${TURNS} steps`, workspace: { repo: remote, ref: 'main' }, permissions: { allow: ['Step'] } });
      const { worker: stopped, attempt: staleAttempt } = await workerInStep3({ queue, jobId: job.id, started });
      stopped.child.kill('SIGSTOP');
      // The other worker takes the job over and checkpoints a turn the stale one was in.
      await until(async () => (await readStream(queue, job.id)).some((entry) => entry.attempt > staleAttempt && entry.event.type === 'job-checkpoint' && entry.event.turn >= 3), 'the new attempt checkpointed turn 3');
      const said = stopped.stderr().length;
      stopped.child.kill('SIGCONT');
      await job.result({ timeoutMs: HANG_GUARD_MS });
      // The stale attempt has had its chance once its worker says how it ended (whatever it says).
      await until(() => stopped.stderr().slice(said).includes(`job ${job.id}: `), 'the stale worker ended its attempt');
      await expectFencedOutcome({ queue, jobId: job.id, remote, staleAttempt });
      // It went away on its own: no folder of the job remains on this machine.
      await until(() => !existsSync(path.join(WORKSPACES, job.id)) || readdirSync(path.join(WORKSPACES, job.id)).length === 0, `no folder of ${job.id} is left`);
    } finally {
      await fleet.close();
    }
  }, 150_000);

  it('a new attempt given the stale attempt\'s number (Redis lost the count of attempts, AOF everysec) on the same machine never works in the stale one\'s folder', async () => {
    const queue = `fence-same-number-${process.pid}`;
    const remote = createBareRepository(PROJECT, 'same-number');
    const started = await Promise.all([startWorker(queue), startWorker(queue)]);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const client = await connectRedis({ url: servers.redis.url });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: `record ${TURNS} steps`, workspace: { repo: remote, ref: 'main' }, permissions: { allow: ['Step'] } });
      const { worker: stopped, attempt: staleAttempt } = await workerInStep3({ queue, jobId: job.id, started });
      // Stopped in step 3's call (its write to LOG still to come); the take that counted this attempt is then lost, as a
      // Redis restarted on an append-only file synced once a second loses it: the next take gets the same number.
      stopped.child.kill('SIGSTOP');
      await client.hincrby(`bull:${queue}:${job.id}`, 'ats', -1);
      let takeover: StreamEntry | undefined;
      await until(async () => {
        const stream = await readStream(queue, job.id);
        const again = stream.findIndex((entry, index) => entry.event.type === 'job-start' && index > 0);
        takeover = stream[again];
        return again > 0 && stream.slice(again).some((entry) => entry.event.type === 'tool-call' && entry.event.toolUseId === 'toolu_step_3');
      }, 'the new attempt is in step 3');
      expect(takeover?.attempt).toBe(staleAttempt);
      // The stale call wakes while the new attempt works: its write, and the removal of its checkout once it sees it
      // was fenced, touch the stale attempt's own folder only.
      const said = stopped.stderr().length;
      stopped.child.kill('SIGCONT');
      const result = await job.result({ timeoutMs: HANG_GUARD_MS });
      await until(() => stopped.stderr().slice(said).includes(`job ${job.id}: `), 'the stale worker ended its attempt');
      expect(result.status, JSON.stringify(result.error)).toBe('completed');
      const branch = `codev/jobs/${job.id}`;
      expect(git(remote, 'show', `${branch}:LOG`)).toBe(Array.from({ length: TURNS }, (_, index) => `step ${index + 1}`).join('\n'));
      expect(git(remote, 'show', `${branch}:README.md`)).toBe('hello');
      const stream = await readStream(queue, job.id);
      expect(stream.filter((entry) => entry.event.type === 'job-end')).toHaveLength(1);
      // The new attempt was not disturbed: it went on to the end, no retry.
      expect(stream.filter((entry) => entry.event.type === 'job-retry')).toEqual([]);
    } finally {
      client.disconnect();
      await fleet.close();
    }
  }, 150_000);

  it('Redis down longer than the lock duration: the attempt that held the lock is fenced, another finishes the job', async () => {
    const queue = `fence-redis-${process.pid}`;
    const remote = createBareRepository(PROJECT, 'redis');
    await startWorker(queue);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: `record ${TURNS} steps`, workspace: { repo: remote, ref: 'main' }, permissions: { allow: ['Step'] } });
      let staleAttempt = 0;
      await until(async () => {
        const stream = await readStream(queue, job.id);
        const start = [...stream].reverse().find((entry) => entry.event.type === 'job-start');
        staleAttempt = start?.attempt ?? 0;
        return stream.some((entry) => entry.event.type === 'tool-call' && entry.event.toolUseId === 'toolu_step_3');
      }, 'step 3 started');
      // appendfsync everysec: the lock written before is on disk; it expires while Redis is down.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      await servers.redis.kill9();
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      await servers.redis.restart();
      const reopened = await createFleet({ connection: servers.redis.url, queue, env: {} });
      try {
        await reopened.job(job.id).result({ timeoutMs: HANG_GUARD_MS });
      } finally {
        await reopened.close();
      }
      await expectFencedOutcome({ queue, jobId: job.id, remote, staleAttempt });
      await until(() => !existsSync(path.join(WORKSPACES, job.id)) || readdirSync(path.join(WORKSPACES, job.id)).length === 0, `no folder of ${job.id} is left`);
    } finally {
      await fleet.close().catch(() => undefined);
    }
  }, 150_000);
});
