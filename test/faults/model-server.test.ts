import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../src/agent/types.ts';
import { buildTool, withToolSource } from '../../src/tool/build-tool.ts';
import { createFakeMessagesServer, errorReply, textReply, toolUseReply, type FakeMessagesServer, type FakeReply, type FakeScript } from '../../src/testing/index.ts';

// Fault injection against the fake Messages server over real HTTP on loopback: every query must end with a
// stable code, and leave a transcript in which every tool_use has its tool_result. That it ends at all is the
// test's timeout; how fast is bench/'s business, never an assertion here (a loaded machine is slow).

const IDLE_MS = 200;
const FAST: AgentOptions = { streamIdleTimeoutMs: IDLE_MS, retryBaseDelayMs: 10, maxRetryWaitMs: 1_000, maxRetries: 1 };

const servers: FakeMessagesServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

let added = 0;
const add = withToolSource(
  buildTool({
    name: 'Add',
    description: 'Add two numbers',
    inputSchema: z.object({ a: z.number(), b: z.number() }),
    isConcurrencySafe: () => true,
    call: ({ a, b }) => {
      added++;
      return { data: String(a + b) };
    },
  }),
  { type: 'builtin' },
);

const SENTENCE = 'The quick brown fox jumps over the lazy dog, again and again.';

async function run(script: FakeScript, options: AgentOptions & { signal?: AbortSignal; onEvent?: (event: AgentEvent) => void } = {}) {
  const server = await createFakeMessagesServer({ script, apiKey: 'test-key' });
  servers.push(server);
  const { signal, onEvent, ...agentOptions } = options;
  const agent = createAgent({ tools: [add], apiKey: 'test-key', baseURL: server.url, env: {}, ...FAST, ...agentOptions });
  const events: AgentEvent[] = [];
  const started = performance.now();
  for await (const event of agent.query('go', { signal })) {
    events.push(event);
    onEvent?.(event);
  }
  const elapsedMs = performance.now() - started;
  await agent.close();
  const end = events.at(-1);
  if (end?.type !== 'end') throw new Error('the query did not end with an end event');
  const error = events.find((event) => event.type === 'error');
  return {
    server,
    events,
    elapsedMs,
    end,
    code: error?.type === 'error' ? error.error.code : undefined,
    error: error?.type === 'error' ? error.error : undefined,
    retries: events.filter((event): event is Extract<AgentEvent, { type: 'retry' }> => event.type === 'retry'),
    messages: agent.messages,
  };
}

/** Each assistant tool_use is answered by a tool_result in the very next (user) message. */
function expectEveryToolUseAnswered(messages: readonly Anthropic.MessageParam[]) {
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    const ids = message.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
    if (ids.length === 0) return;
    const next = messages[index + 1];
    const answered = next && typeof next.content !== 'string' ? next.content.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])) : [];
    expect(answered, `tool_use of message ${index}`).toEqual(expect.arrayContaining(ids));
  });
}

function expectBoundedEnd(result: Awaited<ReturnType<typeof run>>, reason: string, code?: string) {
  expect(result.end.reason).toBe(reason);
  expect(result.code).toBe(code);
  expectEveryToolUseAnswered(result.messages);
}

const text = (content = SENTENCE) => ({ content: [{ type: 'text' as const, text: content }] });
const always = (reply: FakeReply): FakeScript => () => reply;

