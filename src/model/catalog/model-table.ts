import type { ModelCapabilities, ModelEntry, ModelProviderName } from '../providers/types.ts';

/**
 * The features each provider has unless a model's entry or the settings say otherwise. The model table and
 * these defaults are filled in from the providers' public documentation (see `codev models`).
 */
const PROVIDER_CAPABILITIES: Readonly<Record<ModelProviderName, ModelCapabilities>> = Object.freeze({
  anthropic: { promptCaching: true, topLevelCacheControl: true, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
  bedrock: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
  vertex: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
  foundry: { promptCaching: true, topLevelCacheControl: false, thinking: true, pdfs: true, countTokens: true, structuredOutputs: true },
});

/** The features `provider` has by default. */
export function providerCapabilities(provider: ModelProviderName): ModelCapabilities {
  return PROVIDER_CAPABILITIES[provider];
}

/** The built-in model table of `provider`: codev's ids, the provider's ids, windows, prices and capabilities. */
export function builtInModels(provider: ModelProviderName): readonly ModelEntry[] {
  return TABLES[provider];
}

const TABLES: Readonly<Record<ModelProviderName, readonly ModelEntry[]>> = Object.freeze({
  anthropic: [
    { id: 'claude-sonnet-4-6', displayName: 'Claude Sonnet 4.6', contextWindow: 200_000, price: { input: 3, output: 15 } },
    { id: 'claude-opus-4-6', displayName: 'Claude Opus 4.6', contextWindow: 200_000, price: { input: 5, output: 25 } },
    { id: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5', contextWindow: 200_000, price: { input: 1, output: 5 } },
  ],
  bedrock: [],
  vertex: [],
  foundry: [],
});
