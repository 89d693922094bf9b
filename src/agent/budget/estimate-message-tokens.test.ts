import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { estimateMessageTokens } from './estimate-message-tokens.ts';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';

describe('estimateMessageTokens', () => {
  it('counts ASCII text at three characters a token and any other character as a token', () => {
    expect(estimateTextTokens('a'.repeat(300))).toBe(100);
    expect(estimateTextTokens('这是中文')).toBe(4);
  });

  it('counts an image as its largest size, not its base64, also inside a tool result', () => {
    const image: Anthropic.ImageBlockParam = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(3_000_000) } };
    const alone = estimateMessageTokens([{ role: 'user', content: [image] }]);
    expect(alone).toBeGreaterThan(5_000);
    expect(alone).toBeLessThan(6_000);
    const inResult = estimateMessageTokens([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [image, { type: 'text', text: 'b'.repeat(3_000) }] }] }]);
    expect(inResult - alone).toBeGreaterThan(1_000);
    expect(inResult - alone).toBeLessThan(1_100);
  });

  it('counts from the given message on', () => {
    const messages: Anthropic.MessageParam[] = [{ role: 'user', content: 'x'.repeat(3_000) }, { role: 'assistant', content: 'y'.repeat(30) }];
    expect(estimateMessageTokens(messages, 1)).toBeLessThan(50);
    expect(estimateMessageTokens(messages)).toBeGreaterThan(1_000);
  });

  it('counts a document codev cannot read (by URL) as the most pages a request may carry, and a text document as its text', () => {
    const byUrl = estimateMessageTokens([{ role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } }] }]);
    expect(byUrl).toBeGreaterThan(600 * 5_000);
    const text = estimateMessageTokens([{ role: 'user', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'c'.repeat(3_000) } }] }]);
    expect(text).toBeGreaterThan(1_000);
    expect(text).toBeLessThan(1_100);
  });
});
