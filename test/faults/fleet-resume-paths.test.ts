/**
 * A job resumed on a worker with another `--workspace-root` (and, with a folder per attempt, any resumed
 * job) works in a checkout at another absolute path than the transcript's. Real Redis, real git, real
 * `codev worker` processes and the fake Messages server, whose model takes the folder it writes to from its
 * context (the Glob result, then its own earlier calls), as a model does. The first worker is killed with
 * SIGKILL in the middle of the job; a second one, with another workspace root, finishes it: its branch
 * holds every file the transcript says was written, and nothing was written in the first root after the
 * kill. And a job whose transcript names a write its branch does not hold fails with WORKSPACE_MISMATCH
 * instead of `completed`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createFleet } from '../../src/fleet/create-fleet.ts';
import { fleetKeys } from '../../src/fleet/fleet-keys.ts';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import type { FleetEvent, FleetJobResult } from '../../src/fleet/types.ts';
import { textReply, toolUseReply } from '../../src/testing/index.ts';
import type { CodevProcess } from '../cli/start-codev-process.ts';
import { startCodevWorker } from '../fleet/test-fixtures/start-codev-worker.ts';
import { useFleetServers } from '../fleet/test-fixtures/use-fleet-servers.ts';

const NOTES = 6;
const HANG_GUARD_MS = 90_000;
// realpath: the checkouts' paths as the tools name them (the temp folder may be behind a link).
const RUN = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-resume-paths-')));
const PROJECT = path.join(RUN, 'project');
const REPO = path.join(RUN, 'repo');

const blocksOf = (messages: readonly Anthropic.MessageParam[]) => messages.flatMap((message) => (typeof message.content === 'string' ? [] : message.content));

/** The folder a STUBBORN model remembers from its first Glob, whatever its conversation says later. */
let remembered: string | undefined;
const OUTSIDE_FILE = path.join(RUN, 'outside.txt');

/** The files a job's model writes, in order: an absolute one is written where it says, the others in the model's folder. */
function planOf(prompt: string): string[] {
  if (prompt.includes('ASK')) return ['note-1.txt', 'asked.txt', 'note-2.txt'];
  if (prompt.includes('OUTSIDE')) return ['note-1.txt', OUTSIDE_FILE, 'note-2.txt'];
  return Array.from({ length: NOTES }, (_, index) => `note-${index + 1}.txt`);
}

/**
 * The model's next step follows from its context alone: it finds its folder with Glob, then writes each file
 * of its plan next to the file its last call wrote (the path it sees in the conversation). A STUBBORN model
 * writes in the folder its first Glob found, whatever the conversation says later.
 */
function nextReply(messages: readonly Anthropic.MessageParam[]) {
  const prompt = JSON.stringify(messages[0]);
  const blocks = blocksOf(messages);
  const writes = blocks.filter((block): block is Anthropic.ToolUseBlockParam => block.type === 'tool_use' && block.name === 'Write');
  const globbed = blocks.find((block): block is Anthropic.ToolResultBlockParam => block.type === 'tool_result' && block.tool_use_id === 'toolu_glob');
  if (!globbed) return toolUseReply('Glob', { pattern: 'README.md' }, { id: 'toolu_glob' });
  const found = path.dirname(String(typeof globbed.content === 'string' ? globbed.content : (globbed.content as Anthropic.TextBlockParam[])[0]!.text).split('\n')[0]!);
  if (prompt.includes('STUBBORN')) remembered ??= found;
  const written = writes.map((write) => (write.input as { file_path: string }).file_path).filter((file) => file !== OUTSIDE_FILE);
  const named = prompt.includes('STUBBORN') ? remembered! : written.length > 0 ? path.dirname(written.at(-1)!) : found;
  // A PHYSICAL model names its folder as `pwd -P` would, through any link.
  const folder = prompt.includes('PHYSICAL') && existsSync(named) ? realpathSync(named) : named;
  const next = planOf(prompt)[writes.length];
  if (next === undefined) return textReply('all written');
  const file = path.isAbsolute(next) ? next : path.join(folder, next);
  // A model that writes where it works into the file (a config, a log): the file holds the folder of the attempt that wrote it.
  const content = prompt.includes('FOLDER') ? `${next} written in ${folder}\n` : `${next} of ${prompt.length}\n`;
  return toolUseReply('Write', { file_path: file, content }, { id: `toolu_write_${writes.length + 1}` });
}

