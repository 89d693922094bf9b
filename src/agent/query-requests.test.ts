import Anthropic from '@anthropic-ai/sdk';
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer } from '../testing/fake-messages-server/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

const echo = buildTool({ name: 'Echo', description: 'Echoes', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, async call({ text }) {
  return { data: `échо ${text} 🙂 "quoted" \\ back\u2028slash` };
} });
const allow = () => ({ behavior: 'allow' as const });
const TURNS = 4;

/** A conversation of `TURNS` Echo calls and a final text against a fresh fake server; the raw request bodies it received. */
async function conversation(client: (server: FakeMessagesServer) => { client?: Anthropic; apiKey?: string; baseURL?: string }): Promise<string[]> {
  let calls = 0;
  server = await createFakeMessagesServer({ script: () => (calls < TURNS ? toolUseReply('Echo', { text: `n${++calls} ✓` }, { id: `toolu_${calls}` }) : textReply('done')) });
  const agent = createAgent({ tools: [echo], ...client(server), system: 'Be brief: “quotes”.', maxRetries: 0, canUseTool: allow });
  for await (const event of agent.query('echo some words')) if (event.type === 'end') expect(event.reason).toBe('end_turn');
  await agent.close();
  const bodies = server.requests.map((request) => request.rawBody);
  await server.close();
  server = undefined;
  return bodies;
}

