/**
 * `codev queue rewind` and `fleet.rewind`, end to end on a real Redis, real git and the fake Messages server:
 * a job of three tool turns (two Writes, then Bash `rm -rf src && mv a b`) and an answer completes; a rewind
 * to turn 2 makes a new job whose checkout starts exactly as turn 2's commit and whose session holds turns
 * 1 and 2, which completes as the old one did; a rewind with a prompt goes on with it; the old job is left as
 * it was; a turn with no checkpoint, and a cleaned job, are CHECKPOINT_NOT_FOUND.
 */
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import type { Fleet, FleetEvent, FleetJobResult, JobHandle } from '../../src/fleet/types.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { BIN, runProcess } from '../cli/run-codev.ts';
import { CHECK, createRewindRepository, git, rewindReply, toolUseIds, treeOf } from './test-fixtures/rewind-scenario.ts';
import { useFleetServers } from './test-fixtures/use-fleet-servers.ts';

// realpath: the checkouts' paths as the tools name them (the temp folder may be behind a link).
const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-rewind-')));
const PROJECT = path.join(RUN, 'project');
const WORKSPACES = path.join(RUN, 'workspaces');

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(PROJECT, { recursive: true });
    mkdirSync(WORKSPACES);
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-rewind", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You build things.' };\n");
  },
  script: (request) => rewindReply(request.body.messages ?? [], { workspaces: WORKSPACES }),
});

const permissions = { allow: ['Write', 'Bash'] };

async function eventsOf(job: JobHandle): Promise<FleetEvent[]> {
  const events: FleetEvent[] = [];
  for await (const event of job.events({ signal: AbortSignal.timeout(60_000) })) events.push(event);
  return events;
}

async function sessionMessages(queue: string, sessionId: string): Promise<Anthropic.MessageParam[]> {
  const client = await connectRedis({ url: servers.redis.url });
  try {
    return (await createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions }).read(sessionId)).messages.map((entry) => entry.message);
  } finally {
    client.disconnect();
  }
}


/** Runs the three-turn job to its end on `fleet`'s worker; returns its result and its checkpoints' commits by turn. */
async function runOldJob(fleet: Fleet, remote: string): Promise<{ job: JobHandle; result: FleetJobResult; commits: Map<number, string> }> {
  const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'build it', workspace: { repo: remote }, permissions });
  const events = await eventsOf(job);
  const result = await job.result({ timeoutMs: 5_000 });
  expect(result.status, JSON.stringify(result.error)).toBe('completed');
  const commits = new Map(events.flatMap((event) => (event.type === 'job-checkpoint' && event.commit ? [[event.turn, event.commit] as const] : [])));
  return { job, result, commits };
}

