import { endpointPrice } from '../../../model/catalog/endpoint-price.ts';
import { findModelEntry } from '../../../model/catalog/find-model-entry.ts';
import { builtInModels, providerCapabilities } from '../../../model/catalog/model-table.ts';
import type { ModelEntry, ModelProvider, ModelProviderName, ModelSettings } from '../../../model/providers/types.ts';

/** What `codev models` reads of a provider: its table, capabilities and prices (never its client). */
export type ModelTable = Pick<ModelProvider, 'name' | 'region' | 'models' | 'findModel' | 'capabilities' | 'price'>;

/**
 * The model table of `provider` from the catalog and the settings, without the provider's module: the built-in
 * entries with the settings' `models` over them (field by field), capabilities from the provider, the entry and
 * the settings, built-in prices with the endpoint's premium, the settings' prices as given.
 * A stand-in for `resolveModelProvider(...).provider`, which has the same members and can replace it.
 */
export function catalogModelTable(options: { provider: ModelProviderName; region?: string; settings: ModelSettings }): ModelTable {
  const { provider, region, settings } = options;
  const entries = builtInModels(provider).map((entry) => ({ ...entry }) as ModelEntry);
  for (const [id, change] of Object.entries(settings.models ?? {})) {
    const index = entries.findIndex((entry) => entry.id === id);
    const base = index === -1 ? undefined : entries[index];
    const entry = { ...base, ...change, id, capabilities: { ...base?.capabilities, ...change.capabilities } };
    if (index === -1) entries.push(entry);
    else entries[index] = entry;
  }
  const findModel = (model: string) => findModelEntry(entries, model);
  return {
    name: provider,
    ...(region !== undefined && { region }),
    models: () => entries,
    findModel,
    capabilities: (model) => ({ ...providerCapabilities(provider), ...findModel(model)?.capabilities, ...settings.capabilities }),
    price: (model) => {
      const entry = findModel(model);
      if (!entry?.price) return undefined;
      if (settings.models?.[entry.id]?.price !== undefined) return entry.price;
      return endpointPrice({ provider, ...(region !== undefined && { region }), wireModelId: entry.providerId ?? entry.id, price: entry.price });
    },
  };
}
