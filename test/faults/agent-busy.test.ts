import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { createFakeMessagesServer, createTestKernel, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type TestKernel } from '../../src/testing/index.ts';
import { buildTool } from '../../src/tool/build-tool.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let next: () => FakeReply;
let answered = 0;
/** The Wait tool's calls wait for this to be called. */
let release: () => void = () => {};
let entered: Promise<void>;
let enter: () => void;

const wait = buildTool({
  name: 'Wait',
  description: 'Waits for the test',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  call: async () => {
    enter();
    await new Promise<void>((resolve) => (release = resolve));
    return { data: 'waited' };
  },
});

beforeEach(async () => {
  answered = 0;
  entered = new Promise((resolve) => (enter = resolve));
  server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: () => {
      answered++;
      return next();
    },
  });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [wait], allow: ['Wait'] });
});
afterEach(async () => {
  release();
  await server.close();
  await test.cleanup();
});

const agentOf = (resume?: string) => createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, ...(resume && { resume }) });

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

const codeOf = (error: unknown) => (CodevError.isInstance(error) ? error.code : error);

describe('one agent, one thing at a time', () => {
  it('a second query, a resume or a compaction while a query runs is AGENT_BUSY, and the running query and its session stay valid', async () => {
    const replies: FakeReply[] = [toolUseReply('Wait', {}, { id: 'toolu_wait' }), textReply('done')];
    next = () => replies.shift() ?? textReply('later');
    const agent = agentOf();
    const first = drain(agent.query('wait for it'));
    await entered;
    await expect(drain(agent.query('meanwhile'))).rejects.toSatisfy((error) => codeOf(error) === 'AGENT_BUSY');
    await expect(drain(agent.resume())).rejects.toSatisfy((error) => codeOf(error) === 'AGENT_BUSY');
    await expect(agent.compact()).rejects.toSatisfy((error) => codeOf(error) === 'AGENT_BUSY');
    await expect(agent.run('and this')).rejects.toSatisfy((error) => codeOf(error) === 'AGENT_BUSY');
    release();
    expect((await first).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(agent.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The agent is free again once the query ended, and the session resumes elsewhere.
    expect((await drain(agent.query('again'))).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await agent.close();
    const resumed = agentOf(agent.sessionId);
    expect((await drain(resumed.query('resumed'))).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await resumed.close();
    expect(server.requests.length).toBe(answered);
  });

  it('two queries started in the same tick: exactly one runs', async () => {
    next = () => textReply('hello');
    const agent = agentOf();
    const results = await Promise.allSettled([drain(agent.query('one')), drain(agent.query('two'))]);
    await agent.close();
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(codeOf(rejected.reason)).toBe('AGENT_BUSY');
    expect(agent.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(server.requests.length).toBe(answered);
  });

  it('a query whose reader stopped early, or that failed, leaves the agent free', async () => {
    next = () => textReply('hello');
    const agent = agentOf();
    for await (const event of agent.query('one')) if (event.type === 'turn-start') break;
    await expect(drain(agent.query([{ type: 'image', path: 'no-such-image.png' }]))).rejects.toBeInstanceOf(Error);
    expect((await drain(agent.query('two'))).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await agent.close();
  });
});