describe('rewinding a fleet job', () => {
  it('codev queue rewind JOB --to 2 makes a new job that starts at turn 2 (its files, its conversation) and completes as the old one did; the old job is left as it was', async () => {
    const queue = `rewind-cli-${process.pid}`;
    const remote = createRewindRepository(RUN, 'cli');
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: servers.server.url, CODEV_MAX_RETRIES: '0' }, workspaceRoot: WORKSPACES, scriptRoots: [PROJECT], lockDurationMs: 5_000 });
    try {
      const old = await runOldJob(fleet, remote);
      expect(treeOf(remote, old.commits.get(2)!)).toEqual(['.gitignore', 'README.md', 'a/one.txt', 'src/main.ts', 'src/two.txt']);
      const oldStatus = (await fleet.status({ ids: [old.job.id] })).jobs[0];
      const oldMessages = await sessionMessages(queue, old.result.sessionId!);

      const run = await runProcess({ command: process.execPath, args: [BIN, 'queue', 'rewind', old.job.id, '--to', '2', '--queue', queue], cwd: PROJECT, env: { CODEV_REDIS_URL: servers.redis.url, CODEV_FROM_SOURCE: '1' }, timeoutMs: 60_000 });
      expect(run.code, run.stderr).toBe(0);
      const id = run.stdout.trim();
      expect(id).not.toBe(old.job.id);
      const events = await eventsOf(fleet.job(id));
      const result = await fleet.job(id).result({ timeoutMs: 5_000 });
      expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', text: 'done', turns: 4 });
      expect(events.find((event) => event.type === 'job-start')).toMatchObject({ resumedFromTurn: 2 });
      // Its first checkpoint (turn 3) is made on turn 2's commit: the checkout started there.
      const first = events.find((event) => event.type === 'job-checkpoint');
      expect(first).toMatchObject({ turn: 3 });
      expect(git(remote, 'rev-parse', `${(first as { commit: string }).commit}^`)).toBe(old.commits.get(2));
      // Turns 1 and 2 of the old conversation, then the new job's own.
      const messages = await sessionMessages(queue, result.sessionId!);
      expect(result.sessionId).not.toBe(old.result.sessionId);
      expect(toolUseIds(messages)).toEqual(['toolu_1', 'toolu_2', 'toolu_3']);
      expect(messages.map((message) => message.role)).toEqual(oldMessages.map((message) => message.role));
      expect(treeOf(remote, result.workspace!.commit)).toEqual(treeOf(remote, old.result.workspace!.commit));
      expect(treeOf(remote, result.workspace!.commit)).toEqual(['.gitignore', 'README.md', 'b/one.txt']);
      expect((await fleet.status({ ids: [id] })).jobs[0]).toMatchObject({ state: 'completed', rewoundFrom: { jobId: old.job.id, turn: 2 } });
      const table = await runProcess({ command: process.execPath, args: [BIN, 'queue', 'status', id, '--queue', queue], cwd: PROJECT, env: { CODEV_REDIS_URL: servers.redis.url, CODEV_FROM_SOURCE: '1' }, timeoutMs: 60_000 });
      expect(table.stdout).toContain('REWOUND FROM');
      expect(table.stdout).toContain(`${old.job.id} turn 2`);

      // The fleet records its own checkpoints: the jobs' agents record none in their project.
      expect(existsSync(path.join(PROJECT, '.codev', 'checkpoints'))).toBe(false);
      // The old job: its status, session and branch as they were.
      expect((await fleet.status({ ids: [old.job.id] })).jobs[0]).toEqual(oldStatus);
      expect(await sessionMessages(queue, old.result.sessionId!)).toEqual(oldMessages);
      expect(git(remote, 'rev-parse', `refs/heads/${old.result.workspace!.branch}`)).toBe(old.result.workspace!.commit);
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);

  it('fleet.rewind with a prompt goes on with it from a checkout exactly as turn 2 left it; a turn without a checkpoint and a cleaned job are CHECKPOINT_NOT_FOUND', async () => {
    const queue = `rewind-api-${process.pid}`;
    const remote = createRewindRepository(RUN, 'api');
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const worker = await fleet.worker({ env: { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: servers.server.url, CODEV_MAX_RETRIES: '0' }, workspaceRoot: WORKSPACES, scriptRoots: [PROJECT], lockDurationMs: 5_000 });
    try {
      const old = await runOldJob(fleet, remote);
      const rewound = await fleet.rewind(old.job.id, { to: 2, prompt: CHECK });
      const events = await eventsOf(rewound);
      const result = await rewound.result({ timeoutMs: 5_000 });
      expect(result, JSON.stringify(result.error)).toMatchObject({ status: 'completed', text: 'checked' });
      // HEAD is turn 2's commit and nothing differs from it.
      const check = events.find((event) => event.type === 'tool-result' && event.toolUseId === 'toolu_check') as Extract<FleetEvent, { type: 'tool-result' }>;
      expect(JSON.stringify(check.block.content)).toContain(old.commits.get(2));
      expect(check.output).toMatchObject({ stdout: `${old.commits.get(2)}\n` });
      const messages = await sessionMessages(queue, result.sessionId!);
      expect(toolUseIds(messages)).toEqual(['toolu_1', 'toolu_2', 'toolu_check']);
      expect(JSON.stringify(messages.slice(-4))).toContain(CHECK);

      expect(await rejectionCode(fleet.rewind(old.job.id, { to: 9 }))).toBe('CHECKPOINT_NOT_FOUND');
      expect(await rejectionCode(fleet.rewind('no-such-job', { to: 1 }))).toBe('JOB_NOT_FOUND');
      await fleet.clean({ olderThanMs: 0 });
      expect(await rejectionCode(fleet.rewind(old.job.id, { to: 2 }))).toBe('CHECKPOINT_NOT_FOUND');
    } finally {
      await worker.close({ force: true });
      await fleet.close();
    }
  }, 120_000);

  it('codev queue rewind refuses bad usage with exit 2, before reaching any Redis', async () => {
    const rewind = (...args: string[]) => runProcess({ command: process.execPath, args: [BIN, 'queue', 'rewind', ...args], cwd: PROJECT, env: { CODEV_REDIS_URL: 'redis://127.0.0.1:1', CODEV_FROM_SOURCE: '1' }, timeoutMs: 60_000 });
    for (const args of [[], ['job-1'], ['job-1', '--to', '0'], ['job-1', '--to', 'two'], ['job-1', 'job-2', '--to', '1'], ['job-1', '--to', '1', '--prompt', ' ']]) {
      const run = await rewind(...args);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain('CLI_USAGE');
    }
    const help = await rewind('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('codev queue rewind');
  }, 120_000);
});
