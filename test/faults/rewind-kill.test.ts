import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import { listCheckpoints } from '../../src/agent/rewind/list-checkpoints.ts';
import { rewindSession } from '../../src/agent/rewind/rewind-session.ts';
import { createRewindProject, filesOf, rewindRunReplies } from '../../src/agent/rewind/test-fixtures/rewind-project.ts';
import { createFakeMessagesServer, textReply, toolUseReply, type FakeMessagesServer, type TestKernel } from '../../src/testing/index.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../src/transcripts/sessions-directory.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/rewind-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
/** Bounds against a hang only. */
const STARTED_WITHIN_MS = 60_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an agent process killed with SIGKILL mid-run', () => {
  it('leaves a session whose checkpoints list and rewind, and which resumes after the rewind', async () => {
    const test: TestKernel = await createRewindProject();
    cleanups.push(() => test.cleanup());
    const before = filesOf(test.root);
    // Turns 1 and 2 as in the agent's suite, then a Bash that is still running when the process is killed.
    const marker = path.join(test.root, 'started');
    // The command outlives the killed process: it ends when the test is done, at its stop file.
    const stopFolder = mkdtempSync(path.join(os.tmpdir(), 'codev-rewind-stop-'));
    const stop = path.join(stopFolder, 'stop');
    cleanups.push(async () => {
      writeFileSync(stop, '');
      await sleep(500);
      rmSync(stopFolder, { recursive: true, force: true });
    });
    const replies = [...rewindRunReplies(test.root).slice(0, 2), toolUseReply('Bash', { command: `touch ${marker}; while [ ! -e ${stop} ]; do sleep 0.1; done` }, { id: 'toolu_wait' }), textReply('resumed')];
    const server: FakeMessagesServer = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
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
    const deadline = Date.now() + STARTED_WITHIN_MS;
    while (!existsSync(marker) && Date.now() < deadline && child.exitCode === null) await sleep(50);
    expect(existsSync(marker), `the worker's third turn never started: ${stdout}${stderr}`).toBe(true);
    child.kill('SIGKILL');
    await exited;
    const sessionId = /session (\S+)/.exec(stdout)![1]!;

    const listed = await listCheckpoints({ sessionId, projectRoot: test.root });
    expect(listed.map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3]);
    // What the killed turn did came after the last checkpoint: it is not known as the agent's, so it is a conflict.
    const preview = await rewindSession({ sessionId, projectRoot: test.root, to: 2, dryRun: true });
    expect(preview.files!.conflicts).toEqual([{ root: test.root, path: 'started', reason: 'changed-since' }]);
    const result = await rewindSession({ sessionId, projectRoot: test.root, to: 2, conflicts: 'overwrite' });
    expect(filesOf(test.root)).toEqual({ ...before, 'new.txt': 'new file\n' });
    // The original session is as the kill left it, and the fork resumes.
    expect(result.forkedFrom).toBe(sessionId);
    const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, resume: result.sessionId });
    cleanups.push(() => agent.close());
    const events = [];
    for await (const event of agent.resume()) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: result.sessionId });
    const original = await createFileSessionStore({ directory: sessionsDirectory(test.root) }).read(sessionId);
    expect(original.checkpoints?.map((entry) => entry.turn)).toEqual([1, 2, 3]);
    expect(original.rewinds?.map((entry) => entry.turn)).toEqual([2]);
  });
});
