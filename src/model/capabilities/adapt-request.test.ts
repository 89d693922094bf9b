import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { ModelCapabilities, ModelFeature } from '../providers/types.ts';
import { adaptRequest } from './adapt-request.ts';
import { ALL_CAPABILITIES } from './model-feature-learning.ts';
import { THINKING_LEFT_OUT } from './without-thinking.ts';

const EPHEMERAL = { type: 'ephemeral' as const };
const PDF = { type: 'document', title: 'report.pdf', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } };
const TEXT_DOCUMENT = { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain' } };

/** A request with every feature: caching everywhere, thinking, effort, a format, a strict tool, PDFs, thinking sent back. */
function fullRequest(): Anthropic.MessageCreateParamsNonStreaming {
  return {
    model: 'claude-sonnet-4-6',
    max_tokens: 8000,
    system: [{ type: 'text', text: 'You help.', cache_control: EPHEMERAL }],
    tools: [{ name: 'Read', description: 'reads', input_schema: { type: 'object' }, cache_control: EPHEMERAL, strict: true }],
    thinking: { type: 'enabled', budget_tokens: 2048 },
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'read these' }, PDF, TEXT_DOCUMENT] as Anthropic.ContentBlockParam[] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'I should read it.', signature: 'sig' },
          { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: 'a.pdf' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'page 1', cache_control: EPHEMERAL }, { type: 'document', source: { type: 'url', url: 'https://example.test/a.pdf' } }] as never }] },
    ],
    cache_control: EPHEMERAL,
    output_config: { effort: 'high', format: { type: 'json_schema', schema: { type: 'object' } } },
  } as unknown as Anthropic.MessageCreateParamsNonStreaming;
}

const without = (...features: ModelFeature[]): ModelCapabilities => ({ ...ALL_CAPABILITIES, ...Object.fromEntries(features.map((feature) => [feature, false])) });
const json = (value: unknown) => JSON.stringify(value);

describe('adaptRequest', () => {
  it('with every feature, gives the request itself and drops nothing', () => {
    const params = fullRequest();
    const adapted = adaptRequest(params, ALL_CAPABILITIES);
    expect(adapted.params).toBe(params);
    expect(adapted.dropped).toEqual([]);
  });

  it('without prompt caching, removes every cache_control (top level, system, tools, blocks, tool results) and nothing else', () => {
    const params = fullRequest();
    const before = json(params);
    const { params: adapted, dropped } = adaptRequest(params, without('promptCaching'));
    expect(dropped).toEqual(['promptCaching']);
    expect(json(adapted)).not.toContain('cache_control');
    expect(json(params)).toBe(before);
    expect(adapted).toMatchObject({ thinking: params.thinking, tools: [{ name: 'Read', strict: true }] });
    expect(adapted.messages[1]).toBe(params.messages[1]);
  });

  it('without the request-level cache_control, moves the breakpoint onto the last block of the last message', () => {
    const params = fullRequest();
    const { params: adapted, dropped } = adaptRequest(params, without('topLevelCacheControl'));
    expect(dropped).toEqual([]);
    expect('cache_control' in adapted).toBe(false);
    expect(adapted.messages.at(-1)!.content).toEqual([{ ...(params.messages.at(-1)!.content as object[])[0], cache_control: EPHEMERAL }]);
    expect('cache_control' in (params.messages.at(-1)!.content as object[])[0]!).toBe(false);
  });

  it('moves it onto a string prompt as a text block, past thinking blocks, and keeps a breakpoint a block already has', () => {
    const base = { model: 'm', max_tokens: 10, cache_control: EPHEMERAL } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const prompt = adaptRequest({ ...base, messages: [{ role: 'user', content: 'hello' }] }, without('topLevelCacheControl')).params;
    expect(prompt.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: EPHEMERAL }] }]);
    const prefill = adaptRequest({ ...base, messages: [{ role: 'user', content: 'go' }, { role: 'assistant', content: [{ type: 'text', text: 'a' }, { type: 'thinking', thinking: 't', signature: 's' }] }] }, without('topLevelCacheControl')).params;
    expect(prefill.messages[1]!.content).toEqual([{ type: 'text', text: 'a', cache_control: EPHEMERAL }, { type: 'thinking', thinking: 't', signature: 's' }]);
    const ttl = { type: 'ephemeral', ttl: '1h' };
    const kept = adaptRequest({ ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache_control: ttl }] as never }] }, without('topLevelCacheControl')).params;
    expect(kept.messages[0]!.content).toEqual([{ type: 'text', text: 'x', cache_control: ttl }]);
  });

  it('without thinking, removes the parameter, the effort and the thinking blocks sent back; the format stays', () => {
    const params = fullRequest();
    const { params: adapted, dropped } = adaptRequest(params, without('thinking'));
    expect(dropped).toEqual(['thinking']);
    expect('thinking' in adapted).toBe(false);
    expect((adapted as unknown as { output_config: object }).output_config).toEqual({ format: { type: 'json_schema', schema: { type: 'object' } } });
    expect(adapted.messages[1]!.content).toEqual([{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: { path: 'a.pdf' } }]);
    expect((params.messages[1]!.content as object[])[0]).toMatchObject({ type: 'thinking' });
    const only = adaptRequest({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: [{ type: 'redacted_thinking', data: 'x' }] }] }, without('thinking')).params;
    expect(only.messages[1]!.content).toEqual([{ type: 'text', text: THINKING_LEFT_OUT }]);
  });

  it('without PDFs, replaces each PDF document (in a prompt, in a tool result) by a note, and keeps text documents', () => {
    const params = fullRequest();
    const { params: adapted, dropped } = adaptRequest(params, without('pdfs'));
    expect(dropped).toEqual(['pdfs']);
    const prompt = adapted.messages[0]!.content as { type: string; text?: string }[];
    expect(prompt.map((block) => block.type)).toEqual(['text', 'text', 'document']);
    expect(prompt[1]!.text).toContain('report.pdf');
    const result = (adapted.messages[2]!.content as { content: { type: string; text?: string }[] }[])[0]!.content;
    expect(result[1]).toMatchObject({ type: 'text', text: expect.stringContaining('https://example.test/a.pdf') });
    expect(json(params)).toContain('application/pdf');
  });

  it('without structured outputs, removes output_config.format and the tools\' strict; the effort stays', () => {
    const { params: adapted, dropped } = adaptRequest(fullRequest(), without('structuredOutputs'));
    expect(dropped).toEqual(['structuredOutputs']);
    expect((adapted as unknown as { output_config: object }).output_config).toEqual({ effort: 'high' });
    expect('strict' in (adapted.tools![0] as object)).toBe(false);
    const both = adaptRequest(fullRequest(), without('structuredOutputs', 'thinking')).params;
    expect('output_config' in both).toBe(false);
  });

  it('drops only what the request used, in a stable order, and counts nothing for token counting', () => {
    const plain = { model: 'm', max_tokens: 10, messages: [{ role: 'user' as const, content: 'hi' }] };
    expect(adaptRequest(plain, without('promptCaching', 'thinking', 'pdfs', 'structuredOutputs', 'countTokens', 'topLevelCacheControl'))).toEqual({ params: plain, dropped: [] });
    expect(adaptRequest(fullRequest(), without('structuredOutputs', 'pdfs', 'thinking', 'promptCaching', 'countTokens')).dropped).toEqual(['promptCaching', 'thinking', 'pdfs', 'structuredOutputs']);
  });
});
