import { CodevError } from '../../errors/codev-error.ts';
import { suggestKey } from '../../errors/suggest-key.ts';
import { createAnthropicProvider } from './anthropic-provider.ts';
import { createBedrockProvider } from './bedrock-provider.ts';
import { codevModelId } from './codev-model-id.ts';
import { createFoundryProvider } from './foundry-provider.ts';
import { variable, type ProviderEnvironment } from './provider-environment.ts';
import { MODEL_PROVIDER_NAMES, type ModelProvider, type ModelProviderName, type ModelSettings } from './types.ts';
import { createVertexProvider } from './vertex-provider.ts';

/** The model when nothing names one. */
export const DEFAULT_MODEL_ID = 'claude-sonnet-4-6';

const FACTORIES: Readonly<Record<ModelProviderName, (options: { settings: ModelSettings; env: ProviderEnvironment }) => ModelProvider>> = {
  anthropic: createAnthropicProvider,
  bedrock: createBedrockProvider,
  vertex: createVertexProvider,
  foundry: createFoundryProvider,
};

/**
 * The provider and model an agent talks to. Each setting comes from, first to last: the explicit `settings`
 * (and `apiKey`/`baseURL`, as createAgent takes them), `CODEV_PROVIDER`/`CODEV_MODEL`, the config's `model`, the
 * defaults (`anthropic`, `claude-sonnet-4-6`); the rest of a provider's settings from its own variables, as its
 * SDK reads them. A settings object (explicit or the config's) gives its region, project, URL and key only to
 * its own provider: a config for Bedrock does not lend its region to `--provider vertex`. A string is the model
 * id, as always. `model` is the id as the user gave it (codev's or the provider's own; see `wireModelId`).
 * Throws `CONFIG_INVALID` for an unknown provider name, `MODEL_NOT_CONFIGURED` when the provider has nothing to
 * talk to.
 *
 * @example
 * const { provider, model } = resolveModelProvider({ settings: { provider: 'bedrock', region: 'eu-west-1' }, env: process.env });
 */
export function resolveModelProvider(options: {
  settings?: string | ModelSettings;
  apiKey?: string;
  baseURL?: string;
  env: ProviderEnvironment;
  configModel?: string | ModelSettings;
}): { provider: ModelProvider; model: string } {
  const explicit = asSettings(options.settings);
  const config = asSettings(options.configModel);
  const fromEnv = variable(options.env, 'CODEV_PROVIDER');
  const name = checkName(explicit.provider, 'model.provider') ?? checkName(fromEnv, 'CODEV_PROVIDER') ?? checkName(config.provider, 'config model.provider') ?? 'anthropic';
  // A settings object without a provider is the default's (or CODEV_PROVIDER's, for the explicit one).
  const own = (settings: ModelSettings, fallback: ModelProviderName): ModelSettings => ((settings.provider ?? fallback) === name ? settings : {});
  // Another provider's settings lend their model by codev's id: their provider's id means nothing here.
  const idOf = (settings: ModelSettings, fallback: ModelProviderName): string | undefined => ((settings.provider ?? fallback) === name ? settings.id : codevModelId({ ...settings, provider: settings.provider ?? fallback }));
  const model = idOf(explicit, name) ?? variable(options.env, 'CODEV_MODEL') ?? idOf(config, 'anthropic') ?? DEFAULT_MODEL_ID;
  const settings: ModelSettings = {
    ...own(config, 'anthropic'),
    ...own(explicit, name),
    ...(options.apiKey !== undefined && { apiKey: options.apiKey }),
    ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    provider: name,
    id: model,
  };
  return { provider: FACTORIES[name]({ settings, env: options.env }), model };
}

function asSettings(value: string | ModelSettings | undefined): ModelSettings {
  return typeof value === 'string' ? { id: value } : (value ?? {});
}

function checkName(value: string | undefined, where: string): ModelProviderName | undefined {
  if (value === undefined) return undefined;
  if ((MODEL_PROVIDER_NAMES as readonly string[]).includes(value)) return value as ModelProviderName;
  const suggestion = suggestKey({ key: value, candidates: MODEL_PROVIDER_NAMES });
  throw new CodevError('CONFIG_INVALID', `Unknown model provider "${value}" (${where})${suggestion ? `; did you mean "${suggestion}"?` : ''}`, {
    field: where,
    hint: `the providers are ${MODEL_PROVIDER_NAMES.join(', ')}`,
  });
}