describe('a model server that stalls', () => {
  it('after its headers: the request is abandoned after the idle timeout, retried once, then ends with MODEL_STREAM_STALLED', async () => {
    const result = await run(always({ ...text(), breakAfterEvents: 0, breakWith: 'stall' }));
    expectBoundedEnd(result, 'error', 'MODEL_STREAM_STALLED');
    expect(result.server.requests).toHaveLength(2);
    expect(result.retries).toMatchObject([{ attempt: 1, maxRetries: 1, error: { code: 'MODEL_STREAM_STALLED', retryable: true } }]);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(2 * IDLE_MS - 20);
  });

  it('mid-stream, after some events: the retry gets the whole answer', async () => {
    const result = await run([{ ...text(), breakAfterEvents: 5, breakWith: 'stall' }, textReply(SENTENCE)]);
    expectBoundedEnd(result, 'end_turn');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_STREAM_STALLED']);
    const deltas = result.events.filter((event) => event.type === 'text-delta');
    const retryIndex = result.events.indexOf(result.retries[0]!);
    expect(result.events.slice(0, retryIndex).some((event) => event.type === 'text-delta')).toBe(true);
    expect(deltas.length).toBeGreaterThan(1);
    expect(result.events.filter((event) => event.type === 'text').map((event) => event.type === 'text' && event.text)).toEqual([SENTENCE]);
  });

  it('mid-stream in the turn after a tool call: the transcript keeps the tool results', async () => {
    const result = await run((_request, index) => (index === 0 ? toolUseReply('Add', { a: 2, b: 3 }) : { ...text(), breakAfterEvents: 4, breakWith: 'stall' }));
    expectBoundedEnd(result, 'error', 'MODEL_STREAM_STALLED');
    expect(result.messages.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'tool_result', content: '5' }] });
  });

  it('is ended by the query signal while it stalls, in a retried attempt as in the first', async () => {
    // An idle timeout far past the test's own: only the abort can end these queries (it used to be a time bound).
    const waitForever = { streamIdleTimeoutMs: 3_600_000, maxRetries: 2 };
    const stalled = { ...text(), breakAfterEvents: 5, breakWith: 'stall' as const };
    const cases: { script: FakeScript; retries: number }[] = [
      { script: always(stalled), retries: 0 },
      { script: (_request, index) => (index === 0 ? errorReply(529) : stalled), retries: 1 },
    ];
    for (const { script, retries } of cases) {
      const controller = new AbortController();
      // Once the stalled attempt has streamed its first text, abort.
      const onEvent = (event: AgentEvent) => event.type === 'text-delta' && controller.abort();
      const result = await run(script, { ...waitForever, signal: controller.signal, onEvent });
      expectBoundedEnd(result, 'aborted');
      expect(result.retries).toHaveLength(retries);
      expect(result.server.requests).toHaveLength(retries + 1);
      // The answer never completed: the stream was cut by the abort, not by its end.
      expect(result.events.some((event) => event.type === 'text')).toBe(false);
    }
  });
});

