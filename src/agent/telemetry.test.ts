import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CodevError } from '../errors/codev-error.ts';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeScript } from '../testing/fake-messages-server/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { buildTool } from '../tool/build-tool.ts';
import { echoTool, serveConversations } from '../tools/Agent/test-fixtures/agent.ts';
import { agentTool } from '../tools/Agent/index.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
afterAll(() => provider.shutdown());

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  exporter.reset();
  await server?.close();
  server = undefined;
});

const lookup = buildTool({ name: 'Lookup', description: 'Looks a word up', inputSchema: z.object({ word: z.string() }), isReadOnly: () => true, call: ({ word }) => {
  if (word === 'boom') throw new CodevError('INPUT_INVALID', 'no such word');
  return { data: `${word}: a word` };
} });

async function runQuery(options: { script: FakeScript; agent?: AgentOptions }): Promise<AgentEvent[]> {
  server = await createFakeMessagesServer({ script: options.script, promptCache: { minTokens: 10 } });
  const agent = createAgent({ tools: [lookup], apiKey: 'k', baseURL: server.url, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), ...options.agent });
  const events: AgentEvent[] = [];
  for await (const event of agent.query('define two words')) events.push(event);
  await agent.close();
  return events;
}

const named = (prefix: string) => exporter.getFinishedSpans().filter((span) => span.name.startsWith(prefix));
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('OpenTelemetry spans of a query', () => {
  it('traces the query as invoke_agent, each request as chat under it, each tool call as execute_tool under it', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-telemetry-'));
    const events = await runQuery({
      script: [toolUseReply('Lookup', { word: 'cat' }, { id: 'toolu_cat' }), textReply('A cat is a word.')],
      agent: { model: 'claude-sonnet-4-6', persistSession: true, sessionStore: createFileSessionStore({ directory }) },
    });
    const end = events.find((event) => event.type === 'end')!;
    const [agentSpan] = named('invoke_agent ');
    expect(agentSpan!.name).toBe('invoke_agent codev');
    expect(agentSpan!.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.agent.name': 'codev',
      'gen_ai.request.model': 'claude-sonnet-4-6',
      'gen_ai.conversation.id': end.sessionId,
      'codev.end_reason': 'end_turn',
      'codev.turns': 2,
      'gen_ai.usage.output_tokens': end.usage.outputTokens,
      'gen_ai.usage.input_tokens': end.usage.inputTokens + end.usage.cacheCreationInputTokens + end.usage.cacheReadInputTokens,
      'codev.cost.usd': end.costUsd,
    });
    expect(end.costUsd).toBeGreaterThan(0);

    const chats = named('chat ');
    expect(chats.map((span) => span.name)).toEqual(['chat claude-sonnet-4-6', 'chat claude-sonnet-4-6']);
    expect(chats.map((span) => span.attributes['gen_ai.response.finish_reasons'])).toEqual([['tool_use'], ['end_turn']]);
    const usages = events.flatMap((event) => (event.type === 'usage' ? [event] : []));
    chats.forEach((chat, index) => {
      expect(parentOf(chat)).toBe(agentSpan!.spanContext().spanId);
      expect(chat.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'claude-sonnet-4-6',
        'gen_ai.response.model': 'claude-sonnet-4-6',
        'gen_ai.usage.output_tokens': usages[index]!.usage.outputTokens,
        'gen_ai.usage.cache_read.input_tokens': usages[index]!.usage.cacheReadInputTokens,
        'gen_ai.usage.cache_creation.input_tokens': usages[index]!.usage.cacheCreationInputTokens,
        'codev.cost.usd': usages[index]!.costUsd,
      });
    });

    const [tool] = named('execute_tool ');
    expect(tool!.name).toBe('execute_tool Lookup');
    expect(tool!.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'Lookup', 'gen_ai.tool.call.id': 'toolu_cat' });
    expect(parentOf(tool!)).toBe(agentSpan!.spanContext().spanId);
    expect(tool!.status.code).toBe(SpanStatusCode.UNSET);
    // The SDK's own span of each request is off: a backend would count every request twice.
    expect(named('anthropic.')).toEqual([]);
  });

  it('leaves the cost out, never 0, for a model with no price', async () => {
    await runQuery({ script: [textReply('hi')], agent: { model: 'unknown-model-7' } });
    const [chat] = named('chat ');
    const [agentSpan] = named('invoke_agent ');
    expect(chat!.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    expect(chat!.attributes).not.toHaveProperty('codev.cost.usd');
    expect(agentSpan!.attributes).not.toHaveProperty('codev.cost.usd');
  });

  it('marks a failed request and a failed tool call as errors, with an exception event', async () => {
    await runQuery({ script: [toolUseReply('Lookup', { word: 'boom' }), errorReply(400, { message: 'bad request' })] });
    const [tool] = named('execute_tool ');
    expect(tool!.status.code).toBe(SpanStatusCode.ERROR);
    expect(tool!.attributes['error.type']).toBe('INPUT_INVALID');
    expect(tool!.events.map((event) => event.name)).toContain('exception');
    const chats = named('chat ');
    expect(chats.map((span) => span.status.code)).toEqual([SpanStatusCode.UNSET, SpanStatusCode.ERROR]);
    expect(chats[1]!.attributes['error.type']).toBe('MODEL_REQUEST_FAILED');
    expect(chats[1]!.events.find((event) => event.name === 'exception')?.attributes).toMatchObject({ 'exception.type': 'MODEL_REQUEST_FAILED' });
    const [agentSpan] = named('invoke_agent ');
    expect(agentSpan!.status.code).toBe(SpanStatusCode.ERROR);
    expect(agentSpan!.attributes['codev.end_reason']).toBe('error');
  });

  it('gives the SDK its own spans back with ANTHROPIC_OPEN_TELEMETRY=true', async () => {
    await runQuery({ script: [textReply('hi')], agent: { env: { ANTHROPIC_OPEN_TELEMETRY: 'true' } } });
    expect(named('anthropic.messages.create')).toHaveLength(1);
  });

  it("nests a subagent's query under the parent's Agent tool span", async () => {
    const subagentPrompt = 'find the answer';
    const conversations = await serveConversations({
      main: [toolUseReply('Agent', { description: 'Find it', prompt: subagentPrompt, subagent_type: 'Explore' }), textReply('done')],
      [subagentPrompt]: [toolUseReply('Echo', { text: 'probe' }), textReply('42')],
    });
    const agent = createAgent({ apiKey: 'test-key', baseURL: conversations.url, maxRetries: 0, createToolUseContext: (signal) => Object.assign(createTestContext({ tools: [agentTool, echoTool] }), { signal }) });
    for await (const _event of agent.query('main'));
    await agent.close();
    const agents = named('invoke_agent ');
    const main = agents.find((span) => span.name === 'invoke_agent codev')!;
    const subagent = agents.find((span) => span.name === 'invoke_agent Explore')!;
    const agentCall = named('execute_tool Agent')[0]!;
    expect(parentOf(agentCall)).toBe(main.spanContext().spanId);
    expect(parentOf(subagent)).toBe(agentCall.spanContext().spanId);
    expect(subagent.attributes['gen_ai.agent.id']).toEqual(expect.any(String));
    expect(subagent.spanContext().traceId).toBe(main.spanContext().traceId);
    const echo = named('execute_tool Echo')[0]!;
    expect(parentOf(echo)).toBe(subagent.spanContext().spanId);
    expect(named('chat ').filter((span) => parentOf(span) === subagent.spanContext().spanId)).toHaveLength(2);
  });
});
