import { codevModelId } from './codev-model-id.ts';
import type { ModelSettings } from './types.ts';

/**
 * `over` a `base` model setting (a flag or a job's over a script's): an id alone changes the model and keeps the
 * rest; settings change the fields they name, and the base's provider settings (region, project, URL, key...)
 * stay only when `over` keeps its provider (names none or the same one); else the base's model goes over as
 * codev's id (`codevModelId`: the old provider's id means nothing to the new one). Nothing over: the base as it is.
 */
export function overModelSetting(base: string | ModelSettings | undefined, over: string | ModelSettings | undefined): string | ModelSettings | undefined {
  if (over === undefined) return base;
  if (typeof over === 'string') return typeof base === 'object' ? { ...base, id: over } : over;
  const settings: ModelSettings = typeof base === 'object' ? base : base === undefined ? {} : { id: base };
  const sameProvider = over.provider === undefined || settings.provider === undefined || settings.provider === over.provider;
  const id = sameProvider ? undefined : codevModelId(settings);
  const kept = sameProvider ? settings : id === undefined ? {} : { id };
  return { ...kept, ...definedFields(over) };
}

function definedFields(settings: ModelSettings): ModelSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ModelSettings;
}
