import { describe, expect, it } from 'vitest';
import { unsupportedFeaturesNamed } from './unsupported-features-named.ts';

const EPHEMERAL = { type: 'ephemeral' };
/** A request using every feature a server may refuse. */
const request = {
  model: 'm',
  max_tokens: 4000,
  cache_control: EPHEMERAL,
  thinking: { type: 'adaptive' },
  output_config: { effort: 'high', format: { type: 'json_schema', schema: {} } },
  tools: [{ name: 'Read', input_schema: { type: 'object' }, cache_control: EPHEMERAL, strict: true }],
  messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'x' } }] }],
};
const refusal = (detail: string, status = 400) => ({ status, message: `The model request failed (${status}: ${detail}).` });

describe('unsupportedFeaturesNamed', () => {
  it.each([
    ['cache_control: Extra inputs are not permitted', ['topLevelCacheControl']],
    ['tools.3.custom.cache_control: Extra inputs are not permitted', ['promptCaching']],
    ['*.cache_control: Extra inputs are not permitted', ['promptCaching']],
    ['messages.13.content.0.thinking.cache_control: Extra inputs are not permitted', ['promptCaching']],
    ['thinking: Extra inputs are not permitted', ['thinking']],
    ['thinking.adaptive.effort: Extra inputs are not permitted', ['thinking']],
    ['output_config.effort: Extra inputs are not permitted', ['thinking']],
    ["messages.1.content.0: Input tag 'thinking' found using 'type' does not match any of the expected tags: 'text', 'image'", ['thinking']],
    ['output_config: Extra inputs are not permitted', ['thinking', 'structuredOutputs']],
    ['output_config.format: Extra inputs are not permitted', ['structuredOutputs']],
    ['tools.0.custom.strict: Extra inputs are not permitted', ['structuredOutputs']],
    ["messages.0.content.0: Input tag 'document' found using 'type' does not match any of the expected tags", ['pdfs']],
    ['PDF input is not supported by this model', ['pdfs']],
    ['Unsupported parameter: thinking', ['thinking']],
    ['This model does not support the effort parameter.', ['thinking']],
  ])('reads %j as %j', (detail, features) => {
    expect(unsupportedFeaturesNamed(refusal(detail), request)).toEqual(features);
  });

  it('names a bare cache_control the blocks\' when the request has no request-level one', () => {
    const { cache_control: _none, ...blocksOnly } = request;
    expect(unsupportedFeaturesNamed(refusal('cache_control is not supported'), blocksOnly)).toEqual(['promptCaching']);
  });

  it('names nothing for another status, a 400 that refuses nothing, a field of no feature, or a feature the request did not use', () => {
    expect(unsupportedFeaturesNamed(refusal('thinking: Extra inputs are not permitted', 422), request)).toEqual([]);
    expect(unsupportedFeaturesNamed(refusal('messages.1.content.0: Invalid `signature` in `thinking` block'), request)).toEqual([]);
    expect(unsupportedFeaturesNamed(refusal('prompt is too long: 300000 tokens > 200000 maximum'), request)).toEqual([]);
    expect(unsupportedFeaturesNamed(refusal('context_management: Extra inputs are not permitted'), request)).toEqual([]);
    expect(unsupportedFeaturesNamed(refusal('thinking: Extra inputs are not permitted'), { model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] })).toEqual([]);
  });
});
