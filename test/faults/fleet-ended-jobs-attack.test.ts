/**
 * An outside attack on how jobs end and how ended jobs are cleaned, against its own redis-server, real git and
 * an in-process worker on the fake Messages server:
 * - a job cancelled as its attempt parks ends cancelled (the cancel found it active and told only its worker, done
 *   with its query: it stayed parked for 30 days, its clients waiting);
 * - a parked workspace job that is cancelled (BullMQ forgets it, its data with it) has its hidden refs removed by
 *   `clean` (they stayed for ever: clean took the repository from BullMQ's job data, gone);
 * - a cancel that comes after the job failed changes nothing: `status` still says failed (it said cancelled);
 * - a completed job whose codev keys expired while BullMQ still keeps it (BullMQ drops old jobs only as others
 *   complete) still has a result, a failed one its failure, days after it (their handles waited for ever);
 * - a job cancelled while its workspace is made (a clone broken off) ends cancelled, not failed;
 * - a dry run of `clean` tells the hidden refs the real run then removes (it told none);
 * - `codev queue watch` and `status` take no job's data whole from Redis (a watch of 300 jobs of 1 MB prompts took
 *   634 MB: 2,000 would take gigabytes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { CodevError } from '../../src/errors/codev-error.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { MAX_PROMPT_BYTES } from '../../src/fleet/job/check-submission.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createBareRepository } from '../../src/fleet/test-fixtures/create-bare-repository.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import type { Fleet, FleetEvent, FleetWorker } from '../../src/fleet/types.ts';
import { BIN, runProcess, type ProcessRun } from '../cli/run-codev.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type RecordedRequest } from '../../src/testing/index.ts';

const HANG_GUARD_MS = 60_000;

let redis: RedisServer;
let project: string;
let client: Redis;

beforeAll(async () => {
  redis = await startRedisServer();
  client = await connectRedis({ url: redis.url, name: 'endings-attack-test' });
  project = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-endings-attack-'));
  writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'x' };\n");
}, 30_000);
afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
const hiddenRefs = (repo: string, jobId: string) => git(repo, 'for-each-ref', '--format=%(refname)', `refs/codev/jobs/${jobId}/`).split('\n').filter(Boolean);

/** A fleet on `queue` with one worker whose model answers with `reply`; closed by the returned function. */
async function fleetWith(queue: string, reply: (request: RecordedRequest) => FakeReply | Promise<FakeReply>): Promise<{ fleet: Fleet; worker: FleetWorker; server: FakeMessagesServer; close: () => Promise<void> }> {
  const server = await createFakeMessagesServer({ apiKey: 'test-key', script: reply });
  const fleet = await createFleet({ connection: redis.url, queue, env: {} });
  const worker = await fleet.worker({ workspaceRoot: path.join(project, 'workspaces'), env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: server.url, CODEV_MAX_RETRIES: '0' }, scriptRoots: [project] });
  return {
    fleet,
    worker,
    server,
    close: async () => {
      await worker.close({ force: true });
      await fleet.close();
      await server.close();
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + HANG_GUARD_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('ended jobs', () => {
  it('a job cancelled as it parks ends cancelled (it stayed parked, for 30 days, with no end)', async () => {
    const { fleet, close } = await fleetWith('parking-cancel', () => toolUseReply('Write', { file_path: '/nonexistent/codev-attack/NOTES.md', content: 'x\n' }, { id: 'toolu_ask' }));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'write notes', deferAsks: true, cwd: project });
      // At its job-parked event its worker has not yet moved it to BullMQ's delayed set: the cancel finds it active.
      for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) }) as AsyncIterable<FleetEvent>) if (event.type === 'job-parked') break;
      await job.cancel();
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'cancelled' });
      // Ended: nothing waits for an answer any more.
      expect(await fleet.answer({ jobId: job.id, approvals: { toolu_ask: { behavior: 'allow' } } }).then(() => 'answered', (error: unknown) => (CodevError.isInstance(error) ? error.code : String(error)))).toBe('JOB_NOT_FOUND');
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);

  it("a parked workspace job cancelled (BullMQ forgets it and its data) has its hidden refs removed by clean", async () => {
    const remote = createBareRepository(project);
    const { fleet, close } = await fleetWith('parked-cancel', () => toolUseReply('Write', { file_path: '/nonexistent/codev-attack/NOTES.md', content: 'x\n' }, { id: 'toolu_ask' }));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'write notes', workspace: { repo: remote, ref: 'main' }, deferAsks: true, cwd: project });
      await until(async () => (await fleet.status({ ids: [job.id] })).jobs[0]?.state === 'parked', 'the job to park');
      expect(hiddenRefs(remote, job.id).length).toBeGreaterThan(0);
      await job.cancel();
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'cancelled' });
      const report = await fleet.clean({ olderThanMs: 0 });
      expect(report.jobs.map((cleaned) => cleaned.jobId)).toContain(job.id);
      expect(report.jobs.flatMap((cleaned) => cleaned.problems)).toEqual([]);
      expect(hiddenRefs(remote, job.id)).toEqual([]);
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);

  it('a cancel after the job failed leaves it failed, in its status and in the counts', async () => {
    const { fleet, close } = await fleetWith('late-cancel', () => errorReply(400));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'fail', attempts: 1, cwd: project });
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'failed' });
      await job.cancel();
      const status = await fleet.status({ ids: [job.id] });
      expect(status.jobs[0]).toMatchObject({ id: job.id, state: 'failed' });
      expect(status.counts).toMatchObject({ failed: 1, cancelled: 0 });
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'failed' });
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);

  it('a completed job whose events and state expired while BullMQ still keeps it still has its result', async () => {
    const { fleet, close } = await fleetWith('expired-keys', () => textReply('all done'));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'do it', attempts: 1, cwd: project });
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed', text: 'all done' });
      // What their expiry (a week after the end) does; BullMQ drops an old completed job only as another completes.
      await client.del(`codev-fleet:expired-keys:job:${job.id}:events`, `codev-fleet:expired-keys:job:${job.id}:state`);
      expect(await fleet.job(job.id).result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'completed', text: 'all done' });
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);
  it('a failed job whose events and state expired while BullMQ still keeps it (days after its end) has its failure again', async () => {
    const { fleet, close } = await fleetWith('expired-failure', () => errorReply(400));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'fail', attempts: 1, cwd: project });
      const told = await job.result({ timeoutMs: HANG_GUARD_MS });
      expect(told).toMatchObject({ status: 'failed', error: { code: expect.any(String) } });
      await until(async () => (await fleet.status({ ids: [job.id] })).jobs[0]?.state === 'failed', 'BullMQ to fail the job');
      // Its end expired a week after it; BullMQ still keeps it (it finished 8 days ago).
      await client.hset(`bull:expired-failure:${job.id}`, 'finishedOn', String(Date.now() - 8 * 24 * 60 * 60 * 1_000));
      await client.del(`codev-fleet:expired-failure:job:${job.id}:events`, `codev-fleet:expired-failure:job:${job.id}:state`);
      expect(await fleet.job(job.id).result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'failed', error: told.error });
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);


  it('a job cancelled while its workspace is being made ends cancelled, as status says (its result said failed)', async () => {
    // A git server that never answers: the job's clone waits until the cancel stops it.
    const hanging = http.createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { fleet, close } = await fleetWith('cancel-in-clone', () => textReply('never asked'));
    try {
      const port = (hanging.address() as { port: number }).port;
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'work', workspace: { repo: `http://127.0.0.1:${port}/repo.git` }, attempts: 1, cwd: project });
      await until(async () => (await fleet.status({ ids: [job.id] })).jobs[0]?.state === 'active', 'the job to start');
      await job.cancel();
      const result = await job.result({ timeoutMs: HANG_GUARD_MS });
      expect((await fleet.status({ ids: [job.id] })).jobs[0]?.state).toBe('cancelled');
      expect(result).toMatchObject({ status: 'cancelled' });
    } finally {
      await close();
      hanging.closeAllConnections();
      hanging.close();
    }
  }, HANG_GUARD_MS * 2);
  it('a dry run of clean tells the hidden refs a real run then removes', async () => {
    const remote = createBareRepository(project);
    const { fleet, close } = await fleetWith('dry-run-refs', () => errorReply(400));
    try {
      const job = await fleet.submit({ script: path.join(project, 'agent.ts'), prompt: 'fail', workspace: { repo: remote, ref: 'main' }, attempts: 1, cwd: project });
      expect(await job.result({ timeoutMs: HANG_GUARD_MS })).toMatchObject({ status: 'failed' });
      // Its end is told before BullMQ moves it to its failed set, where clean looks.
      await until(async () => (await fleet.status({ ids: [job.id] })).jobs[0]?.state === 'failed', 'BullMQ to fail the job');
      const refs = hiddenRefs(remote, job.id).length;
      expect(refs).toBeGreaterThan(0);
      const dryRun = await fleet.clean({ olderThanMs: 0, dryRun: true });
      expect(hiddenRefs(remote, job.id)).toHaveLength(refs);
      const real = await fleet.clean({ olderThanMs: 0 });
      expect(hiddenRefs(remote, job.id)).toEqual([]);
      expect(real.jobs).toMatchObject([{ jobId: job.id, refs, problems: [] }]);
      expect(dryRun.jobs).toEqual(real.jobs);
    } finally {
      await close();
    }
  }, HANG_GUARD_MS * 2);
});

