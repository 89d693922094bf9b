import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { listCheckpoints } from '../../src/agent/rewind/list-checkpoints.ts';
import { rewindSession } from '../../src/agent/rewind/rewind-session.ts';
import { createRewindProject } from '../../src/agent/rewind/test-fixtures/rewind-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type TestKernel } from '../../src/testing/index.ts';

// `codev rewind --list` (and a dry run) compare the last checkpoint with the files now, recording them into
// the session's index in the checkpoint store: from another process, while the session's agent records its
// own turns into the same index. Neither may make the agent's recordings fail (a turn without checkpoint).

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/rewind-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
const TURNS = 40;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it('listings and dry runs from another process while the agent runs leave every one of its turns recorded', async () => {
  const test: TestKernel = await createRewindProject();
  cleanups.push(() => test.cleanup());
  const replies = Array.from({ length: TURNS }, (_, turn) => toolUseReply('Bash', { command: `echo ${turn} > turn-${turn % 7}.txt` }, { id: `toolu_${turn}` }));
  const server: FakeMessagesServer = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('done') });
  cleanups.push(() => server.close());
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, 'run', test.root, server.url], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  while (!/session \S+/.test(stdout) && child.exitCode === null) await sleep(20);
  const sessionId = /session (\S+)/.exec(stdout)![1]!;
  let listings = 0;
  while (child.exitCode === null) {
    const listed = await listCheckpoints({ sessionId, projectRoot: test.root }).catch(() => undefined);
    await rewindSession({ sessionId, projectRoot: test.root, to: 1, dryRun: true }).catch(() => undefined);
    if (listed && listed.length > 0) listings++;
  }
  await exited;
  expect(child.exitCode, stderr).toBe(0);
  expect(listings).toBeGreaterThan(0);
  expect(stdout.split('\n').filter((line) => line.startsWith('warning'))).toEqual([]);
  const recorded = await listCheckpoints({ sessionId, projectRoot: test.root });
  expect(recorded.map((checkpoint) => checkpoint.turn)).toEqual(Array.from({ length: TURNS + 1 }, (_, index) => index + 1));
}, 180_000);
