import { DEFAULT_MODEL_PRICES } from './default-model-prices.ts';
import { findModelPrice } from './find-model-price.ts';
import type { ModelPrice, ModelPrices } from './model-price.ts';
import type { ModelProvider } from './providers/types.ts';

/**
 * The price of `model`: the user's `prices` tables first (the agent's, then the config's), then the provider's
 * (its model table, with its endpoint's premium), then codev's defaults. Undefined when none knows it: its cost
 * is unknown, never 0.
 */
export function priceOfModel(options: { model: string; prices: readonly (ModelPrices | undefined)[]; provider?: Pick<ModelProvider, 'price'> }): ModelPrice | undefined {
  const own = options.prices.filter((table): table is ModelPrices => table !== undefined);
  return findModelPrice(options.model, own) ?? options.provider?.price(options.model) ?? findModelPrice(options.model, [DEFAULT_MODEL_PRICES]);
}
