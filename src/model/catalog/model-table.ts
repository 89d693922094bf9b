import type { ModelCapabilities, ModelEntry, ModelProviderName } from '../providers/types.ts';
import { ANTHROPIC_MODELS } from './anthropic-models.ts';
import { BEDROCK_MODELS } from './bedrock-models.ts';
import { FOUNDRY_MODELS } from './foundry-models.ts';
import { VERTEX_MODELS } from './vertex-models.ts';

/**
 * The features each provider has unless a model's entry or the settings say otherwise (read 2026-12-07).
 * Bedrock has no `countTokens`: `@anthropic-ai/bedrock-sdk` 1.2.1's `AnthropicBedrock` deletes
 * `messages.countTokens` (client.js), so codev estimates there. The request-level `cache_control` (automatic
 * caching) is the Anthropic API's; the cloud providers get the breakpoint on the last block instead.
 */
const PROVIDER_CAPABILITIES: Readonly<Record<ModelProviderName, ModelCapabilities>> = Object.freeze({
  anthropic: { promptCaching: true, topLevelCacheControl: true, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
  bedrock: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: false, structuredOutputs: true },
  vertex: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
  foundry: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
});

const TABLES: Readonly<Record<ModelProviderName, readonly ModelEntry[]>> = Object.freeze({
  anthropic: ANTHROPIC_MODELS,
  bedrock: BEDROCK_MODELS,
  vertex: VERTEX_MODELS,
  foundry: FOUNDRY_MODELS,
});

/** The features `provider` has by default. */
export function providerCapabilities(provider: ModelProviderName): ModelCapabilities {
  return PROVIDER_CAPABILITIES[provider];
}

/** The built-in model table of `provider`: codev's ids, the provider's ids, windows, prices and capabilities. */
export function builtInModels(provider: ModelProviderName): readonly ModelEntry[] {
  return TABLES[provider];
}
