import { builtInModels, providerCapabilities } from '../../../model/catalog/model-table.ts';
import { endpointPrice } from '../../../model/catalog/endpoint-price.ts';
import { findModelEntry } from '../../../model/catalog/find-model-entry.ts';
import type { ModelPrice, ModelPrices } from '../../../model/model-price.ts';
import { priceOfModel } from '../../../model/price-of-model.ts';
import type { ModelCapabilities, ModelEntry, ModelProviderName, ModelSettings } from '../../../model/providers/types.ts';

/** One row of `codev models`: a model of the provider's table with what codev will use for it. */
export interface ModelDescription {
  id: string;
  providerId: string | null;
  displayName: string | null;
  contextWindow: number | null;
  maxOutputTokens: number | null;
  /** USD per million tokens, cache prices filled in as codev bills them; null: unknown. */
  price: Required<ModelPrice> | null;
  capabilities: ModelCapabilities;
  /** The model `codev run` uses when the agent names none. */
  default: boolean;
}

/**
 * The models of `provider` as `codev run` would see them, without loading any provider SDK: the built-in table with
 * the settings' `models` over it, capabilities from the provider, the entry and the settings, prices from the
 * config's `prices`, then the table (with the endpoint's premium), then codev's defaults.
 * The seam for `resolveModelProvider`: once it lands, its `models()`, `capabilities()` and `price()` replace this.
 */
export function describeProviderModels(options: { provider: ModelProviderName; region?: string; settings: ModelSettings; defaultModel: string; prices?: ModelPrices }): ModelDescription[] {
  const { provider, settings } = options;
  const entries = mergeEntries(builtInModels(provider), settings.models ?? {});
  if (!findModelEntry(entries, options.defaultModel)) entries.push({ id: options.defaultModel });
  const defaultEntry = findModelEntry(entries, options.defaultModel);
  return entries.map((entry) => {
    const wireModelId = entry.providerId ?? entry.id;
    const builtIn = settings.models?.[entry.id]?.price === undefined;
    const tablePrice = entry.price && (builtIn ? endpointPrice({ provider, ...(options.region !== undefined && { region: options.region }), wireModelId, price: entry.price }) : entry.price);
    const price = priceOfModel({ model: entry.id, prices: [options.prices], provider: { price: () => tablePrice } });
    return {
      id: entry.id,
      providerId: entry.providerId ?? null,
      displayName: entry.displayName ?? null,
      contextWindow: entry.contextWindow ?? null,
      maxOutputTokens: entry.maxOutputTokens ?? null,
      price: price ? { input: price.input, output: price.output, cacheWrite: price.cacheWrite ?? price.input * 1.25, cacheRead: price.cacheRead ?? price.input * 0.1 } : null,
      capabilities: { ...providerCapabilities(provider), ...entry.capabilities, ...settings.capabilities },
      default: entry === defaultEntry,
    };
  });
}

function mergeEntries(builtIn: readonly ModelEntry[], extra: Readonly<Record<string, Omit<ModelEntry, 'id'>>>): ModelEntry[] {
  const entries = builtIn.map((entry) => (extra[entry.id] ? { ...entry, ...extra[entry.id], id: entry.id, capabilities: { ...entry.capabilities, ...extra[entry.id]!.capabilities } } : entry));
  for (const [id, entry] of Object.entries(extra)) if (!builtIn.some((known) => known.id === id)) entries.push({ ...entry, id });
  return entries;
}
