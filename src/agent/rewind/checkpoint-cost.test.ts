import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';
import { createRewindProject, rewindRunReplies } from './test-fixtures/rewind-project.ts';

/** A `git` first on the PATH that logs each command's arguments, then runs the real one. */
const spy = { folder: mkdtempSync(path.join(os.tmpdir(), 'codev-git-spy-')), savedPath: process.env.PATH };
const log = path.join(spy.folder, 'git.log');
let server: FakeMessagesServer;
let test: TestKernel;
let replies: FakeReply[] = [];

beforeAll(() => {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(spy.folder, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(path.join(spy.folder, 'git'), 0o755);
  process.env.PATH = `${spy.folder}${path.delimiter}${process.env.PATH ?? ''}`;
});
afterAll(() => {
  process.env.PATH = spy.savedPath;
  rmSync(spy.folder, { recursive: true, force: true });
});
beforeEach(async () => {
  test = await createRewindProject();
  replies = [...rewindRunReplies(test.root), textReply('again')];
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

const drain = async (events: AsyncIterable<AgentEvent>) => {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
};
// A scan walks the folders (`ls-files --others`); `ls-files --cached --ignored` of a first recording reads the index only.
const scans = () => readFileSync(log, 'utf8').split('\n').filter((command) => command.includes(' ls-files ') && command.includes('--others')).length;

it('a project over maxFiles (a home folder, an unignored node_modules) is scanned once per query, not at every turn: one warning, then no more recording until the next query', async () => {
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, checkpoints: { maxFiles: 3 }, canUseTool: () => ({ behavior: 'allow' }) });
  writeFileSync(log, '');
  const events = await drain(agent.query('do the work'));
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  expect(events.filter((event) => event.type === 'warning' && event.code === 'CHECKPOINT_FAILED')).toHaveLength(1);
  expect(scans()).toBe(1);
  // The next query tries again (the user may have added the folder to .gitignore meanwhile).
  writeFileSync(log, '');
  const again = await drain(agent.query('again'));
  expect(again.filter((event) => event.type === 'warning' && event.code === 'CHECKPOINT_FAILED')).toHaveLength(1);
  expect(scans()).toBe(1);
  await agent.close();
});
