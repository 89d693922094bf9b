import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { messagesRequestBody } from './messages-request-body.ts';

const sdkBody = (params: object) => Buffer.from(JSON.stringify({ ...params, stream: true }));

describe('messagesRequestBody', () => {
  it('is byte for byte the JSON of the params and stream: true, as the conversation grows, is rewritten in the middle and is cut short', () => {
    const tools = [{ name: 'Add', description: 'Adds “numbers”', input_schema: { type: 'object' as const, properties: {} } }];
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'Start é 🙂 \u2028' }];
    const params = () => ({ system: 'Be brief', model: 'm', max_tokens: 10, messages, tools, cache_control: { type: 'ephemeral' as const }, thinking: undefined });
    for (let turn = 0; turn < 60; turn++) {
      messages.push({ role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${turn}`, name: 'Add', input: { a: turn, text: 'x'.repeat(turn * 40) } }] });
      messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: `toolu_${turn}`, content: `${turn} "ok" \\ ✓` }] });
      expect(Buffer.from(messagesRequestBody(params())).equals(sdkBody(params()))).toBe(true);
    }
    // A compaction makes new messages in place of old ones; a repair may remove the last ones.
    messages[3] = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_0', content: '[cleared]' }] };
    expect(Buffer.from(messagesRequestBody(params())).equals(sdkBody(params()))).toBe(true);
    messages.splice(10);
    expect(Buffer.from(messagesRequestBody(params())).equals(sdkBody(params()))).toBe(true);
    messages.splice(0, messages.length, { role: 'user', content: 'summary' });
    expect(Buffer.from(messagesRequestBody(params())).equals(sdkBody(params()))).toBe(true);
  });

  it('keeps a stream key where the params have it, as the spread `{ ...params, stream: true }` does, and leaves out what JSON leaves out', () => {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'lone \ud800 surrogate and \udc00 too' }];
    const params = { model: 'm', stream: false, max_tokens: 10, messages, metadata: { user_id: 'u' }, skipped: () => 1, gone: Symbol('s') } as unknown as Anthropic.MessageCreateParams;
    expect(Buffer.from(messagesRequestBody(params)).toString()).toBe(sdkBody(params).toString());
  });
});
