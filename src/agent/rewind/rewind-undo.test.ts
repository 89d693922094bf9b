import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../../testing/fake-messages-server/types.ts';
import type { TestKernel } from '../../testing/create-test-kernel.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';
import { rewindSession } from './rewind-session.ts';
import { createRewindProject, filesOf, rewindRunReplies } from './test-fixtures/rewind-project.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let replies: FakeReply[] = [];
const agents: ReturnType<typeof createAgent>[] = [];

beforeEach(async () => {
  test = await createRewindProject();
  replies = rewindRunReplies(test.root);
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply(`reply ${index}`) });
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await server.close();
  await test.cleanup();
});

async function workedAgent() {
  const agent = createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }) });
  agents.push(agent);
  const before = filesOf(test.root);
  const events: AgentEvent[] = [];
  for await (const event of agent.query('do the work')) events.push(event);
  expect(events.filter((event) => event.type === 'warning' || event.type === 'error')).toEqual([]);
  return { agent, before };
}

describe('undoing a rewind', () => {
  it('puts back the user edit a forced rewind overwrote, byte for byte, and the agent changes as they were; the conversation stays in the fork', async () => {
    const { agent, before } = await workedAgent();
    writeFileSync(path.join(test.root, 'notes.md'), 'the user wrote this\r\nno newline at the end');
    const edited = filesOf(test.root);
    const rewound = await agent.rewind({ to: 1, conflicts: 'overwrite' });
    expect(filesOf(test.root)).toEqual(before);
    const fork = rewound.sessionId;
    const undone = await agent.rewind({ undo: true });
    expect(filesOf(test.root)).toEqual(edited);
    expect(undone.sessionId).toBe(fork);
    expect(undone.forkedFrom).toBeUndefined();
    expect(undone.undone).toMatchObject({ turn: 1, conversation: 'unchanged' });
    expect(agent.sessionId).toBe(fork);
    expect(agent.messages).toEqual([]);
  });

  it('can itself be undone: the files go back as the rewind left them', async () => {
    const { agent, before } = await workedAgent();
    const after = filesOf(test.root);
    await agent.rewind({ to: 1, conversation: false });
    await agent.rewind({ undo: true });
    expect(filesOf(test.root)).toEqual(after);
    await agent.rewind({ undo: true });
    expect(filesOf(test.root)).toEqual(before);
  });

  it('does not overwrite a file changed since the rewind: REWIND_CONFLICT, changing nothing, unless a choice says keep or overwrite', async () => {
    const { agent, before } = await workedAgent();
    const after = filesOf(test.root);
    await agent.rewind({ to: 1, conversation: false });
    writeFileSync(path.join(test.root, 'a.txt'), 'changed after the rewind\n');
    const changed = filesOf(test.root);
    expect(await rejectionCode(agent.rewind({ undo: true }))).toBe('REWIND_CONFLICT');
    expect(filesOf(test.root)).toEqual(changed);
    const preview = await agent.rewind({ undo: true, dryRun: true });
    expect(preview.files!.conflicts.map((conflict) => conflict.path)).toEqual(['a.txt']);
    expect(filesOf(test.root)).toEqual(changed);
    await agent.rewind({ undo: true, conflicts: 'keep' });
    expect(filesOf(test.root)).toEqual({ ...after, 'a.txt': 'changed after the rewind\n' });
    expect(before['a.txt']).toBe('alpha\n');
  });

  it('without a rewind to undo: CHECKPOINT_NOT_FOUND; with both to and undo, or neither: INPUT_INVALID', async () => {
    const { agent } = await workedAgent();
    const sessionId = agent.sessionId!;
    const after = filesOf(test.root);
    expect(await rejectionCode(agent.rewind({ undo: true }))).toBe('CHECKPOINT_NOT_FOUND');
    expect(await rejectionCode(agent.rewind({ undo: true, to: 1 }))).toBe('INPUT_INVALID');
    await agent.close();
    expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root, undo: true }))).toBe('CHECKPOINT_NOT_FOUND');
    expect(await rejectionCode(rewindSession({ sessionId, projectRoot: test.root }))).toBe('INPUT_INVALID');
    expect(filesOf(test.root)).toEqual(after);
  });
});
