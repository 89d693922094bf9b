import { describe, expect, it } from 'vitest';
import { validateMessageRequest } from './validate-message-request.ts';

const valid = { model: 'claude-sonnet-4-6', max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] };
const check = (body: Record<string, unknown>) => validateMessageRequest(body, { requireMaxTokens: true });

describe('validateMessageRequest', () => {
  it('accepts a minimal request, and count_tokens without max_tokens', () => {
    expect(check(valid)).toBeUndefined();
    expect(validateMessageRequest({ ...valid, max_tokens: undefined }, { requireMaxTokens: false })).toBeUndefined();
  });

  it('names the offending field as the API does', () => {
    expect(check({ ...valid, max_tokens: 1.5 })).toBe('max_tokens: Input should be a valid integer');
    expect(check({ ...valid, max_tokens: 0 })).toBe('max_tokens: Input should be greater than or equal to 1');
    expect(check({ ...valid, messages: 'Hi' })).toBe('messages: Input should be a valid list');
    expect(check({ ...valid, messages: [] })).toBe('messages: at least one message is required');
    expect(check({ ...valid, messages: [{ role: 'robot', content: 'Hi' }] })).toBe("messages.0.role: Input should be 'user' or 'assistant'");
    expect(check({ ...valid, messages: [{ role: 'user', content: 3 }] })).toContain('messages.0.content');
    expect(check({ ...valid, stream: 'yes' })).toBe('stream: Input should be a valid boolean');
  });

  it('tolerates system entries in messages', () => {
    expect(check({ ...valid, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] })).toBeUndefined();
  });
});

describe('tool pairing', () => {
  const toolUse = { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_a', name: 'read', input: {} }] };
  const result = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'ok' }] });

  it('accepts a tool_use answered in the next message, and a trailing unanswered tool_use', () => {
    expect(check({ ...valid, messages: [valid.messages[0], toolUse, result('toolu_a')] })).toBeUndefined();
    expect(check({ ...valid, messages: [valid.messages[0], toolUse] })).toBeUndefined();
  });

  it('rejects a tool_result without a matching tool_use in the previous message', () => {
    expect(check({ ...valid, messages: [result('toolu_x')] })).toContain('unexpected `tool_use_id` found in `tool_result` blocks: toolu_x');
  });

  it('rejects a tool_use not answered in the next message', () => {
    const message = check({ ...valid, messages: [valid.messages[0], toolUse, { role: 'user', content: 'never mind' }] });
    expect(message).toContain('messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_a');
  });
});

describe('image and document blocks', () => {
  const withBlock = (block: Record<string, unknown>) => check({ ...valid, messages: [{ role: 'user', content: [{ type: 'text', text: 'look' }, block] }] });
  const image = (source: Record<string, unknown>) => withBlock({ type: 'image', source });
  const document = (source: Record<string, unknown>) => withBlock({ type: 'document', source });

  it('accepts base64 images of the four formats, PDFs, plain text and URLs', () => {
    expect(image({ type: 'base64', media_type: 'image/png', data: 'iVBOR' })).toBeUndefined();
    expect(image({ type: 'url', url: 'https://example.com/a.png' })).toBeUndefined();
    expect(document({ type: 'base64', media_type: 'application/pdf', data: 'JVBERi0' })).toBeUndefined();
    expect(document({ type: 'text', media_type: 'text/plain', data: 'notes' })).toBeUndefined();
  });

  it('rejects what the API rejects, naming the block', () => {
    expect(image({ type: 'base64', media_type: 'image/bmp', data: 'Qk0' })).toBe("messages.0.content.1.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'");
    expect(image({ type: 'base64', media_type: 'image/png', data: 'A'.repeat(5 * 1024 * 1024 + 1) })).toContain('messages.0.content.1.image.source.base64: image exceeds 5 MB maximum');
    expect(image({ type: 'base64', media_type: 'image/png', data: '' })).toBe('messages.0.content.1.image.source.base64.data: Field required');
    expect(document({ type: 'base64', media_type: 'text/plain', data: 'eA' })).toBe("messages.0.content.1.document.source.base64.media_type: Input should be 'application/pdf'");
    expect(withBlock({ type: 'document' })).toBe('messages.0.content.1.document.source: Field required');
  });
});
