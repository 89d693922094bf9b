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

describe('a rewind after a rewind', () => {
  it('of the conversation too: the fork knows the files are as the rewind left them, so a second rewind finds no conflict the user never made', async () => {
    const { agent, before } = await workedAgent();
    await agent.rewind({ to: 3 });
    const afterTurns12 = filesOf(test.root);
    expect(afterTurns12['b.txt']).toBe('alpha\n');
    // Nobody touched a file since: going further back is no conflict.
    const second = await agent.rewind({ to: 1 });
    expect(second.files!.conflicts).toEqual([]);
    expect(filesOf(test.root)).toEqual(before);
    expect(agent.messages).toEqual([]);
  });

  it('of the conversation, then files only in the fork, then a query in the fork: each rewind judges conflicts against what was last put back or recorded', async () => {
    const { agent, before } = await workedAgent();
    await agent.rewind({ to: 3 });
    await agent.rewind({ to: 2, conversation: false });
    expect(filesOf(test.root)).toEqual({ ...before, 'new.txt': 'new file\n' });
    replies = [...rewindRunReplies(test.root), textReply('again')];
    const events: AgentEvent[] = [];
    for await (const event of agent.query('go on')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect((await agent.rewind({ to: 1, dryRun: true })).files!.conflicts).toEqual([]);
  });
});

describe('a rewind refused', () => {
  it('leaves the agent in its session: the next query goes on there, numbering its turns', async () => {
    const { agent } = await workedAgent();
    const session = agent.sessionId;
    writeFileSync(path.join(test.root, 'notes.md'), 'the user wrote this\n');
    expect(await rejectionCode(agent.rewind({ to: 2 }))).toBe('REWIND_CONFLICT');
    replies = [...rewindRunReplies(test.root), textReply('again')];
    const events: AgentEvent[] = [];
    for await (const event of agent.query('go on')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: session });
    expect((await agent.checkpoints()).map((checkpoint) => checkpoint.turn)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('two rewinds at once', () => {
  it('of one session: one runs, the other is refused (SESSION_BUSY or AGENT_BUSY), the files are as the one that ran left them', async () => {
    const { agent, before } = await workedAgent();
    const sessionId = agent.sessionId!;
    const outcomes = await Promise.allSettled([agent.rewind({ to: 1, conversation: false }), agent.rewind({ to: 2, conversation: false })]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : []))).toEqual(['AGENT_BUSY']);
    expect(filesOf(test.root)).toEqual(before);
    await agent.close();
    const both = await Promise.allSettled([rewindSession({ sessionId, projectRoot: test.root, to: 2, conversation: false }), rewindSession({ sessionId, projectRoot: test.root, to: 3, conversation: false })]);
    const refused = both.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code?: string }).code] : []));
    expect(refused).toEqual(['SESSION_BUSY']);
    const ran = both.findIndex((outcome) => outcome.status === 'fulfilled');
    expect(filesOf(test.root)['new.txt']).toBe('new file\n');
    expect(filesOf(test.root)['b.txt']).toBe(ran === 0 ? undefined : 'alpha\n');
  });
});
