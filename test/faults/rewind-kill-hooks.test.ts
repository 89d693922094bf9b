import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { listCheckpoints } from '../../src/agent/rewind/list-checkpoints.ts';
import { rewindSession } from '../../src/agent/rewind/rewind-session.ts';
import { createRewindProject, filesOf, rewindRunReplies } from '../../src/agent/rewind/test-fixtures/rewind-project.ts';
import { createFakeMessagesServer, textReply, type TestKernel } from '../../src/testing/index.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';

// A rewind process killed with SIGKILL while a PreRewind hook runs (nothing changed yet) or while a PostRewind
// hook runs (files back, the fork made): the session it held is free again, its transcript reads whole, the
// files are the old or the new state, and the next rewind works.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/rewind-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
const STARTED_WITHIN_MS = 60_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function workedSession(): Promise<{ test: TestKernel; sessionId: string; before: Record<string, string> }> {
  const test = await createRewindProject();
  cleanups.push(() => test.cleanup());
  const replies = rewindRunReplies(test.root);
  const server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('done') });
  cleanups.push(() => server.close());
  const before = filesOf(test.root);
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  for await (const _event of agent.query('do the work')) void _event;
  await agent.close();
  return { test, sessionId: agent.sessionId!, before };
}

async function killedIn(stage: 'PreRewind' | 'PostRewind', root: string, sessionId: string, turn: number): Promise<void> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, 'rewind', root, sessionId, String(turn), stage], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const marker = path.join(root, 'build', stage);
  const deadline = Date.now() + STARTED_WITHIN_MS;
  while (!existsSync(marker) && Date.now() < deadline && child.exitCode === null) await sleep(50);
  expect(existsSync(marker), `the ${stage} hook never ran: ${output}`).toBe(true);
  child.kill('SIGKILL');
  await exited;
}

it('killed in its PreRewind hook: nothing changed, the session free, and the next rewind works', async () => {
  const { test, sessionId, before } = await workedSession();
  const now = filesOf(test.root);
  const sessions = (await createFileSessionStore({ directory: sessionsDirectory(test.root) }).list()).length;
  await killedIn('PreRewind', test.root, sessionId, 1);
  expect(filesOf(test.root)).toEqual(now);
  const store = createFileSessionStore({ directory: sessionsDirectory(test.root) });
  expect((await store.list()).length).toBe(sessions);
  expect((await store.read(sessionId)).problems).toEqual([]);
  await rewindSession({ sessionId, projectRoot: test.root, to: 1 });
  expect(filesOf(test.root)).toEqual(before);
});

it('killed in its PostRewind hook: the files back, the fork whole, the session free; a rewind back to what the agent left finds no conflict', async () => {
  const { test, sessionId, before } = await workedSession();
  const now = filesOf(test.root);
  await killedIn('PostRewind', test.root, sessionId, 1);
  expect(filesOf(test.root)).toEqual(before);
  const store = createFileSessionStore({ directory: sessionsDirectory(test.root) });
  const original = await store.read(sessionId);
  expect(original.problems).toEqual([]);
  expect(original.rewinds?.map((entry) => entry.turn)).toEqual([1]);
  const forks = (await store.list()).filter((summary) => summary.id !== sessionId);
  expect(forks).toHaveLength(1);
  expect((await store.read(forks[0]!.id)).problems).toEqual([]);
  expect((await listCheckpoints({ sessionId, projectRoot: test.root })).map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5]);
  await rewindSession({ sessionId, projectRoot: test.root, to: 5, conversation: false });
  expect(filesOf(test.root)).toEqual(now);
});