/** Starts `codev worker` with its own workspace root and resolves once it says it is ready. */
function startWorker(queue: string, workspaceRoot: string): Promise<CodevProcess> {
  const args = ['--lock-duration', '5000', '--stalled-interval', '2500', '--workspace-root', workspaceRoot];
  return startCodevWorker({ redisUrl: servers.redis.url, queue, cwd: PROJECT, args, modelUrl: servers.server.url });
}

/** Kills `first` with SIGKILL, lists `root`'s files, starts a worker with `nextRoot`, and returns the list. */
async function replaceWorker(options: { first: CodevProcess; root: string; queue: string; nextRoot: string }): Promise<Record<string, string>> {
  await options.first.stop({ signal: 'SIGKILL', timeoutMs: HANG_GUARD_MS });
  const before = snapshot(options.root);
  await startWorker(options.queue, options.nextRoot);
  return before;
}

/** The job completed, its transcript wrote the files `names` in that order, and its branch holds each as written. */
async function expectBranchHoldsWrites(options: { jobId: string; queue: string; result: FleetJobResult; names: readonly string[] }): Promise<void> {
  expect(options.result.status, JSON.stringify(options.result.error)).toBe('completed');
  const writes = await transcriptWrites(options.queue, options.result.sessionId!);
  expect(writes.map((write) => path.basename(write.file))).toEqual(options.names);
  for (const write of writes) expect(branchFile(options.jobId, path.basename(write.file)), write.file).toBe(write.content);
}

/** Every file under `root` with its size and modification time: what a later write would change. */
function snapshot(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else files[file] = `${lstatSync(file).size}:${lstatSync(file).mtimeMs}`;
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/** The file the branch of the job holds at `file`, or undefined. */
function branchFile(jobId: string, file: string): string | undefined {
  try {
    return execFileSync('git', ['show', `codev/jobs/${jobId}:${file}`], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}

/** Every successful Write of the job's transcript: its path and content. */
async function transcriptWrites(queue: string, sessionId: string): Promise<{ file: string; content: string }[]> {
  const client = await connectRedis({ url: servers.redis.url });
  try {
    const transcript = await createRedisSessionStore({ redis: client, prefix: fleetKeys(queue).sessions }).read(sessionId);
    const blocks = blocksOf(transcript.messages.map((entry) => entry.message));
    const failed = new Set(blocks.filter((block) => block.type === 'tool_result' && block.is_error).map((block) => (block as Anthropic.ToolResultBlockParam).tool_use_id));
    return blocks
      .filter((block): block is Anthropic.ToolUseBlockParam => block.type === 'tool_use' && block.name === 'Write' && !failed.has(block.id))
      .map((block) => {
        const input = block.input as { file_path: string; content: string };
        return { file: input.file_path, content: input.content };
      });
  } finally {
    client.disconnect();
  }
}

const servers = useFleetServers({
  folder: RUN,
  prepare: () => {
    mkdirSync(PROJECT);
    writeFileSync(path.join(PROJECT, 'package.json'), '{ "name": "fleet-resume-paths", "private": true }\n');
    writeFileSync(path.join(PROJECT, 'agent.ts'), "export default { system: 'You write notes.' };\n");
    mkdirSync(REPO);
    writeFileSync(path.join(REPO, 'README.md'), 'notes go here\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@localhost', ...args], { cwd: REPO, stdio: 'ignore' });
    git('init', '--quiet', '--initial-branch', 'main');
    git('add', '.');
    git('commit', '--quiet', '--message', 'start');
  },
  script: (request) => nextReply(request.body.messages ?? []),
});

/**
 * Runs a job on a worker with root-a, kills it with SIGKILL while note 4's call runs (notes 1-3 are
 * checkpointed), and lets a worker with root-b finish it. `before` and `after` list root-a's files at the kill
 * and at the end.
 */
async function runKilledJob(options: { name: string; prompt: string; linkedRoot?: boolean }) {
  const queue = `resume-${options.name}-${process.pid}`;
  const [rootA, rootB] = [path.join(RUN, `${options.name}-a`), path.join(RUN, `${options.name}-b`)];
  // An operator's --workspace-root may be a symbolic link (a mount point, a folder moved to a bigger disk).
  if (options.linkedRoot) {
    mkdirSync(rootA);
    symlinkSync(rootA, `${rootA}-link`);
  }
  const first = await startWorker(queue, options.linkedRoot ? `${rootA}-link` : rootA);
  const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
  try {
    const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: options.prompt, workspace: { repo: REPO }, permissions });
    const events: FleetEvent[] = [];
    let before: Record<string, string> | undefined;
    for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) {
      events.push(event);
      if (!before && event.type === 'tool-call' && event.toolUseId === 'toolu_write_4') {
        before = await replaceWorker({ first, root: rootA, queue, nextRoot: rootB });
      }
    }
    expect(before).toBeDefined();
    expect(events.filter((event) => event.type === 'job-start')).toHaveLength(2);
    return { job, events, before, after: snapshot(rootA), result: await job.result({ timeoutMs: 5_000 }), queue };
  } finally {
    await fleet.close();
  }
}

