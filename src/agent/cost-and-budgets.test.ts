import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply, type FakeMessageReply, type FakeReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { echoTool, serveConversations } from '../tools/Agent/test-fixtures/agent.ts';
import { createAgentTool } from '../tools/Agent/create-agent-tool.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// Sonnet 4.6 at list price: $3 per million input tokens, $15 output, cache writes 1.25 × input, reads 0.1 ×.
const withUsage = (reply: FakeMessageReply, usage: FakeMessageReply['usage']): FakeMessageReply => ({ ...reply, usage });
const thousandIn = { inputTokens: 1000, outputTokens: 100 };
const THOUSAND_IN_COST = (1000 * 3 + 100 * 15) / 1e6;

async function run(replies: FakeReply[], options: Partial<AgentOptions> = {}): Promise<AgentEvent[]> {
  server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => replies[index] ?? textReply('(no more replies)') });
  const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, tools: [echoTool], canUseTool: () => ({ behavior: 'allow' }), promptCaching: false, ...options });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('go')) events.push(event);
  await agent.close();
  return events;
}

const ofType = <Type extends AgentEvent['type']>(events: AgentEvent[], type: Type) => events.filter((event): event is Extract<AgentEvent, { type: Type }> => event.type === type);
const echo = (text: string) => toolUseReply('Echo', { text });

