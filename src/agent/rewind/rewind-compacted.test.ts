import { afterEach, beforeEach, expect, it } from 'vitest';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';
import { createRewindProject, filesOf, rewindRunReplies } from './test-fixtures/rewind-project.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let replies: FakeReply[] = [];

beforeEach(async () => {
  test = await createRewindProject();
  replies = [...rewindRunReplies(test.root), textReply('the summary of the work'), toolUseReply('Bash', { command: 'echo after > after.txt' }, { id: 'toolu_after' }), textReply('after done'), textReply('again')];
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

it('after agent.compact(): turns go on being numbered; a turn after the compaction rewinds whole, one before it files only', async () => {
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  await drain(agent.query('do the work'));
  const afterWork = filesOf(test.root);
  await agent.compact();
  const events = await drain(agent.query('write after'));
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  const checkpoints = await agent.checkpoints();
  expect(checkpoints.map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(checkpoints[5]!.prompt).toBe('write after');
  expect(await rejectionCode(agent.rewind({ to: 2 }))).toBe('CHECKPOINT_NOT_FOUND');
  const result = await agent.rewind({ to: 6 });
  expect(result.prompt).toBe('write after');
  expect(filesOf(test.root)).toEqual(afterWork);
  // The fork holds the compacted conversation (its summary) and goes on.
  expect(agent.messages.length).toBeGreaterThan(0);
  const again = await drain(agent.query('once more'));
  expect(again.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
  expect((await agent.checkpoints()).map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5, 6]);
  await agent.rewind({ to: 2, conversation: false, conflicts: 'overwrite' });
  expect(filesOf(test.root)['new.txt']).toBe('new file\n');
  await agent.close();
});
