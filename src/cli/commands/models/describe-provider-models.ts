import type { ModelPrice, ModelPrices } from '../../../model/model-price.ts';
import { priceOfModel } from '../../../model/price-of-model.ts';
import type { ModelCapabilities } from '../../../model/providers/types.ts';
import type { ModelTable } from './catalog-model-table.ts';

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
 * The rows of `codev models`: each model of `table` (and the default model, listed unknown when the table lacks
 * it) with its capabilities and its price as codev counts costs: the config's `prices`, then the table's, then
 * codev's defaults.
 */
export function describeProviderModels(options: { table: ModelTable; defaultModel: string; prices?: ModelPrices }): ModelDescription[] {
  const { table } = options;
  const defaultEntry = table.findModel(options.defaultModel);
  const entries = defaultEntry ? table.models() : [...table.models(), { id: options.defaultModel }];
  return entries.map((entry) => {
    const price = priceOfModel({ model: entry.id, prices: [options.prices], provider: table });
    return {
      id: entry.id,
      providerId: entry.providerId ?? null,
      displayName: entry.displayName ?? null,
      contextWindow: entry.contextWindow ?? null,
      maxOutputTokens: entry.maxOutputTokens ?? null,
      price: price ? { input: price.input, output: price.output, cacheWrite: price.cacheWrite ?? price.input * 1.25, cacheRead: price.cacheRead ?? price.input * 0.1 } : null,
      capabilities: table.capabilities(entry.id),
      default: defaultEntry ? entry === defaultEntry : entry.id === options.defaultModel,
    };
  });
}