describe('cost of a query', () => {
  it('prices each request and the query from the model price table, cache reads and writes included', async () => {
    const events = await run([
      withUsage(echo('a'), thousandIn),
      withUsage(textReply('done'), { inputTokens: 200, outputTokens: 50, cacheCreationInputTokens: 1000, cacheReadInputTokens: 4000 }),
    ]);
    const second = (200 * 3 + 50 * 15 + 1000 * 3.75 + 4000 * 0.3) / 1e6;
    const usages = ofType(events, 'usage');
    expect(usages.map((event) => event.costUsd)).toEqual([expect.closeTo(THOUSAND_IN_COST, 12), expect.closeTo(second, 12)]);
    expect(usages.map((event) => event.totalCostUsd)).toEqual([expect.closeTo(THOUSAND_IN_COST, 12), expect.closeTo(THOUSAND_IN_COST + second, 12)]);
    expect(ofType(events, 'end')[0]).toMatchObject({ reason: 'end_turn', costUsd: expect.closeTo(THOUSAND_IN_COST + second, 12) });
  });

  it('a model without a price costs null (unknown), never 0; prices in the options price it', async () => {
    const unknown = await run([withUsage(textReply('hi'), thousandIn)], { model: 'acme-local-7b' });
    expect(ofType(unknown, 'usage')[0]).toMatchObject({ costUsd: null, totalCostUsd: null });
    expect(ofType(unknown, 'end')[0]!.costUsd).toBeNull();
    await server?.close();
    const priced = await run([withUsage(textReply('hi'), thousandIn)], { model: 'acme-local-7b-2026', prices: { 'acme-local-7b': { input: 1, output: 2 } } });
    expect(ofType(priced, 'end')[0]!.costUsd).toBeCloseTo((1000 * 1 + 100 * 2) / 1e6, 12);
  });

  it("a subagent's requests count toward its parent's cost", async () => {
    const launch = withUsage(toolUseReply('Agent', { description: 'Look around', prompt: 'sub task' }), thousandIn);
    server = await serveConversations({ main: [launch, withUsage(textReply('main done'), thousandIn)], 'sub task': [withUsage(textReply('sub done'), thousandIn)] });
    const context = createTestContext({ tools: [createAgentTool(), echoTool] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const result = await agent.run('main');
    await agent.close();
    expect(server.requests).toHaveLength(3);
    expect(result).toMatchObject({ text: 'main done', endReason: 'end_turn', turns: 2 });
    expect(result.costUsd).toBeCloseTo(3 * THOUSAND_IN_COST, 12);
  });
});

describe('limits of a query', () => {
  it('maxBudgetUsd ends the query before a request whose estimate would pass it', async () => {
    // Each request reads 100,000 tokens: $0.30. The second would bring the query to about $0.60.
    const big = { inputTokens: 100_000, outputTokens: 10 };
    const events = await run([withUsage(echo('a'), big), withUsage(echo('b'), big), textReply('done')], { maxBudgetUsd: 0.5 });
    expect(server!.requests).toHaveLength(1);
    const [limit] = ofType(events, 'limit-reached');
    expect(limit).toMatchObject({ limit: 'maxBudgetUsd', max: 0.5, spent: expect.closeTo(0.30015, 9) });
    expect(limit!.spent + limit!.next).toBeGreaterThan(0.5);
    expect(ofType(events, 'end')[0]).toMatchObject({ reason: 'max_budget_usd', turns: 1 });
  });

  it('a budget that the cache keeps affordable goes on: the estimate reads the prefix from the cache', async () => {
    const cached = { inputTokens: 10, cacheReadInputTokens: 100_000, outputTokens: 10 };
    const events = await run([withUsage(echo('a'), cached), withUsage(echo('b'), cached), withUsage(textReply('done'), cached)], { maxBudgetUsd: 0.5, promptCaching: true });
    expect(ofType(events, 'limit-reached')).toEqual([]);
    expect(ofType(events, 'end')[0]).toMatchObject({ reason: 'end_turn', turns: 3 });
  });

  it('maxQueryTokens ends the query before a request that would pass it, counting its whole max_tokens', async () => {
    // Each request uses 1,100 tokens, and the next may use its input and up to 200 more: the third would pass 2,500.
    const events = await run([withUsage(echo('a'), thousandIn), withUsage(echo('b'), thousandIn), withUsage(echo('c'), thousandIn), textReply('done')], { maxQueryTokens: 2500, maxTokens: 200 });
    expect(server!.requests).toHaveLength(2);
    expect(ofType(events, 'limit-reached')[0]).toMatchObject({ limit: 'maxQueryTokens', max: 2500, spent: 2200 });
    expect(ofType(events, 'end')[0]).toMatchObject({ reason: 'max_query_tokens', turns: 2 });
  });

  it("a subagent's spending stops the tree: its own next request is not made", async () => {
    const big = { inputTokens: 100_000, outputTokens: 10 };
    const launch = withUsage(toolUseReply('Agent', { description: 'Dig', prompt: 'sub task' }), big);
    server = await serveConversations({ main: [launch, textReply('main done')], 'sub task': [withUsage(toolUseReply('Echo', { text: 'x' }), { inputTokens: 200_000, outputTokens: 10 }), withUsage(textReply('sub done'), big)] });
    const context = createTestContext({ tools: [createAgentTool(), echoTool] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, promptCaching: false, maxBudgetUsd: 0.7, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const result = await agent.run('main');
    await agent.close();
    // main ($0.30) + the subagent's first ($0.60) passed $0.70: neither the subagent's next request nor main's is made.
    expect(server.requests).toHaveLength(2);
    expect(result.endReason).toBe('max_budget_usd');
    expect(result.costUsd).toBeCloseTo(0.9003, 9);
  });

  it.each([
    [{ maxBudgetUsd: 0 }, 'INPUT_INVALID'],
    [{ maxBudgetUsd: -1 }, 'INPUT_INVALID'],
    [{ maxBudgetUsd: Number.NaN }, 'INPUT_INVALID'],
    [{ maxQueryTokens: 1.5 }, 'INPUT_INVALID'],
    [{ maxQueryTokens: 0 }, 'INPUT_INVALID'],
    [{ maxBudgetUsd: 1, model: 'acme-local-7b' }, 'MODEL_PRICE_UNKNOWN'],
  ])('createAgent(%o) throws %s', (options, code) => {
    expect(() => createAgent({ apiKey: 'test-key', ...options })).toThrow(expect.objectContaining({ code }));
  });

  it('a budget with an unknown model is accepted once the model has a price', () => {
    expect(() => createAgent({ apiKey: 'test-key', model: 'acme-local-7b', maxBudgetUsd: 1, prices: { 'acme-local-7b': { input: 1, output: 1 } } })).not.toThrow();
  });
});

describe('agent.run()', () => {
  it('returns the answer, its accounts and the conversation; onEvent sees every event', async () => {
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: [withUsage(echo('a'), thousandIn), withUsage(textReply('all done'), thousandIn)] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, tools: [echoTool], canUseTool: () => ({ behavior: 'allow' }) });
    const seen: string[] = [];
    const result = await agent.run('go', { onEvent: (event) => void seen.push(event.type) });
    await agent.close();
    expect(result).toMatchObject({ text: 'all done', endReason: 'end_turn', turns: 2, usage: { inputTokens: 2000, outputTokens: 200 } });
    expect(result.costUsd).toBeCloseTo(2 * THOUSAND_IN_COST, 12);
    expect(result.messages).toHaveLength(4);
    expect(seen.at(-1)).toBe('end');
    expect(seen.filter((type) => type === 'usage')).toHaveLength(2);
  });

  it('rejects with the model error code when the query ends in an error', async () => {
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: [errorReply(400, { message: 'bad request' })] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    await expect(agent.run('go')).rejects.toMatchObject({ code: 'MODEL_REQUEST_FAILED' });
    await agent.close();
  });

  it('a limit is a result, not an error', async () => {
    server = await createFakeMessagesServer({ apiKey: 'test-key', script: [withUsage(echo('a'), thousandIn), withUsage(echo('b'), thousandIn)] });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, tools: [echoTool], maxQueryTokens: 1500, maxTokens: 200, canUseTool: () => ({ behavior: 'allow' }) });
    const result = await agent.run('go');
    await agent.close();
    expect(result).toMatchObject({ endReason: 'max_query_tokens', turns: 1, text: '' });
  });
});
