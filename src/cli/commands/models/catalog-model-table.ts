import { modelTableOf } from '../../../model/providers/model-table-of.ts';
import type { ModelProvider, ModelProviderName, ModelSettings } from '../../../model/providers/types.ts';

/** What `codev models` reads of a provider: its table, capabilities and prices (never its client). */
export type ModelTable = Pick<ModelProvider, 'name' | 'region' | 'models' | 'findModel' | 'capabilities' | 'price'>;

/**
 * The model table of `provider` as its `ModelProvider` has it (`modelTableOf`: the catalog with the settings'
 * `models` over it, the endpoint's prices), without the provider's module or credentials: listing models needs
 * neither a key nor a region's client, which resolving the provider to talk to it may.
 */
export function catalogModelTable(options: { provider: ModelProviderName; region?: string; settings: ModelSettings }): ModelTable {
  const { provider, region, settings } = options;
  return { name: provider, ...(region !== undefined && { region }), ...modelTableOf({ ...settings, provider }, region) };
}
