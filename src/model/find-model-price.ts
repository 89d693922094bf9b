import type { ModelPrice, ModelPrices } from './model-price.ts';

/**
 * The price of `model` from `tables`, earlier tables first (the config's prices before the defaults): an
 * exact key, else the longest key the id starts with followed by `-` or `@` (dated ids, Vertex's
 * `model@date`). Undefined when no table knows the model: its cost is unknown, never 0.
 */
export function findModelPrice(model: string, tables: readonly ModelPrices[]): ModelPrice | undefined {
  for (const table of tables) {
    const exact = table[model];
    if (exact) return exact;
    let best: string | undefined;
    for (const key of Object.keys(table)) {
      if (model.length > key.length && model.startsWith(key) && (model[key.length] === '-' || model[key.length] === '@') && key.length > (best?.length ?? 0)) best = key;
    }
    if (best !== undefined) return table[best];
  }
  return undefined;
}
