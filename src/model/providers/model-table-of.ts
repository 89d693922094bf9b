import { endpointPrice } from '../catalog/endpoint-price.ts';
import { findModelEntry } from '../catalog/find-model-entry.ts';
import { builtInModels, providerCapabilities } from '../catalog/model-table.ts';
import type { ModelPrice } from '../model-price.ts';
import type { ModelCapabilities, ModelEntry, ModelProvider, ModelSettings } from './types.ts';

/** The model-table half of a `ModelProvider`: the built-in entries with the settings' `models` over them. */
export type ModelTableOf = Pick<ModelProvider, 'models' | 'findModel' | 'wireModelId' | 'capabilities' | 'price'>;

/**
 * The table of `settings.provider`: each entry of the settings' `models` changes the built-in entry of the same
 * codev id field by field (its capabilities merged), or adds one. A model is found by codev's id or the
 * provider's own (`findModelEntry`: a Bedrock profile or ARN too); capabilities are the provider's defaults, the
 * entry's, then the settings' (they win: a compatible server without caching says so once for every model);
 * a built-in price is the endpoint's (`endpointPrice`: the region's premium), a price the settings give is as given.
 * Only codev's id is mapped to the entry's provider id: a provider id the user wrote (Bedrock's `eu.` profile, an
 * in-region id, an ARN) is what they chose (where the data goes, what it costs) and is sent and priced as written.
 */
export function modelTableOf(settings: ModelSettings & { provider: NonNullable<ModelSettings['provider']> }, region?: string): ModelTableOf {
  const entries = new Map<string, ModelEntry>(builtInModels(settings.provider).map((entry) => [entry.id, entry]));
  for (const [id, change] of Object.entries(settings.models ?? {})) {
    const base = entries.get(id);
    entries.set(id, { ...base, ...change, id, capabilities: { ...base?.capabilities, ...change.capabilities } });
  }
  const table = Object.freeze([...entries.values()]);
  // Asked before every model request (the wire id, the capabilities): each model's answers are made once.
  const found = new Map<string, ModelEntry | undefined>();
  const findModel = (model: string): ModelEntry | undefined => {
    if (!found.has(model)) found.set(model, findModelEntry(table, model));
    return found.get(model);
  };
  const capabilitiesOf = new Map<string, ModelCapabilities>();
  return {
    models: () => table,
    findModel,
    wireModelId: (model) => wireModelIdOf(findModel(model), model),
    capabilities: (model): ModelCapabilities => {
      let capabilities = capabilitiesOf.get(model);
      if (!capabilities) capabilitiesOf.set(model, (capabilities = Object.freeze({ ...providerCapabilities(settings.provider), ...findModel(model)?.capabilities, ...settings.capabilities })));
      return capabilities;
    },
    price: (model): ModelPrice | undefined => {
      const entry = findModel(model);
      if (!entry?.price || settings.models?.[entry.id]?.price !== undefined) return entry?.price;
      return endpointPrice({ provider: settings.provider, ...(region !== undefined && { region }), wireModelId: wireModelIdOf(entry, model), price: entry.price });
    },
  };
}

/** The id sent for `model`: the entry's provider id when `model` is codev's id for it, else `model` as written. */
function wireModelIdOf(entry: ModelEntry | undefined, model: string): string {
  return entry !== undefined && entry.id === model ? (entry.providerId ?? model) : model;
}