const NOTE_FILES = Array.from({ length: NOTES }, (_, index) => `note-${index + 1}.txt`);
// A rule as broad as an operator's may be: writes anywhere under the run folder, both workers' roots included.
const permissions = { allow: ['Glob', 'Write', `Edit(/${RUN}/**)`] };

describe('a fleet job resumed in a checkout at another path', () => {
  it('killed on a worker with one --workspace-root and finished on one with another, its branch holds every file its transcript wrote, and the first root got no write after the kill', async () => {
    const { job, result, before, after, queue } = await runKilledJob({ name: 'paths', prompt: `write ${NOTES} notes` });
    await expectBranchHoldsWrites({ jobId: job.id, queue, result, names: NOTE_FILES });
    expect(after).toEqual(before);
  }, 120_000);

  it('a file an earlier attempt wrote its own folder into keeps it, and its resumed transcript says so: the job completes with its branch holding what the transcript wrote', async () => {
    const { job, result, queue } = await runKilledJob({ name: 'contents', prompt: `write ${NOTES} notes, each naming the FOLDER it is written in` });
    await expectBranchHoldsWrites({ jobId: job.id, queue, result, names: NOTE_FILES });
    // The notes of the first attempt name its checkout in root-a: the file holds it, and so does the transcript.
    expect(branchFile(job.id, 'note-1.txt')).toContain(path.join(RUN, 'contents-a'));
  }, 120_000);

  it('killed on a worker whose --workspace-root is a symbolic link, finished on another: the transcript names the checkout as the tools saw it, and the branch holds every file it wrote', async () => {
    const { job, result, before, after, queue } = await runKilledJob({ name: 'linked', prompt: `write ${NOTES} notes, naming the PHYSICAL folder`, linkedRoot: true });
    await expectBranchHoldsWrites({ jobId: job.id, queue, result, names: NOTE_FILES });
    expect(after).toEqual(before);
  }, 120_000);

  it("a resumed call that still names the first worker's checkout is denied, even with a rule that allows the path, and writes nothing there", async () => {
    const { result, before, after, events } = await runKilledJob({ name: 'stubborn', prompt: `write ${NOTES} notes, STUBBORN` });
    const resumed = events.slice(events.map((event) => event.type).lastIndexOf('job-start'));
    const results = resumed.filter((event) => event.type === 'tool-result' && /^toolu_write_/.test((event as { toolUseId: string }).toolUseId));
    expect(results.length).toBeGreaterThan(0);
    for (const denied of results) expect((denied as { status?: string }).status, JSON.stringify(denied)).not.toBe('ok');
    expect(after).toEqual(before);
    // Nothing the transcript calls written is missing from the branch: the denied calls wrote nothing.
    expect(result.status, JSON.stringify(result.error)).toBe('completed');
  }, 120_000);

  it('a parked job answered after its worker is gone runs its approved write in the new checkout, and its branch holds every file its transcript wrote', async () => {
    const queue = `resume-parked-${process.pid}`;
    const [rootA, rootB] = [path.join(RUN, 'parked-a'), path.join(RUN, 'parked-b')];
    const first = await startWorker(queue, rootA);
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'write notes, ASK before asked.txt', workspace: { repo: REPO }, permissions: { ...permissions, ask: ['Edit(asked.txt)'] }, deferAsks: true });
      let before: Record<string, string> | undefined;
      for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) {
        if (event.type !== 'job-parked') continue;
        // The event comes before the worker hands the job back to BullMQ: it is killed once the job is parked there.
        while ((await fleet.status({ ids: [job.id] })).jobs[0]?.state !== 'parked') await new Promise((resolve) => setTimeout(resolve, 50));
        before = await replaceWorker({ first, root: rootA, queue, nextRoot: rootB });
        await fleet.answer({ jobId: job.id, approvals: Object.fromEntries(event.waiting.map((call) => [call.toolUseId, { behavior: 'allow' as const }])) });
      }
      expect(before).toBeDefined();
      const result = await job.result({ timeoutMs: 5_000 });
      await expectBranchHoldsWrites({ jobId: job.id, queue, result, names: ['note-1.txt', 'asked.txt', 'note-2.txt'] });
      expect(snapshot(rootA)).toEqual(before);
    } finally {
      await fleet.close();
    }
  }, 120_000);

  it("a parked job answered while its session's lock is still held by a dead worker (killed -9 holding it, up to the lock's 10 s) waits for the lock instead of spending its attempts, and completes", async () => {
    const queue = `resume-session-busy-${process.pid}`;
    await startWorker(queue, path.join(RUN, 'busy-a'));
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    const client = await connectRedis({ url: servers.redis.url });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'write notes, ASK before asked.txt', workspace: { repo: REPO }, permissions: { ...permissions, ask: ['Edit(asked.txt)'] }, deferAsks: true });
      for await (const event of job.events({ signal: AbortSignal.timeout(HANG_GUARD_MS) })) {
        if (event.type !== 'job-parked') continue;
        while ((await fleet.status({ ids: [job.id] })).jobs[0]?.state !== 'parked') await new Promise((resolve) => setTimeout(resolve, 50));
        // What a worker killed -9 right after it opened the parked session (before it took the answers) leaves behind.
        const sessionId = await client.hget(fleetKeys(queue).state(job.id), 'sessionId');
        await client.set(`${fleetKeys(queue).sessions}:session:${sessionId}:lock`, JSON.stringify({ pid: 999_999, hostname: 'dead-worker', token: 'dead' }), 'PX', 10_000);
        await fleet.answer({ jobId: job.id, approvals: Object.fromEntries(event.waiting.map((call) => [call.toolUseId, { behavior: 'allow' as const }])) });
      }
      const result = await job.result({ timeoutMs: 5_000 });
      await expectBranchHoldsWrites({ jobId: job.id, queue, result, names: ['note-1.txt', 'asked.txt', 'note-2.txt'] });
    } finally {
      client.disconnect();
      await fleet.close();
    }
  }, 120_000);

  it('a job whose transcript wrote a file its branch cannot hold fails with WORKSPACE_MISMATCH, not completed', async () => {
    const queue = `resume-mismatch-${process.pid}`;
    await startWorker(queue, path.join(RUN, 'root-c'));
    const fleet = await createFleet({ connection: servers.redis.url, queue, env: {} });
    try {
      const job = await fleet.submit({ script: path.join(PROJECT, 'agent.ts'), prompt: 'write notes, and one OUTSIDE the checkout', workspace: { repo: REPO }, permissions });
      const result = await job.result({ timeoutMs: HANG_GUARD_MS });
      expect(existsSync(OUTSIDE_FILE)).toBe(true);
      expect(result.status).toBe('failed');
      expect(result.error?.code).toBe('WORKSPACE_MISMATCH');
    } finally {
      await fleet.close();
    }
  }, 120_000);
});
