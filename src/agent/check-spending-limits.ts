import { CodevError } from '../errors/codev-error.ts';
import type { ModelPrices } from '../model/model-price.ts';
import { priceOfModel } from '../model/price-of-model.ts';
import type { ModelProvider } from '../model/providers/types.ts';

/**
 * `maxBudgetUsd` and `maxQueryTokens` as a query can keep them: positive numbers, and a model with a price
 * when there is a budget (a budget over an unknown cost could not stop anything). Returns the limits, or
 * undefined when there are none. The price comes from `prices`, then the `provider`'s table, then codev's defaults.
 */
export function checkSpendingLimits(options: { maxBudgetUsd?: number; maxQueryTokens?: number; model: string; prices: readonly (ModelPrices | undefined)[]; provider?: Pick<ModelProvider, 'price'> }): { maxBudgetUsd?: number; maxQueryTokens?: number } | undefined {
  const { maxBudgetUsd, maxQueryTokens, model } = options;
  if (maxBudgetUsd === undefined && maxQueryTokens === undefined) return undefined;
  if (maxBudgetUsd !== undefined && !(Number.isFinite(maxBudgetUsd) && maxBudgetUsd > 0)) {
    throw new CodevError('INPUT_INVALID', `maxBudgetUsd must be a positive number of US dollars, not ${String(maxBudgetUsd)}`, { field: 'maxBudgetUsd', hint: 'e.g. maxBudgetUsd: 0.5; leave it out for no budget (a budget of 0 could not make a single request)' });
  }
  if (maxQueryTokens !== undefined && !(Number.isInteger(maxQueryTokens) && maxQueryTokens > 0)) {
    throw new CodevError('INPUT_INVALID', `maxQueryTokens must be a positive integer, not ${String(maxQueryTokens)}`, { field: 'maxQueryTokens', hint: 'e.g. maxQueryTokens: 200000; leave it out for no limit' });
  }
  if (maxBudgetUsd !== undefined) {
    if (!priceOfModel({ model, prices: options.prices, ...(options.provider && { provider: options.provider }) })) {
      throw new CodevError('MODEL_PRICE_UNKNOWN', `maxBudgetUsd is set but model ${model} has no price, so its cost is unknown`, { field: 'prices', hint: `add it to prices (USD per million tokens), e.g. prices: { '${model}': { input: 3, output: 15 } } in codev.config.ts or the agent's options` });
    }
  }
  return { ...(maxBudgetUsd !== undefined && { maxBudgetUsd }), ...(maxQueryTokens !== undefined && { maxQueryTokens }) };
}
