import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';
import { listCheckpoints } from './list-checkpoints.ts';
import { rewindSession } from './rewind-session.ts';
import { createRewindProject, filesOf, rewindRunReplies } from './test-fixtures/rewind-project.ts';

// The project's .codev/checkpoints removed (a `git clean -fdx`, a user tidying up) after a run: the session's
// checkpoint lines stay, their files do not. The conversation can still go back; the files cannot, and say so.

let server: FakeMessagesServer;
let test: TestKernel;
let replies: FakeReply[] = [];

beforeEach(async () => {
  test = await createRewindProject();
  replies = rewindRunReplies(test.root);
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

it('a session whose checkpoint store was removed lists its turns as lost, rewinds its conversation, and refuses its files with CHECKPOINT_NOT_FOUND', async () => {
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  await drain(agent.query('do the work'));
  const sessionId = agent.sessionId!;
  await agent.close();
  rmSync(path.join(test.root, '.codev', 'checkpoints'), { recursive: true, force: true });
  const files = filesOf(test.root);

  const listed = await listCheckpoints({ sessionId, projectRoot: test.root });
  expect(listed.map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5]);
  // The last one is stored again by the listing's recording of the files now, which are what it recorded.
  expect(listed.map((checkpoint) => [checkpoint.lost, checkpoint.files.length])).toEqual([[true, 0], [true, 0], [true, 0], [true, 0], [undefined, 0]]);

  expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 2 }))).toBe('CHECKPOINT_NOT_FOUND');
  expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, to: 2, conversation: false }))).toBe('CHECKPOINT_NOT_FOUND');
  expect(filesOf(test.root)).toEqual(files);

  const back = await rewindSession({ sessionId, projectRoot: test.root, to: 2, files: false });
  expect(back.forkedFrom).toBe(sessionId);
  expect(back.checkpoint).toMatchObject({ turn: 2, lost: true });
  expect(filesOf(test.root)).toEqual(files);
});
