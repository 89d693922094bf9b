import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeScript } from '../testing/fake-messages-server/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { buildTool, withToolSource } from '../tool/build-tool.ts';
import { createAgent, INTERRUPT_MESSAGE } from './create-agent.ts';
import type { AgentEvent } from './types.ts';

const servers: FakeMessagesServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: FakeScript) {
  const server = await createFakeMessagesServer({ script, apiKey: 'test-key' });
  servers.push(server);
  return server;
}

const add = withToolSource(
  buildTool({
    name: 'Add',
    description: 'Add two numbers',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    isConcurrencySafe: () => true,
    call: ({ a, b }) => ({ data: String(a + b) }),
  }),
  { type: 'builtin' },
);
const plugin = buildTool({ name: 'Zeta', description: 'A plugin tool', inputSchema: z.object({}), call: () => ({ data: 'z' }) });

async function collect(events: AsyncIterable<AgentEvent>) {
  const list: AgentEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

describe('createAgent', () => {
  it("renders each tool's prompt with the session's cwd, project root and plugin folders", async () => {
    const server = await serve([textReply('ok')]);
    const where = buildTool({
      name: 'Where',
      description: 'Where am I',
      inputSchema: z.object({}),
      prompt: (options) => `cwd=${options.cwd} root=${options.projectRoot} plugins=${options.pluginDirectories?.join(',')}`,
      call: () => ({ data: '' }),
    });
    const agent = createAgent({
      apiKey: 'test-key',
      baseURL: server.url,
      maxRetries: 0,
      createToolUseContext: (signal) => ({ ...createTestContext({ tools: [where], cwd: '/demo/app', pluginDirectories: ['/demo/plugins'], signal }), projectRoot: '/demo' }),
    });
    await collect(agent.query('where'));
    const [tool] = server.requests[0]!.body.tools as { description: string }[];
    expect(tool!.description).toBe('cwd=/demo/app root=/demo plugins=/demo/plugins');
  });

  it('runs tool calls from a streamed reply and sends the results back', async () => {
    const server = await serve([
      { content: [{ type: 'text', text: 'Adding.' }, { type: 'tool_use', id: 'toolu_1', name: 'Add', input: { a: 2, b: 3 } }, { type: 'tool_use', id: 'toolu_2', name: 'Add', input: { a: 1, b: 1 } }] },
      textReply('The sums are 5 and 2.'),
    ]);
    const agent = createAgent({ tools: [add, plugin], apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    const events = await collect(agent.query('add things'));
    const results = events.filter((event) => event.type === 'tool-result');
    expect(results.map((event) => event.type === 'tool-result' && event.block.content)).toEqual(['5', '2']);
    expect(events.filter((event) => event.type === 'text').map((event) => event.type === 'text' && event.text)).toEqual(['Adding.', 'The sums are 5 and 2.']);
    expect(events.some((event) => event.type === 'text-delta')).toBe(true);
    const end = events.at(-1)!;
    expect(end).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
    expect(end.type === 'end' && end.usage.outputTokens).toBeGreaterThan(0);
    const second = server.requests[1]!.body;
    expect(second.messages?.at(-1)).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '5' }, { type: 'tool_result', tool_use_id: 'toolu_2', content: '2' }] });
    const tools = server.requests[0]!.body.tools as { name: string; cache_control?: unknown }[];
    expect(tools.map((tool) => tool.name)).toEqual(['Add', 'Zeta']);
    expect(tools[0]!.cache_control).toEqual({ type: 'ephemeral' });
    expect(tools[1]!.cache_control).toBeUndefined();
  });

  it('stops at maxTurns', async () => {
    const server = await serve(() => toolUseReply('Add', { a: 1, b: 1 }));
    const events = await collect(createAgent({ tools: [add], apiKey: 'test-key', baseURL: server.url, maxRetries: 0, maxTurns: 3 }).query('loop'));
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'max_turns', turns: 3 });
  });

  it('surfaces API errors as events with stable codes', async () => {
    const cases: [FakeScript, string][] = [
      [[errorReply(429, { retryAfterSeconds: 7 })], 'MODEL_RATE_LIMITED'],
      [[errorReply(529)], 'MODEL_OVERLOADED'],
      [[{ content: [{ type: 'text', text: 'partial answer here' }], failAfterEvents: 3 }], 'MODEL_OVERLOADED'],
      [[{ content: [{ type: 'text', text: 'partial answer here' }], dropConnectionAfterEvents: 2 }], 'MODEL_STREAM_BROKEN'],
    ];
    for (const [script, code] of cases) {
      const server = await serve(script);
      const events = await collect(createAgent({ tools: [add], apiKey: 'test-key', baseURL: server.url, maxRetries: 0 }).query('hi'));
      const error = events.find((event) => event.type === 'error');
      expect(error?.type === 'error' && error.error.code, code).toBe(code);
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    }
    const server = await serve([textReply('never')]);
    const denied = await collect(createAgent({ tools: [add], apiKey: 'wrong', baseURL: server.url, maxRetries: 0 }).query('hi'));
    expect(denied.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_AUTHENTICATION_FAILED', status: 401 } });
  });

  it('an abort during a tool call ends the turn with a result for every tool_use', async () => {
    const controller = new AbortController();
    const slow = buildTool({ name: 'Slow', description: 'd', inputSchema: z.object({}), interruptBehavior: () => 'cancel', call: () => { controller.abort(); return new Promise<never>(() => {}); } });
    const server = await serve([{ content: [{ type: 'tool_use', id: 'toolu_a', name: 'Slow', input: {} }, { type: 'tool_use', id: 'toolu_b', name: 'Add', input: { a: 1, b: 2 } }] }]);
    const agent = createAgent({ tools: [slow, add], apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    const events = await collect(agent.query('go', { signal: controller.signal }));
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'aborted' });
    const last = agent.messages.at(-1)!;
    expect(last.role).toBe('user');
    const content = last.content as { type: string; tool_use_id?: string; text?: string }[];
    expect(content.map((block) => block.tool_use_id ?? block.text)).toEqual(['toolu_a', 'toolu_b', INTERRUPT_MESSAGE]);
  });

  it('says what is missing without a key or a base URL', () => {
    expect(() => createAgent({ env: {} })).toThrowError(expect.objectContaining({ code: 'MODEL_NOT_CONFIGURED' }));
  });
});
