import { modelTableOf } from './model-table-of.ts';
import type { ModelSettings } from './types.ts';

/**
 * The model `settings` name, as codev's id when their provider's table knows it (Bedrock's
 * `global.anthropic.claude-opus-4-6-v1` → `claude-opus-4-6`), else as written: what another provider can be
 * asked for when the provider changes under these settings. Undefined when they name no model.
 */
export function codevModelId(settings: ModelSettings): string | undefined {
  if (settings.id === undefined) return undefined;
  return modelTableOf({ ...settings, provider: settings.provider ?? 'anthropic' }).findModel(settings.id)?.id ?? settings.id;
}
