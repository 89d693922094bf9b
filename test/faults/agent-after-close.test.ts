/**
 * An agent used again after `close()`: its next query goes on with the conversation it has (the model reads
 * it all, and `sessionId` still names its session), so that query must be saved in the same session too,
 * never run unsaved while the session looks persisted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createFakeMessagesServer, createTestKernel, textReply, type FakeMessagesServer, type TestKernel } from '../../src/testing/index.ts';

let server: FakeMessagesServer;
let test: TestKernel;

beforeEach(async () => {
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (request) => textReply(`answer ${request.body.messages!.length}`) });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [] });
});
afterEach(async () => {
  await server.close();
  await test.cleanup();
});

const agentOf = (resume?: string) => createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, ...(resume && { resume }) });
const texts = (messages: readonly { content: unknown }[]) => messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content)));

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

describe('a query after close()', () => {
  it('is saved in the agent\'s session, which resumes with it (and is free again once the agent closes)', async () => {
    const agent = agentOf();
    await agent.run('first prompt');
    const id = agent.sessionId;
    await agent.close();
    const second = await agent.run('second prompt');
    expect(second.sessionId).toBe(id);
    await agent.close();

    const resumed = agentOf(id);
    expect((await drain(resumed.query('third prompt'))).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await resumed.close();
    expect(texts(server.requests.at(-1)!.body.messages!)).toEqual(['first prompt', expect.stringContaining('answer 1'), 'second prompt', expect.stringContaining('answer 3'), 'third prompt']);
  });
});
