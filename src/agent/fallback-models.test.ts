import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeMessagesServerOptions } from '../testing/fake-messages-server/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createAgentTool } from '../tools/Agent/create-agent-tool.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

const PRIMARY = 'claude-opus-4-6';
const SECOND = 'claude-sonnet-4-6';
const THIRD = 'claude-haiku-4-5';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const echo = buildTool({ name: 'Echo', description: 'Echoes', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text }) });

async function run(serverOptions: FakeMessagesServerOptions, options: AgentOptions): Promise<AgentEvent[]> {
  server = await createFakeMessagesServer(serverOptions);
  const agent = createAgent({ tools: [echo], apiKey: 'k', baseURL: server.url, model: PRIMARY, maxRetries: 1, retryBaseDelayMs: 1, canUseTool: () => ({ behavior: 'allow' }), ...options });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('go')) events.push(event);
  } finally {
    await agent.close();
  }
  return events;
}

const models = () => server!.requests.map((request) => request.body.model);
const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T) => events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);

describe('fallback models', () => {
  it('retries the overloaded model, then makes the same request on the fallback, priced by it; the next turn tries the primary again', async () => {
    let replies = 0;
    const events = await run({ overloadedModels: [PRIMARY], script: () => (replies++ === 0 ? toolUseReply('Echo', { text: 'hi' }) : textReply('done')) }, { fallbackModel: SECOND });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 2 });
    // Each turn: the primary and its one retry, then the fallback.
    expect(models()).toEqual([PRIMARY, PRIMARY, SECOND, PRIMARY, PRIMARY, SECOND]);
    expect(ofType(events, 'retry')).toHaveLength(2);
    const fallbacks = ofType(events, 'model-fallback');
    expect(fallbacks).toHaveLength(2);
    expect(fallbacks[0]).toMatchObject({ from: PRIMARY, to: SECOND, error: { code: 'MODEL_OVERLOADED', status: 529 } });
    // The same request: the fallback's body is the primary's but for the model.
    const [primaryBody, , fallbackBody] = server!.requests.map((request) => request.body);
    expect({ ...fallbackBody, model: PRIMARY }).toEqual(primaryBody);
    // Priced as Sonnet (3/15 per million), not as Opus (5/25).
    const usage = ofType(events, 'usage')[0]!;
    expect(usage.costUsd).toBeCloseTo((usage.usage.inputTokens * 3 + usage.usage.outputTokens * 15) / 1e6, 12);
  });

  it('goes down a list, past a fallback that is overloaded too', async () => {
    const events = await run({ overloadedModels: [PRIMARY, SECOND], script: [textReply('from haiku')] }, { fallbackModel: [SECOND, THIRD], maxRetries: 0 });
    expect(models()).toEqual([PRIMARY, SECOND, THIRD]);
    expect(ofType(events, 'model-fallback').map((event) => [event.from, event.to])).toEqual([
      [PRIMARY, SECOND],
      [SECOND, THIRD],
    ]);
    expect(ofType(events, 'text').map((event) => event.text)).toEqual(['from haiku']);
  });

  it('falls back after a 500 and after an overload reported mid-stream', async () => {
    const failing = [errorReply(500, { shouldRetry: false }), { content: [{ type: 'text' as const, text: 'cut' }], failAfterEvents: 2 }];
    for (const failure of failing) {
      const events = await run({ script: (request) => (request.body.model === PRIMARY ? failure : textReply('ok')) }, { fallbackModel: SECOND, maxRetries: 0 });
      expect(models()).toEqual([PRIMARY, SECOND]);
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
      await server!.close();
    }
  });

  it('never falls back on a 4xx or a rate limit', async () => {
    for (const failure of [errorReply(400), errorReply(429, { shouldRetry: false }), errorReply(401)]) {
      const events = await run({ script: (request) => (request.body.model === PRIMARY ? failure : textReply('ok')) }, { fallbackModel: SECOND, maxRetries: 0 });
      expect(models()).toEqual([PRIMARY]);
      expect(ofType(events, 'model-fallback')).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
      await server!.close();
    }
  });

  it('ends with the last model error when every model is overloaded', async () => {
    const events = await run({ overloadedModels: [PRIMARY, SECOND], script: [] }, { fallbackModel: SECOND, maxRetries: 0 });
    expect(ofType(events, 'error')[0]?.error).toMatchObject({ code: 'MODEL_OVERLOADED' });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
  });

  it("a subagent falls back as its parent does", async () => {
    server = await createFakeMessagesServer({
      overloadedModels: [PRIMARY],
      script: (request) => {
        const messages = request.body.messages!;
        if (messages[0]!.content === 'sub task') return textReply('sub done');
        return messages.length === 1 ? toolUseReply('Agent', { description: 'Look around', prompt: 'sub task' }) : textReply('main done');
      },
    });
    const context = createTestContext({ tools: [createAgentTool(), echo] });
    const agent = createAgent({ apiKey: 'k', baseURL: server.url, model: PRIMARY, fallbackModel: SECOND, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const result = await agent.run('main');
    await agent.close();
    expect(result).toMatchObject({ text: 'main done', endReason: 'end_turn' });
    const subagentModels = server.requests.filter((request) => request.body.messages![0]!.content === 'sub task').map((request) => request.body.model);
    expect(subagentModels).toEqual([PRIMARY, SECOND]);
  });

  it('refuses a fallback model that is not a model id', () => {
    for (const fallbackModel of ['', ['claude-haiku-4-5', 7]] as never[]) {
      let error: unknown;
      try {
        createAgent({ tools: [], apiKey: 'k', fallbackModel });
      } catch (caught) {
        error = caught;
      }
      expect(CodevError.isInstance(error) && error.code).toBe('INPUT_INVALID');
      expect((error as CodevError).field).toBe('fallbackModel');
    }
  });
});
