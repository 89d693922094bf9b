import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeMessagesServer } from './create-fake-messages-server.ts';
import { textReply } from './fake-reply.ts';
import type { FakeMessagesServer } from './types.ts';

let server: FakeMessagesServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const EPHEMERAL = { type: 'ephemeral' as const };
const base = { model: 'local-model', max_tokens: 2048, messages: [{ role: 'user' as const, content: 'hi' }] };

/** The 400's message for `body`, or 'ok'. */
async function answer(client: Anthropic, body: object): Promise<string> {
  try {
    await client.messages.create(body as Anthropic.MessageCreateParamsNonStreaming);
    return 'ok';
  } catch (error) {
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.status).toBe(400);
    expect((apiError.error as { error: { type: string } }).error.type).toBe('invalid_request_error');
    return (apiError.error as { error: { message: string } }).error.message;
  }
}

describe('the fake Messages server as a compatible server (unsupported)', () => {
  it('refuses each unsupported field by name, as strict servers do, and takes a request without them', async () => {
    server = await createFakeMessagesServer({ unsupported: ['promptCaching', 'thinking', 'pdfs', 'structuredOutputs', 'countTokens'], script: () => textReply('fine') });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    expect(await answer(client, { ...base, cache_control: EPHEMERAL })).toBe('cache_control: Extra inputs are not permitted');
    expect(await answer(client, { ...base, thinking: { type: 'enabled', budget_tokens: 1024 } })).toBe('thinking: Extra inputs are not permitted');
    expect(await answer(client, { ...base, output_config: { effort: 'low' } })).toBe('output_config.effort: Extra inputs are not permitted');
    expect(await answer(client, { ...base, output_config: { format: { type: 'json_schema', schema: {} } } })).toBe('output_config.format: Extra inputs are not permitted');
    expect(await answer(client, { ...base, tools: [{ name: 'a', input_schema: { type: 'object' } }, { name: 'b', input_schema: { type: 'object' }, cache_control: EPHEMERAL }] })).toBe('tools.1.custom.cache_control: Extra inputs are not permitted');
    expect(await answer(client, { ...base, system: [{ type: 'text', text: 's', cache_control: EPHEMERAL }] })).toBe('system.0.cache_control: Extra inputs are not permitted');
    expect(await answer(client, { ...base, messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'a', input: {} }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'x', cache_control: EPHEMERAL }] }] }] })).toBe('messages.2.content.0.tool_result.content.0.text.cache_control: Extra inputs are not permitted');
    expect(await answer(client, { ...base, messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } }] }] })).toMatch(/^messages\.0\.content\.0: Input tag 'document' found using 'type' does not match any of the expected tags/);
    expect(await answer(client, base)).toBe('ok');
    // The refusals took no scripted reply, and count_tokens is not there.
    await expect(client.messages.countTokens(base)).rejects.toMatchObject({ status: 404 });
  });

  it('refuses only the request-level cache_control without topLevelCacheControl, and reports no cache use without promptCaching', async () => {
    server = await createFakeMessagesServer({ unsupported: ['topLevelCacheControl'], promptCache: { minTokens: 1 }, script: () => textReply('fine') });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
    expect(await answer(client, { ...base, cache_control: EPHEMERAL })).toBe('cache_control: Extra inputs are not permitted');
    const cached = await client.messages.create({ ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi there', cache_control: EPHEMERAL }] }] });
    expect(cached.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect((await client.messages.countTokens(base)).input_tokens).toBeGreaterThan(0);
    await server.close();
    server = await createFakeMessagesServer({ unsupported: ['promptCaching'], promptCache: { minTokens: 1 }, script: () => textReply('fine') });
    const uncached = await new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 }).messages.create(base);
    expect(uncached.usage.cache_creation_input_tokens ?? 0).toBe(0);
  });
});
