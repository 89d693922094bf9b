import Anthropic from '@anthropic-ai/sdk';
import { AnthropicFoundry } from '@anthropic-ai/foundry-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, textReply, toolUseReply } from '../fake-messages-server/fake-reply.ts';
import { createFakeFoundryServer } from './create-fake-foundry-server.ts';
import type { FakeFoundryServerOptions, FakeProviderServer } from './types.ts';

const API_KEY = 'foundry-key-test';
const MODEL = 'claude-sonnet-4-6';
const USER_TURN = [{ role: 'user' as const, content: 'Weather in Lima?' }];

let servers: FakeProviderServer[] = [];

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: Partial<FakeFoundryServerOptions> & Pick<FakeFoundryServerOptions, 'script'>) {
  const server = await createFakeFoundryServer({ apiKey: API_KEY, ...options });
  servers.push(server);
  return { server, foundry: new AnthropicFoundry({ apiKey: API_KEY, baseURL: `${server.url}/anthropic/`, maxRetries: 0 }) };
}

describe('createFakeFoundryServer', () => {
  it('streams text and tool use to /anthropic/v1/messages with the key as x-api-key', async () => {
    const { server, foundry } = await start({ script: [toolUseReply('get_weather', { city: 'Lima' }, { text: 'Checking Lima.' })] });
    const message = await foundry.messages.stream({ model: MODEL, max_tokens: 256, messages: USER_TURN, tools: [{ name: 'get_weather', input_schema: { type: 'object' } }] }).finalMessage();
    expect(message.content).toMatchObject([{ type: 'text', text: 'Checking Lima.' }, { type: 'tool_use', name: 'get_weather', input: { city: 'Lima' } }]);
    expect(server.requests[0]).toMatchObject({ path: '/anthropic/v1/messages', body: { model: MODEL, stream: true } });
    expect(server.requests[0]?.headers['x-api-key']).toBe(API_KEY);
  });

  it('streams thinking and counts tokens', async () => {
    const { foundry } = await start({ script: [{ content: [{ type: 'thinking', thinking: 'Lima is in Peru.' }, { type: 'text', text: 'Mild.' }] }] });
    const message = await foundry.messages.stream({ model: MODEL, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: USER_TURN }).finalMessage();
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect((await foundry.messages.countTokens({ model: MODEL, messages: USER_TURN })).input_tokens).toBeGreaterThan(0);
  });

  it('accepts an Entra token as the bearer', async () => {
    const { server } = await start({ script: [textReply('Entra.')], entraToken: 'entra-token-test' });
    const foundry = new AnthropicFoundry({ azureADTokenProvider: async () => 'entra-token-test', baseURL: `${server.url}/anthropic/`, maxRetries: 0 });
    expect((await foundry.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN })).content[0]).toMatchObject({ text: 'Entra.' });
  });

  it('refuses a wrong key with 401, retries a 429 and surfaces a mid-stream error', async () => {
    const { server, foundry } = await start({ script: [errorReply(429), textReply('After the limit.'), { content: [{ type: 'text', text: 'Half of it' }], failAfterEvents: 3 }] });
    const wrong = new AnthropicFoundry({ apiKey: 'foundry-key-wrong', baseURL: `${server.url}/anthropic/`, maxRetries: 0 });
    const denied = await wrong.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(denied).toBeInstanceOf(Anthropic.AuthenticationError);
    const retried = await foundry.withOptions({ maxRetries: 1 }).messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(retried.content[0]).toMatchObject({ text: 'After the limit.' });
    const error = await foundry.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage().catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ error: { type: 'overloaded_error' } });
    expect(server.requests.map((request) => request.path)).toEqual(Array(4).fill('/anthropic/v1/messages'));
  });
});