describe('a model server that breaks its stream', () => {
  it('by resetting the connection: MODEL_STREAM_BROKEN, retried', async () => {
    const result = await run(always({ ...text(), breakAfterEvents: 4, breakWith: 'reset' }));
    expectBoundedEnd(result, 'error', 'MODEL_STREAM_BROKEN');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_STREAM_BROKEN']);
    expect(result.server.requests).toHaveLength(2);
  });

  it('by ending without message_stop: the partial message is dropped (MODEL_STREAM_BROKEN), then the retry succeeds', async () => {
    const result = await run([{ ...text(), breakAfterEvents: 6, breakWith: 'end' }, textReply('Complete.')]);
    expectBoundedEnd(result, 'end_turn');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_STREAM_BROKEN']);
    expect(result.messages.at(-1)).toMatchObject({ role: 'assistant', content: [{ type: 'text', text: 'Complete.' }] });
  });

  it('by ending in the middle of a tool input: nothing of it is used, the retried call runs once, whole', async () => {
    const before = added;
    const call = { content: [{ type: 'tool_use' as const, name: 'Add', input: { a: 123_456, b: 654_321 } }] };
    const result = await run([{ ...call, breakAfterEvents: 5, breakWith: 'end' }, call, textReply('777777')]);
    expectBoundedEnd(result, 'end_turn');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_STREAM_BROKEN']);
    expect(result.events.filter((event) => event.type === 'tool-call')).toMatchObject([{ input: { a: 123_456, b: 654_321 } }]);
    expect(added).toBe(before + 1);
  });

  it('with an event whose data is not JSON: MODEL_STREAM_BROKEN without a retry (the server is broken, not busy)', async () => {
    const result = await run(always({ ...text(), rawFrames: [{ afterEvents: 3, text: 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": \n\n' }] }));
    expectBoundedEnd(result, 'error', 'MODEL_STREAM_BROKEN');
    expect(result.error?.retryable).toBe(false);
    expect(result.retries).toEqual([]);
    expect(result.server.requests).toHaveLength(1);
  });

  it('with events out of order (a second message_start): MODEL_STREAM_BROKEN, retried', async () => {
    const frame = 'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_again","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n';
    const result = await run(always({ ...text(), rawFrames: [{ afterEvents: 4, text: frame }] }));
    expectBoundedEnd(result, 'error', 'MODEL_STREAM_BROKEN');
    expect(result.retries).toHaveLength(1);
  });

  it('with frames the SDK skips (no event line, an unknown event type, a delta for a block that does not exist): they neither break the answer nor keep a stalled stream alive', async () => {
    const rawFrames = [
      { afterEvents: 2, text: 'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"orphan"}}\n\n' },
      { afterEvents: 3, text: 'event: mystery_event\ndata: {"type":"mystery_event","detail":42}\n\n' },
      { afterEvents: 4, text: 'event: content_block_delta\ndata: {"type":"content_block_delta","index":9,"delta":{"type":"text_delta","text":"nowhere"}}\n\n' },
    ];
    const result = await run([{ ...text(), rawFrames, breakAfterEvents: 5, breakWith: 'stall' }, { ...text(), rawFrames }]);
    expectBoundedEnd(result, 'end_turn');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_STREAM_STALLED']);
    expect(result.events.filter((event) => event.type === 'text').map((event) => event.type === 'text' && event.text)).toEqual([SENTENCE]);
  });

  it('with a mid-stream error event: retried, then its code', async () => {
    const result = await run(always({ ...text(), failAfterEvents: 3 }));
    expectBoundedEnd(result, 'error', 'MODEL_OVERLOADED');
    expect(result.retries).toHaveLength(1);
  });
});

describe('a model server that refuses requests', () => {
  it('rate limits with retry-after 3600: one visible short retry, then MODEL_RATE_LIMITED saying when, without waiting an hour', async () => {
    const result = await run([errorReply(429, { retryAfterSeconds: 0.05 }), errorReply(429, { retryAfterSeconds: 3600 })], { maxRetries: 3, maxRetryWaitMs: 5_000 });
    expectBoundedEnd(result, 'error', 'MODEL_RATE_LIMITED');
    expect(result.retries).toMatchObject([{ attempt: 1, maxRetries: 3, waitMs: 50, error: { code: 'MODEL_RATE_LIMITED', status: 429 } }]);
    expect(result.error).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    const retryAt = Date.parse(result.error!.retryAt!);
    expect(Math.abs(retryAt - (Date.now() + 3_600_000))).toBeLessThan(60_000);
    expect(result.error!.message).toContain(result.error!.retryAt);
    expect(result.server.requests).toHaveLength(2);
    expect(result.server.requests.map((request) => request.headers['x-stainless-retry-count'])).toEqual(['0', '0']);
  });

  it('answers 529 overloaded: every retry announced with its wait, then MODEL_OVERLOADED', async () => {
    const result = await run(always(errorReply(529)), { maxRetries: 2 });
    expectBoundedEnd(result, 'error', 'MODEL_OVERLOADED');
    expect(result.retries.map((retry) => [retry.attempt, retry.error.code])).toEqual([[1, 'MODEL_OVERLOADED'], [2, 'MODEL_OVERLOADED']]);
    for (const retry of result.retries) expect(retry.waitMs).toBeGreaterThan(0);
    expect(result.server.requests).toHaveLength(3);
  });

  it('answers 529 once: the retry succeeds', async () => {
    const result = await run([errorReply(529), textReply('Fine now.')]);
    expectBoundedEnd(result, 'end_turn');
    expect(result.retries).toHaveLength(1);
  });

  it('a retry wait is cut short by the query signal', async () => {
    const controller = new AbortController();
    const result = await run(always(errorReply(429, { retryAfterSeconds: 30 })), { maxRetryWaitMs: 60_000, signal: controller.signal, onEvent: (event) => event.type === 'retry' && controller.abort() });
    expectBoundedEnd(result, 'aborted');
    expect(result.retries).toMatchObject([{ waitMs: 30_000 }]);
    expect(result.server.requests).toHaveLength(1);
  });

  it('a 400 after a 529 is not retried', async () => {
    const result = await run([errorReply(529), errorReply(400), textReply('never')], { maxRetries: 2 });
    expectBoundedEnd(result, 'error', 'MODEL_REQUEST_FAILED');
    expect(result.retries.map((retry) => retry.error.code)).toEqual(['MODEL_OVERLOADED']);
    expect(result.server.requests).toHaveLength(2);
  });
});
