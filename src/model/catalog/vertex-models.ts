import type { ModelEntry } from '../providers/types.ts';
import { anthropicModel } from './anthropic-models.ts';

/**
 * Google Vertex AI's models (`@anthropic-ai/vertex-sdk`'s `AnthropicVertex`, `:streamRawPredict`).
 *
 * Source, read 2026-12-07: platform.claude.com "Vertex AI" (the table of Vertex AI API model ids: dated models as
 * `claude-…@YYYYMMDD`, 4.6 and later under the API's own id; global and regional endpoints: from Claude Sonnet 4.5
 * on the global endpoint has no price premium and the regional ones do, 10% as LiteLLM bills it (its
 * `regional_endpoint_uplift_multiplier`), see `endpointPriceFactor`) and "Model IDs and
 * versioning"; Claude Opus 4.7 from Google Cloud's own model page ("Claude Opus 4.7": id `claude-opus-4-7`, the
 * global endpoint and the US and EU multi-regions). Prices are Anthropic's list prices (the global endpoint's); windows and limits are the models' own.
 * Claude Sonnet 4.5 retired on 2026-11-30. Newer models are not in the table read: add them with the config's `model.models`.
 */
export const VERTEX_MODELS: readonly ModelEntry[] = Object.freeze([
  { ...anthropicModel('claude-opus-4-7'), providerId: 'claude-opus-4-7' },
  { ...anthropicModel('claude-opus-4-6'), providerId: 'claude-opus-4-6' },
  { ...anthropicModel('claude-sonnet-4-6'), providerId: 'claude-sonnet-4-6' },
  { ...anthropicModel('claude-opus-4-5'), providerId: 'claude-opus-4-5@20251101' },
  { ...anthropicModel('claude-haiku-4-5'), providerId: 'claude-haiku-4-5@20251001' },
]);
