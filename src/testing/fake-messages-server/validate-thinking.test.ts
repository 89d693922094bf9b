import Anthropic, { BadRequestError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMessagesServer } from './create-fake-messages-server.ts';
import { textReply } from './fake-reply.ts';
import type { FakeMessagesServer } from './types.ts';

const MODEL = 'claude-sonnet-4-6';
const THINKING = { type: 'enabled' as const, budget_tokens: 1024 };
const ADD_TOOL = { name: 'add', description: 'Adds', input_schema: { type: 'object' as const, properties: { a: { type: 'number' } } } };

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<Anthropic> {
  server = await createFakeMessagesServer({
    // The first turn thinks and calls add; a turn with the result answers.
    script: (request) => (request.body.messages!.length === 1 ? { content: [{ type: 'thinking', thinking: 'Use add.' }, { type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 1 } }] } : textReply('1')),
  });
  return new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
}

/** The first reply, with thinking on, then a continuation built from its content by `edit`. */
async function continueWith(client: Anthropic, edit: (content: Anthropic.ContentBlockParam[]) => Anthropic.ContentBlockParam[]) {
  const first = await client.messages.stream({ model: MODEL, max_tokens: 2048, thinking: THINKING, tools: [ADD_TOOL], messages: [{ role: 'user', content: 'add' }] }).finalMessage();
  const assistant = edit(first.content as Anthropic.ContentBlockParam[]);
  return client.messages.create({
    model: MODEL,
    max_tokens: 2048,
    thinking: THINKING,
    tools: [ADD_TOOL],
    messages: [{ role: 'user', content: 'add' }, { role: 'assistant', content: assistant }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '1' }] }],
  });
}

async function rejection(promise: Promise<unknown>): Promise<BadRequestError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(BadRequestError);
  return error as BadRequestError;
}

describe('the fake server and extended thinking', () => {
  it('streams a signed thinking block that the SDK reassembles, and accepts it sent back unchanged', async () => {
    const client = await start();
    const reply = await continueWith(client, (content) => content);
    expect(reply.content).toEqual([{ type: 'text', text: '1', citations: null }]);
    const first = server!.requests[0]!;
    expect(first.stream).toBe(true);
  });

  it('refuses a tool-result turn whose assistant message lost its thinking block, as the API does', async () => {
    const client = await start();
    const error = await rejection(continueWith(client, (content) => content.filter((block) => block.type !== 'thinking')));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/Expected `thinking` or `redacted_thinking`, but found `tool_use`/);
  });

  it('refuses a thinking block whose text changed or whose signature is wrong', async () => {
    const client = await start();
    const changed = await rejection(continueWith(client, (content) => content.map((block) => (block.type === 'thinking' ? { ...block, thinking: 'Something else.' } : block))));
    expect(changed.message).toMatch(/Invalid `signature`/);
    const wrong = await rejection(continueWith(client, (content) => content.map((block) => (block.type === 'thinking' ? { ...block, signature: 'forged' } : block))));
    expect(wrong.message).toMatch(/Invalid `signature`/);
  });

  it('leaves thinking out of a reply to a request without thinking', async () => {
    const client = await start();
    const reply = await client.messages.create({ model: MODEL, max_tokens: 256, tools: [ADD_TOOL], messages: [{ role: 'user', content: 'add' }] });
    expect(reply.content.map((block) => block.type)).toEqual(['tool_use']);
  });

  it('refuses a thinking budget under 1,024 or not under max_tokens, and an unknown effort', async () => {
    const client = await start();
    const messages = [{ role: 'user' as const, content: 'hi' }];
    await rejection(client.messages.create({ model: MODEL, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1000 }, messages }));
    await rejection(client.messages.create({ model: MODEL, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 2048 }, messages }));
    await rejection(client.messages.create({ model: MODEL, max_tokens: 2048, output_config: { effort: 'extreme' as never }, messages }));
    expect(server!.requests).toHaveLength(3);
  });

  it('answers 529 for an overloaded model without taking a scripted reply', async () => {
    server = await createFakeMessagesServer({ overloadedModels: ['busy-model'], script: [textReply('from the other model')] });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    const error = await client.messages.create({ model: 'busy-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 529, type: 'overloaded_error' });
    const reply = await client.messages.create({ model: 'calm-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(reply.content).toEqual([{ type: 'text', text: 'from the other model', citations: null }]);
  });
});
