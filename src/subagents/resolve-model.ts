/** What the model aliases of agent types and Agent calls mean; `CODEV_MODEL_<ALIAS>` overrides each. */
export const MODEL_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  sonnet: 'claude-sonnet-4-6',
  opus: 'claude-opus-4-6',
  haiku: 'claude-haiku-4-5',
});

/**
 * The model id a subagent uses: the call's choice, else its type's, else its parent's (`inherit`).
 * Aliases resolve through `CODEV_MODEL_SONNET` (and so on) first, then {@link MODEL_ALIASES}; anything
 * else is taken as a model id.
 */
export function resolveModel(options: { requested?: string; typeModel?: string; parentModel: string; env: Readonly<Record<string, string | undefined>> }): string {
  const choice = [options.requested, options.typeModel].find((model) => model !== undefined && model !== 'inherit');
  if (!choice) return options.parentModel;
  const alias = choice.toLowerCase();
  return options.env[`CODEV_MODEL_${alias.toUpperCase()}`] ?? MODEL_ALIASES[alias] ?? choice;
}
