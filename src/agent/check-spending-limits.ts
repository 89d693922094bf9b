import { CodevError } from '../errors/codev-error.ts';
import { DEFAULT_MODEL_PRICES } from '../model/default-model-prices.ts';
import { findModelPrice } from '../model/find-model-price.ts';
import type { ModelPrices } from '../model/model-price.ts';

/**
 * `maxBudgetUsd` and `maxQueryTokens` as a query can keep them: positive numbers, and a model with a price
 * when there is a budget (a budget over an unknown cost could not stop anything). Returns the limits, or
 * undefined when there are none.
 */
export function checkSpendingLimits(options: { maxBudgetUsd?: number; maxQueryTokens?: number; model: string; prices: readonly (ModelPrices | undefined)[] }): { maxBudgetUsd?: number; maxQueryTokens?: number } | undefined {
  const { maxBudgetUsd, maxQueryTokens, model } = options;
  if (maxBudgetUsd === undefined && maxQueryTokens === undefined) return undefined;
  if (maxBudgetUsd !== undefined && !(Number.isFinite(maxBudgetUsd) && maxBudgetUsd > 0)) {
    throw new CodevError('INPUT_INVALID', `maxBudgetUsd must be a positive number of US dollars, not ${String(maxBudgetUsd)}`, { field: 'maxBudgetUsd', hint: 'e.g. maxBudgetUsd: 0.5; leave it out for no budget (a budget of 0 could not make a single request)' });
  }
  if (maxQueryTokens !== undefined && !(Number.isInteger(maxQueryTokens) && maxQueryTokens > 0)) {
    throw new CodevError('INPUT_INVALID', `maxQueryTokens must be a positive integer, not ${String(maxQueryTokens)}`, { field: 'maxQueryTokens', hint: 'e.g. maxQueryTokens: 200000; leave it out for no limit' });
  }
  if (maxBudgetUsd !== undefined) {
    const tables = [...options.prices.filter((table): table is ModelPrices => table !== undefined), DEFAULT_MODEL_PRICES];
    if (!findModelPrice(model, tables)) {
      throw new CodevError('MODEL_PRICE_UNKNOWN', `maxBudgetUsd is set but model ${model} has no price, so its cost is unknown`, { field: 'prices', hint: `add it to prices (USD per million tokens), e.g. prices: { '${model}': { input: 3, output: 15 } } in codev.config.ts or the agent's options` });
    }
  }
  return { ...(maxBudgetUsd !== undefined && { maxBudgetUsd }), ...(maxQueryTokens !== undefined && { maxQueryTokens }) };
}
