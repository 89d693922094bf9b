import type { ModelSettings } from './types.ts';

/** The model id a `model` setting names, if it names one (a string is the id). */
export function modelIdOf(model: string | ModelSettings | undefined): string | undefined {
  return typeof model === 'string' ? model : model?.id;
}