/** The reply's events as the SDK's stream yields them, and the message `finalMessage()` gives. */
function scriptedTurn(index: number, last: boolean) {
  const content = last ? [{ type: 'text', text: 'done', citations: null }] : [{ type: 'tool_use', id: `toolu_${index}`, name: 'Echo', input: { text: `n${index}` } }];
  const message = { id: `msg_${index}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content, stop_reason: last ? 'end_turn' : 'tool_use', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } };
  const events = [{ type: 'message_start', message: { ...message, content: [], stop_reason: null } }, { type: 'message_stop' }];
  return { message: message as unknown as Anthropic.Message, events };
}

interface SeenRequest {
  params: Anthropic.MessageCreateParams;
  /** How many messages the request carried when it was made (`params.messages` is the live conversation). */
  messages: number;
  signal: AbortSignal;
  listeners: number;
}

/** A client that is not the SDK's: only `messages.stream`, as a fake or a wrapper has it. `hold` keeps request `index` open until its signal aborts. */
function scriptedClient(options: { turns: number; hold?: number }): { client: Anthropic; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const stream = (params: Anthropic.MessageCreateParams, requestOptions: { signal: AbortSignal }) => {
    const index = seen.length;
    const { signal } = requestOptions;
    seen.push({ params, messages: params.messages.length, signal, listeners: getEventListeners(signal, 'abort').length });
    const { message, events } = scriptedTurn(index, index === options.turns);
    return {
      async *[Symbol.asyncIterator]() {
        for (const event of events) yield event;
        if (index === options.hold) {
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          throw new Error('aborted');
        }
      },
      finalMessage: async () => message,
    };
  };
  return { client: { messages: { stream } } as unknown as Anthropic, seen };
}

describe('the requests of a query', () => {
  it("send, through the SDK's client, the bytes the SDK would send for the params, without the SDK serializing the conversation", async () => {
    // A wrapper is not the SDK's client: its messages.stream gets the params object and the SDK serializes it.
    const wrapped = await conversation((at) => {
      const sdk = new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0 });
      return { client: { messages: { stream: (params: never, options: never) => sdk.messages.stream(params, options) } } as unknown as Anthropic };
    });
    const stringify = vi.spyOn(JSON, 'stringify');
    const direct = await conversation((at) => ({ client: new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0 }) }));
    const made = await conversation((at) => ({ apiKey: 'k', baseURL: at.url }));
    expect(wrapped).toHaveLength(TURNS + 1);
    expect(direct).toEqual(wrapped);
    expect(made).toEqual(wrapped);
    // No request's params were serialized whole (the SDK's encoder does that): each message's JSON was made once.
    // (The fake server, in this process, serializes parts of what it received for its own estimates.)
    const wholeRequests = stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'model' in value && 'messages' in value);
    expect(wholeRequests).toEqual([]);
  });

  it("do what the SDK's messages.create does beside the body: its warning for a deprecated model, as through a wrapper", async () => {
    const warned = async (client: (at: FakeMessagesServer) => Anthropic) => {
      server = await createFakeMessagesServer({ script: () => textReply('done') });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const agent = createAgent({ client: client(server), model: 'claude-opus-4-5', maxRetries: 0 });
      for await (const event of agent.query('hi')) if (event.type === 'end') expect(event.reason).toBe('end_turn');
      await agent.close();
      const messages = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('claude-opus-4-5'));
      warn.mockRestore();
      await server.close();
      server = undefined;
      return messages;
    };
    const wrapped = await warned((at) => {
      const sdk = new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0 });
      return { messages: { stream: (params: never, options: never) => sdk.messages.stream(params, options) } } as unknown as Anthropic;
    });
    const direct = await warned((at) => new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0 }));
    expect(wrapped).toHaveLength(1);
    expect(direct).toEqual(wrapped);
  });

  it('give a fetch the user gave the SDK\'s client the body as the SDK gives it: the JSON text, as through a wrapper', async () => {
    const seen: unknown[] = [];
    const fetchOf = () => (url: string | URL | Request, init?: RequestInit) => {
      seen.push(init?.body);
      return fetch(url, init);
    };
    const wrapped = await conversation((at) => {
      const sdk = new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0, fetch: fetchOf() });
      return { client: { messages: { stream: (params: never, options: never) => sdk.messages.stream(params, options) } } as unknown as Anthropic };
    });
    const fromWrapper = seen.splice(0);
    const direct = await conversation((at) => ({ client: new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0, fetch: fetchOf() }) }));
    expect(direct).toEqual(wrapped);
    expect(fromWrapper.every((body) => typeof body === 'string')).toBe(true);
    expect(seen).toEqual(fromWrapper);
  });

  it("log a request of the SDK's client at its debug level as the SDK logs it: the body the params", async () => {
    const logged: unknown[] = [];
    const logger = { debug: (message: string, details?: unknown) => void (message.includes('sending request') && logged.push((details as { options?: { body?: unknown } } | undefined)?.options?.body)), info: () => {}, warn: () => {}, error: () => {} };
    const wrapped = await conversation((at) => {
      const sdk = new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0, logger, logLevel: 'debug' });
      return { client: { messages: { stream: (params: never, options: never) => sdk.messages.stream(params, options) } } as unknown as Anthropic };
    });
    const fromWrapper = logged.splice(0).map((body) => JSON.stringify(body));
    const direct = await conversation((at) => ({ client: new Anthropic({ apiKey: 'k', baseURL: at.url, maxRetries: 0, logger, logLevel: 'debug' }) }));
    expect(direct).toEqual(wrapped);
    expect(fromWrapper).toHaveLength(TURNS + 1);
    expect(logged.map((body) => JSON.stringify(body))).toEqual(fromWrapper);
  });

  it('give a client that is not the SDK\'s the params object, and one signal to every request of a query, with no listener added per turn', async () => {
    const { client, seen } = scriptedClient({ turns: 3 });
    const agent = createAgent({ tools: [echo], client, maxRetries: 0, canUseTool: allow });
    const events: AgentEvent[] = [];
    for await (const event of agent.query('echo')) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', turns: 4 });
    expect(seen.map((request) => request.messages)).toEqual([1, 3, 5, 7]);
    expect(seen.every((request) => typeof request.params === 'object' && Array.isArray(request.params.messages))).toBe(true);
    expect(new Set(seen.map((request) => request.signal)).size).toBe(1);
    expect(new Set(seen.map((request) => request.listeners)).size).toBe(1);
    // The next query has its own.
    const next = scriptedClient({ turns: 0 });
    const again = createAgent({ tools: [echo], client: next.client, maxRetries: 0, canUseTool: allow });
    for await (const event of again.query('once')) void event;
    expect(next.seen[0]!.signal).not.toBe(seen[0]!.signal);
  });

  it("are aborted by the query's signal in the middle of the second request's stream", async () => {
    const { client, seen } = scriptedClient({ turns: 3, hold: 1 });
    const agent = createAgent({ tools: [echo], client, maxRetries: 2, canUseTool: allow });
    const controller = new AbortController();
    let end: AgentEvent | undefined;
    for await (const event of agent.query('echo', { signal: controller.signal })) {
      if (event.type === 'turn-start' && event.turn === 2) setTimeout(() => controller.abort(), 20);
      if (event.type === 'end') end = event;
    }
    expect(end).toMatchObject({ type: 'end', reason: 'aborted', turns: 2 });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.signal).toBe(seen[0]!.signal);
    expect(seen[1]!.signal.aborted).toBe(true);
  });

  it('are watched for silence each: the second request of a query stalling ends it with MODEL_STREAM_STALLED, and the next query goes on', async () => {
    let index = 0;
    server = await createFakeMessagesServer({ script: () => (index++ === 0 ? toolUseReply('Echo', { text: 'a' }) : index === 2 ? { ...textReply('late'), breakAfterEvents: 2, breakWith: 'stall' } : textReply('done')) });
    const agent = createAgent({ tools: [echo], apiKey: 'k', baseURL: server.url, maxRetries: 0, streamIdleTimeoutMs: 300, canUseTool: allow });
    const first: AgentEvent[] = [];
    for await (const event of agent.query('echo')) first.push(event);
    expect(first.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_STREAM_STALLED' } });
    expect(first.at(-1)).toMatchObject({ type: 'end', reason: 'error', turns: 2 });
    const second: AgentEvent[] = [];
    for await (const event of agent.query('again')) second.push(event);
    expect(second.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await agent.close();
  });
});
