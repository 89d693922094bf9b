import { builtInModels, providerCapabilities } from '../catalog/model-table.ts';
import type { ModelPrice } from '../model-price.ts';
import type { ModelCapabilities, ModelEntry, ModelProvider, ModelSettings } from './types.ts';

/** The model-table half of a `ModelProvider`: the built-in entries with the settings' `models` over them. */
export type ModelTableOf = Pick<ModelProvider, 'models' | 'findModel' | 'wireModelId' | 'capabilities' | 'price'>;

/**
 * The table of `settings.provider`: each entry of the settings' `models` changes the built-in entry of the same
 * codev id field by field (its capabilities merged), or adds one. A model is found by codev's id or the
 * provider's own; capabilities are the provider's defaults, the entry's, then the settings' (they win: a
 * compatible server without caching says so once for every model).
 */
export function modelTableOf(settings: ModelSettings & { provider: NonNullable<ModelSettings['provider']> }): ModelTableOf {
  const entries = new Map<string, ModelEntry>(builtInModels(settings.provider).map((entry) => [entry.id, entry]));
  for (const [id, change] of Object.entries(settings.models ?? {})) {
    const base = entries.get(id);
    entries.set(id, { ...base, ...change, id, capabilities: { ...base?.capabilities, ...change.capabilities } });
  }
  const table = Object.freeze([...entries.values()]);
  const findModel = (model: string): ModelEntry | undefined => entries.get(model) ?? table.find((entry) => entry.providerId === model);
  return {
    models: () => table,
    findModel,
    wireModelId: (model) => findModel(model)?.providerId ?? model,
    capabilities: (model): ModelCapabilities => Object.freeze({ ...providerCapabilities(settings.provider), ...findModel(model)?.capabilities, ...settings.capabilities }),
    price: (model): ModelPrice | undefined => findModel(model)?.price,
  };
}
