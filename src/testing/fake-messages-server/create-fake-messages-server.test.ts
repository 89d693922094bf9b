import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMessagesServer } from './create-fake-messages-server.ts';
import { errorReply, textReply, toolUseReply } from './fake-reply.ts';
import type { FakeMessagesServer, FakeMessagesServerOptions } from './types.ts';

const API_KEY = 'sk-fake-test';
const MODEL = 'claude-sonnet-4-6';
const USER_TURN = [{ role: 'user' as const, content: 'Weather in Beijing?' }];
const WEATHER_TOOL = { name: 'get_weather', description: 'Get the weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } };

let servers: FakeMessagesServer[] = [];

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: FakeMessagesServerOptions): Promise<{ server: FakeMessagesServer; client: Anthropic }> {
  const server = await createFakeMessagesServer({ apiKey: API_KEY, ...options });
  servers.push(server);
  return { server, client: new Anthropic({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 }) };
}

function rawPost(server: FakeMessagesServer, options: { path?: string; headers?: Record<string, string>; body: unknown }): Promise<Response> {
  return fetch(`${server.url}${options.path ?? '/v1/messages'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
}

describe('createFakeMessagesServer', () => {
  it('binds to 127.0.0.1 on a free port', async () => {
    const { server } = await start({ script: [] });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
  });

  it('returns a scripted text reply to a non-streaming create', async () => {
    const { client } = await start({ script: [textReply('Sunny and 24 °C.')] });
    const message = await client.messages.create({ model: MODEL, max_tokens: 256, messages: USER_TURN });
    expect(message).toMatchObject({
      id: 'msg_fake_1',
      type: 'message',
      role: 'assistant',
      model: MODEL,
      content: [{ type: 'text', text: 'Sunny and 24 °C.', citations: null }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { cache_creation_input_tokens: 0, cache_read_input_tokens: 0, service_tier: 'standard' },
    });
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);
    expect(message._request_id).toBe('req_fake_1');
  });

  it('returns a scripted tool_use with a generated toolu_ id and stop reason tool_use', async () => {
    const { client } = await start({
      script: [toolUseReply('get_weather', { city: 'Beijing' }, { text: 'Let me check.' }), toolUseReply('get_weather', { city: 'Oslo' }, { id: 'toolu_mine' })],
    });
    const first = await client.messages.create({ model: MODEL, max_tokens: 256, messages: USER_TURN, tools: [WEATHER_TOOL] });
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([
      { type: 'text', text: 'Let me check.', citations: null },
      { type: 'tool_use', id: 'toolu_fake_1_1', name: 'get_weather', input: { city: 'Beijing' } },
    ]);
    const second = await client.messages.create({ model: MODEL, max_tokens: 256, messages: USER_TURN, tools: [WEATHER_TOOL] });
    expect(second.content[0]).toMatchObject({ type: 'tool_use', id: 'toolu_mine' });
  });

  it('reports the usage and stop reason a reply sets', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'Hi' }], stopReason: 'max_tokens', usage: { inputTokens: 412, outputTokens: 38, cacheReadInputTokens: 400 } }] });
    const message = await client.messages.create({ model: MODEL, max_tokens: 256, messages: USER_TURN });
    expect(message.stop_reason).toBe('max_tokens');
    expect(message.usage).toMatchObject({ input_tokens: 412, output_tokens: 38, cache_read_input_tokens: 400 });
  });

  it('streams text and tool input that messages.stream() reassembles', async () => {
    const input = { city: 'Beijing', days: 3, units: { temperature: 'celsius' } };
    const { client } = await start({ script: [toolUseReply('get_weather', input, { text: 'Let me check the weather for you.' })] });
    const stream = client.messages.stream({ model: MODEL, max_tokens: 256, messages: USER_TURN, tools: [WEATHER_TOOL] });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Let me check the weather for you.');
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content[1]).toEqual({ type: 'tool_use', id: 'toolu_fake_1_1', name: 'get_weather', input });
    expect(message.usage.output_tokens).toBeGreaterThan(1);
  });

  it('sends the raw stream events in the API order', async () => {
    const { client } = await start({ script: [toolUseReply('get_weather', { city: 'Beijing' }, { text: 'Checking.' })] });
    const stream = await client.messages.create({ model: MODEL, max_tokens: 256, messages: USER_TURN, stream: true });
    const types: string[] = [];
    for await (const event of stream) {
      const delta = event.type === 'content_block_delta' ? `:${event.delta.type}` : '';
      types.push(`${event.type}${delta}`);
    }
    const collapsed = types.filter((type, index) => type !== types[index - 1]);
    expect(collapsed).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta:text_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta:input_json_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
  });

  it('decides streaming from the body, not from Accept, and frames every event with event: and data: lines', async () => {
    const { server } = await start({ script: [toolUseReply('get_weather', { city: 'Beijing' }, { text: 'Checking.' })] });
    const response = await rawPost(server, {
      headers: { 'x-api-key': API_KEY, accept: 'application/json' },
      body: { model: MODEL, max_tokens: 64, messages: USER_TURN, stream: true },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('request-id')).toBe('req_fake_1');
    const text = await response.text();
    expect(text.endsWith('\n\n')).toBe(true);
    const frames = text.slice(0, -2).split('\n\n');
    for (const frame of frames) {
      const [eventLine, dataLine, ...rest] = frame.split('\n');
      expect(rest).toEqual([]);
      const name = eventLine?.replace(/^event: /, '');
      expect(eventLine).toBe(`event: ${name}`);
      expect(JSON.parse(dataLine?.replace(/^data: /, '') ?? '').type).toBe(name);
    }
    const names = frames.map((frame) => frame.split('\n')[0]);
    expect(names.indexOf('event: ping')).toBe(2);
    const partials = frames
      .map((frame) => JSON.parse(frame.split('\n')[1]!.slice('data: '.length)))
      .filter((data) => data.delta?.type === 'input_json_delta')
      .map((data) => data.delta.partial_json as string);
    expect(partials[0]).toBe('');
    expect(partials.length).toBeGreaterThan(2);
    expect(JSON.parse(partials.join(''))).toEqual({ city: 'Beijing' });
  });

  it('rejects a wrong key sent as Authorization: Bearer (SDK 1.x) with an AuthenticationError', async () => {
    const { server } = await start({ script: [textReply('never')] });
    const client = new Anthropic({ apiKey: 'sk-wrong', baseURL: server.url, maxRetries: 0 });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(error).toMatchObject({ status: 401, type: 'authentication_error', requestID: 'req_fake_1' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-wrong');
  });

  it('accepts the key as x-api-key (SDK 0.x) and rejects a wrong or missing one in the error envelope', async () => {
    const { server } = await start({ script: [textReply('Hello.')] });
    const body = { model: MODEL, max_tokens: 64, messages: USER_TURN };
    const accepted = await rawPost(server, { headers: { 'x-api-key': API_KEY }, body });
    expect(accepted.status).toBe(200);
    expect((await accepted.json()).content[0].text).toBe('Hello.');
    const wrong = await rawPost(server, { headers: { 'x-api-key': 'sk-wrong' }, body });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' }, request_id: 'req_fake_2' });
    const missing = await rawPost(server, { body });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.message).toBe('x-api-key header is required');
  });

  it('accepts any key when no apiKey is set', async () => {
    const server = await createFakeMessagesServer({ script: [textReply('Open.')] });
    servers.push(server);
    const response = await rawPost(server, { body: { model: MODEL, max_tokens: 64, messages: USER_TURN } });
    expect(response.status).toBe(200);
  });

  it('sends retry-after on 429, and the SDK retries into the next scripted reply', async () => {
    const { server, client } = await start({ script: [errorReply(429, { retryAfterSeconds: 0.01 }), textReply('After the wait.'), errorReply(429)] });
    const retrying = new Anthropic({ apiKey: API_KEY, baseURL: server.url, maxRetries: 1 });
    const message = await retrying.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(message.content[0]).toMatchObject({ text: 'After the wait.' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect(error).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((error as APIError).headers?.get('retry-after')).toBe('0.01');
  });

  it('answers 529 with overloaded_error', async () => {
    const { client } = await start({ script: [errorReply(529)] });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error', apiMessage: 'Overloaded' });
  });

  it('fills the type of a hand-written error reply from its status', async () => {
    const { client } = await start({ script: [{ error: { status: 403, message: 'No access to this model' } }] });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, type: 'permission_error', apiMessage: 'No access to this model' });
  });

  it('sends an error event mid-stream, which makes the stream reject with an APIError', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'Partial answer that never ends' }], failAfterEvents: 4 }] });
    const stream = client.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const error = await stream.finalMessage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error).toMatchObject({ status: undefined, type: 'overloaded_error' });
    expect(deltas).toHaveLength(1);
  });

  it('uses the scripted stream error', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'x' }], failAfterEvents: 0, streamError: { type: 'api_error', message: 'Internal failure' } }] });
    const stream = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN, stream: true });
    const error = await (async () => {
      for await (const event of stream) void event;
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ type: 'api_error', apiMessage: 'Internal failure' });
  });

  it('drops the connection mid-stream, which makes the stream reject', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'Cut off in the middle' }], dropConnectionAfterEvents: 4 }] });
    const stream = client.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.AnthropicError);
    expect(deltas.length).toBeGreaterThan(0);
  });

  it('drops the connection before any response when the request does not stream', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'x' }], dropConnectionAfterEvents: 0 }] });
    await expect(client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN })).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
  });

  it('splices raw frames into a stream and breaks it as scripted: end, reset, stall', async () => {
    const body = { model: MODEL, max_tokens: 64, messages: USER_TURN, stream: true };
    const headers = { 'x-api-key': API_KEY };
    const reply = { content: [{ type: 'text' as const, text: 'Cut short' }] };
    const { server } = await start({
      script: [
        { ...reply, rawFrames: [{ afterEvents: 1, text: 'event: mystery\ndata: {oops\n\n' }], breakAfterEvents: 2, breakWith: 'end' },
        { ...reply, breakAfterEvents: 1, breakWith: 'reset' },
        { ...reply, breakAfterEvents: 1, breakWith: 'stall' },
      ],
    });
    const ended = await (await rawPost(server, { headers, body })).text();
    expect(ended.split('\n\n').filter(Boolean).map((frame) => frame.split('\n')[0])).toEqual(['event: message_start', 'event: mystery', 'event: content_block_start']);
    await expect((await rawPost(server, { headers, body })).text()).rejects.toThrow();
    const stalled = await rawPost(server, { headers, body });
    const reader = stalled.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: message_start\n/);
    const next = await Promise.race([reader.read(), new Promise((resolve) => setTimeout(() => resolve('silent'), 150))]);
    expect(next).toBe('silent');
    await reader.cancel();
  });

  it('fails a mid-stream failure reply loudly when the request does not stream', async () => {
    const { client } = await start({ script: [{ content: [{ type: 'text', text: 'x' }], failAfterEvents: 1 }] });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500, type: 'api_error' });
    expect((error as APIError).apiMessage).toContain('stream: true');
  });

  it('records method, path, query, headers, body and stream flag, tools in order', async () => {
    const { server, client } = await start({ script: [textReply('one'), textReply('two'), textReply('three')] });
    const tools = [WEATHER_TOOL, { ...WEATHER_TOOL, name: 'get_time' }, { ...WEATHER_TOOL, name: 'get_news' }];
    await client.messages.create({ model: MODEL, max_tokens: 64, system: 'Be brief.', messages: USER_TURN, tools });
    await client.beta.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN, betas: ['advanced-tool-use-2025-11-20'] }).finalMessage();
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'POST', path: '/v1/messages', query: {}, stream: false });
    expect(first?.body.tools?.map((tool) => ('name' in tool ? tool.name : tool.type))).toEqual(['get_weather', 'get_time', 'get_news']);
    expect(first?.body.system).toBe('Be brief.');
    expect(first?.headers['anthropic-version']).toBeDefined();
    expect(JSON.parse(first?.rawBody ?? '')).toEqual(first?.body);
    expect(second).toMatchObject({ path: '/v1/messages', stream: true });
    expect(second?.headers['anthropic-beta']).toContain('advanced-tool-use-2025-11-20');
    await rawPost(server, { path: '/v1/messages?beta=true', headers: { 'x-api-key': API_KEY }, body: { model: MODEL, max_tokens: 64, messages: USER_TURN } });
    expect(server.requests[2]).toMatchObject({ path: '/v1/messages', query: { beta: 'true' } });
  });

  it('passes each request and its index to a script function', async () => {
    const seen: Array<[unknown, number]> = [];
    const { client } = await start({
      script: (request, index) => {
        seen.push([request.body.messages?.length, index]);
        return textReply(`reply ${index}`);
      },
    });
    await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    const second = await client.messages.create({ model: MODEL, max_tokens: 64, messages: [...USER_TURN, { role: 'assistant', content: 'Hm.' }, { role: 'user', content: 'Well?' }] });
    expect(second.content[0]).toMatchObject({ text: 'reply 1' });
    expect(seen).toEqual([[1, 0], [3, 1]]);
  });

  it('answers a loud, non-retryable 500 when the script has no reply left', async () => {
    const { server } = await start({ script: [textReply('only one')] });
    const client = new Anthropic({ apiKey: API_KEY, baseURL: server.url });
    await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error).toMatchObject({ status: 500, type: 'api_error' });
    expect((error as APIError).apiMessage).toContain('no reply #2');
    expect(server.requests).toHaveLength(2);
  });

  it('answers 500 when a script function throws', async () => {
    const { client } = await start({
      script: () => {
        throw new Error('script bug');
      },
    });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect((error as APIError).apiMessage).toContain('script bug');
  });

  it('rejects a request missing a required field with invalid_request_error', async () => {
    const { server } = await start({ script: [textReply('never')] });
    const headers = { 'x-api-key': API_KEY };
    const cases: Array<[unknown, string]> = [
      [{ model: MODEL, messages: USER_TURN }, 'max_tokens: Field required'],
      [{ max_tokens: 64, messages: USER_TURN }, 'model: Field required'],
      [{ model: MODEL, max_tokens: 64 }, 'messages: Field required'],
      ['{not json', 'not valid JSON'],
    ];
    for (const [body, message] of cases) {
      const response = await rawPost(server, { headers, body });
      expect(response.status).toBe(400);
      const envelope = await response.json();
      expect(envelope.type).toBe('error');
      expect(envelope.error.type).toBe('invalid_request_error');
      expect(envelope.error.message).toContain(message);
    }
  });

  it('rejects a tool_result that answers no tool_use with a BadRequestError', async () => {
    const { client } = await start({ script: [textReply('never')] });
    const messages: Anthropic.MessageParam[] = [
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'get_weather', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_b', content: '24 °C' }] },
    ];
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as APIError).apiMessage).toContain('toolu_b');
  });

  it('answers a request over its context window as the API does (400 "prompt is too long"), taking no scripted reply', async () => {
    const { client } = await start({ contextWindow: 100, script: [textReply('fits')] });
    const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'z'.repeat(1_000) }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as APIError).type).toBe('invalid_request_error');
    expect((error as APIError).apiMessage).toMatch(/^prompt is too long: \d+ tokens > 100 maximum$/);
    const fits = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(fits.content[0]).toMatchObject({ type: 'text', text: 'fits' });
  });

  it('simulates the prompt cache when asked: a breakpoint writes its prefix, the next request reads it', async () => {
    const { client } = await start({ promptCache: { minTokens: 100 }, script: (_request, index) => textReply(`reply ${index}`) });
    const long = 'background '.repeat(200);
    const first: Anthropic.MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: long, cache_control: { type: 'ephemeral' } }] }];
    const written = (await client.messages.create({ model: MODEL, max_tokens: 64, messages: first })).usage;
    expect(written).toMatchObject({ cache_read_input_tokens: 0, cache_creation_input_tokens: expect.any(Number) });
    expect(written.cache_creation_input_tokens).toBeGreaterThan(500);
    // The same prefix (its breakpoint now 2 blocks back), then more: read, and the new part written at the new breakpoint.
    const second: Anthropic.MessageParam[] = [
      { role: 'user', content: [{ type: 'text', text: long }] },
      { role: 'assistant', content: [{ type: 'text', text: 'noted' }] },
      { role: 'user', content: [{ type: 'text', text: 'go on', cache_control: { type: 'ephemeral' } }] },
    ];
    const read = (await client.messages.create({ model: MODEL, max_tokens: 64, messages: second })).usage;
    expect(read.cache_read_input_tokens).toBe(written.cache_creation_input_tokens);
    expect(read.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(read.cache_creation_input_tokens).toBeLessThan(50);
    // Without a breakpoint nothing is read or written; under minTokens nothing is cached.
    const plain = (await client.messages.create({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: long }] })).usage;
    expect([plain.cache_read_input_tokens, plain.cache_creation_input_tokens]).toEqual([0, 0]);
    const small = (await client.messages.create({ model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: [{ type: 'text', text: 'tiny', cache_control: { type: 'ephemeral' } }] }] })).usage;
    expect(small.cache_creation_input_tokens).toBe(0);
    // A top-level cache_control marks the last block: the plain prompt above is now read, not input.
    const automatic = (await client.messages.create({ model: MODEL, max_tokens: 64, cache_control: { type: 'ephemeral' }, messages: [{ role: 'user', content: long }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'more' }] })).usage;
    expect(automatic.cache_read_input_tokens).toBe(written.cache_creation_input_tokens);
    expect(automatic.cache_creation_input_tokens).toBeGreaterThan(0);
    const again = (await client.messages.create({ model: MODEL, max_tokens: 64, cache_control: { type: 'ephemeral' }, messages: [{ role: 'user', content: long }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'more' }, { role: 'assistant', content: 'fine' }, { role: 'user', content: 'end' }] })).usage;
    expect(again.cache_read_input_tokens).toBe((automatic.cache_read_input_tokens ?? 0) + (automatic.cache_creation_input_tokens ?? 0));
  });

  it('answers other routes with not_found_error', async () => {
    const { server } = await start({ script: [] });
    const response = await fetch(`${server.url}/v1/models`, { headers: { 'x-api-key': API_KEY } });
    expect(response.status).toBe(404);
    expect(response.headers.get('request-id')).toBe('req_fake_1');
    expect((await response.json()).error.type).toBe('not_found_error');
    const getMessages = await fetch(`${server.url}/v1/messages`, { headers: { 'x-api-key': API_KEY } });
    expect(getMessages.status).toBe(404);
  });

  it('counts tokens deterministically without using the script', async () => {
    const { server, client } = await start({ script: [] });
    const params = { model: MODEL, messages: USER_TURN, tools: [WEATHER_TOOL] };
    const first = await client.messages.countTokens(params);
    const second = await client.messages.countTokens(params);
    expect(first.input_tokens).toBeGreaterThan(0);
    expect(second.input_tokens).toBe(first.input_tokens);
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/messages/count_tokens', '/v1/messages/count_tokens']);
  });

  it('reports the same input tokens in usage as count_tokens', async () => {
    const { client } = await start({ script: [textReply('Hi')] });
    const counted = await client.messages.countTokens({ model: MODEL, messages: USER_TURN });
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(message.usage.input_tokens).toBe(counted.input_tokens);
  });

  it('waits latencyMs before answering', async () => {
    const { client } = await start({ script: [textReply('Slowly.')], latencyMs: 20 });
    const message = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(message.content[0]).toMatchObject({ text: 'Slowly.' });
  });

  it('closes with keep-alive connections open and refuses connections afterwards', async () => {
    const server = await createFakeMessagesServer({ script: [textReply('a'), textReply('b'), textReply('c')], latencyMs: 60_000 });
    const client = new Anthropic({ apiKey: API_KEY, baseURL: server.url, maxRetries: 0 });
    const quick = await createFakeMessagesServer({ script: [textReply('a'), textReply('b')] });
    const quickClient = new Anthropic({ apiKey: API_KEY, baseURL: quick.url, maxRetries: 0 });
    await quickClient.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    await quickClient.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage();
    const pending = client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([quick.close(), server.close()]);
    expect(await pending).toBeInstanceOf(Anthropic.APIConnectionError);
    await expect(fetch(`${quick.url}/v1/messages`, { method: 'POST' })).rejects.toThrow();
    await quick.close();
  });
});
