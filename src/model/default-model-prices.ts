import { ANTHROPIC_MODELS } from './catalog/anthropic-models.ts';
import type { ModelPrices } from './model-price.ts';

/**
 * Anthropic's list prices (USD per million tokens) by model family, as published for the standard API
 * (5-minute cache writes at 1.25 × input, cache reads at 0.1 × input). A key prices every id that starts
 * with it followed by `-`, `@` or nothing, the longest key winning: a newer dated id or point release of a
 * known family gets its family's price until this table (or the config's `prices`) names it.
 */
export const DEFAULT_MODEL_PRICES: ModelPrices = Object.freeze({
  // From the Anthropic API's model table (catalog/anthropic-models.ts, its sources and date).
  ...Object.fromEntries(ANTHROPIC_MODELS.flatMap((model) => (model.price ? [[model.id, model.price]] : []))),
  'claude-opus-4': { input: 15, output: 75 },
  'claude-opus-4-5': { input: 5, output: 25 },
  'claude-opus-4-6': { input: 5, output: 25 },
  'claude-sonnet-4': { input: 3, output: 15 },
  'claude-haiku-4': { input: 1, output: 5 },
  'claude-3-7-sonnet': { input: 3, output: 15 },
  'claude-3-5-sonnet': { input: 3, output: 15 },
  'claude-3-5-haiku': { input: 0.8, output: 4 },
  'claude-3-opus': { input: 15, output: 75 },
  'claude-3-haiku': { input: 0.25, output: 1.25 },
});