describe('big prompts', () => {
  it('codev queue watch and status read no job whole: 60 jobs of 1 MB prompts cost them far less than 60 MB from Redis', async () => {
    const queue = 'big-prompts';
    const fleet = await createFleet({ connection: redis.url, queue });
    try {
      const prompt = `é${'x'.repeat(MAX_PROMPT_BYTES - 100)}`;
      const handles = await fleet.submit({ script: path.join(project, 'agent.ts'), prompts: Array.from({ length: 60 }, () => prompt), cwd: project });
      const sent = async () => Number(/total_net_output_bytes:(\d+)/.exec((await client.info('stats')) as string)![1]);
      // Asked for, a prompt's head is whole characters.
      expect((await fleet.status({ ids: [handles[0]!.id], promptBytes: 1 })).jobs).toMatchObject([{ id: handles[0]!.id, state: 'waiting', prompt: '' }]);
      expect((await fleet.status({ ids: [handles[0]!.id], promptBytes: 3 })).jobs).toMatchObject([{ prompt: 'éx' }]);
      expect((await fleet.status({ ids: [handles[0]!.id] })).jobs[0]!.prompt).toBe(prompt);
      const before = await sent();
      const status = await runCodev(['queue', 'status', '--queue', queue]);
      expect(status.code, status.stderr).toBe(0);
      expect(status.stdout).toMatch(/ waiting .*éxxxx/);
      const watch = startCodev(['queue', 'watch', '--queue', queue]);
      await until(async () => ((await client.client('LIST')) as string).includes('name=codev-fleet:events'), 'the watch to read');
      // Before the cancels (each reads its job).
      expect((await sent()) - before).toBeLessThan(prompt.length * 6);
      for (const handle of handles) await handle.cancel();
      const watched = await watch;
      expect(watched.stdout.split('\n').filter((line) => line.includes('cancelled')).length, watched.stderr).toBeGreaterThan(0);
      // A job cancelled while it waited is summarized from what its cancel kept: cut the same.
      expect((await fleet.status({ ids: [handles[0]!.id], promptBytes: 3 })).jobs).toMatchObject([{ state: 'cancelled', prompt: 'éx' }]);
    } finally {
      await fleet.close();
    }
  }, HANG_GUARD_MS * 2);
});

/** `codev <args>` in the project (from source) against this test's Redis, to its exit. */
function startCodev(args: string[]): Promise<ProcessRun> {
  return runProcess({ command: process.execPath, args: [BIN, ...args], cwd: project, env: { CODEV_FROM_SOURCE: '1', CODEV_REDIS_URL: redis.url }, timeoutMs: HANG_GUARD_MS });
}
const runCodev = startCodev;
