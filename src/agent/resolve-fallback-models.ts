import { CodevError } from '../errors/codev-error.ts';

const NONE: readonly string[] = Object.freeze([]);

/**
 * `fallbackModel` as the list of models a failing request moves on to, in order: the agent's own model and
 * repeats left out. Throws `INPUT_INVALID` for a model id that is not a non-empty string.
 */
export function resolveFallbackModels(options: { fallbackModel?: string | readonly string[]; model: string }): readonly string[] {
  const { fallbackModel, model } = options;
  if (fallbackModel === undefined) return NONE;
  const given: readonly unknown[] = Array.isArray(fallbackModel) ? fallbackModel : [fallbackModel];
  const bad = given.findIndex((id) => typeof id !== 'string' || id.trim() === '');
  if (bad !== -1) {
    throw new CodevError('INPUT_INVALID', `fallbackModel must be a model id or a list of them, not ${JSON.stringify(given[bad]) ?? String(given[bad])}`, { field: 'fallbackModel', hint: "e.g. fallbackModel: 'claude-haiku-4-5' or ['claude-sonnet-4-5', 'claude-haiku-4-5']" });
  }
  const models = [...new Set((given as string[]).map((id) => id.trim()))].filter((id) => id !== model);
  return models.length === 0 ? NONE : Object.freeze(models);
}
