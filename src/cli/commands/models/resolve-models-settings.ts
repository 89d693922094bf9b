import { CodevError } from '../../../errors/codev-error.ts';
import { MODEL_PROVIDER_NAMES, type ModelProviderName, type ModelSettings } from '../../../model/providers/types.ts';

/** The model codev uses when nothing names one. */
export const DEFAULT_MODEL_ID = 'claude-sonnet-4-6';

/** Which provider, region and default model `codev models` lists, resolved as `codev run` resolves them. */
export interface ModelsSettings {
  provider: ModelProviderName;
  region?: string;
  defaultModel: string;
  settings: ModelSettings;
}

/**
 * The command line first (`--provider`, `--region`), then the config's `model` (an id, or settings), then the
 * environment (`CODEV_PROVIDER`, `CODEV_MODEL`, the provider's region variable), then the defaults. An unknown
 * provider is `CLI_USAGE`, with the list.
 */
export function resolveModelsSettings(options: { provider?: string; region?: string; configModel: unknown; env: Readonly<Record<string, string | undefined>> }): ModelsSettings {
  const { env } = options;
  const settings: ModelSettings = typeof options.configModel === 'object' && options.configModel !== null ? (options.configModel as ModelSettings) : {};
  const configId = typeof options.configModel === 'string' ? options.configModel : settings.id;
  const name = options.provider ?? settings.provider ?? nonEmpty(env.CODEV_PROVIDER) ?? 'anthropic';
  if (!(MODEL_PROVIDER_NAMES as readonly string[]).includes(name)) {
    const from = options.provider !== undefined ? '--provider' : settings.provider !== undefined ? "the config's model.provider" : 'CODEV_PROVIDER';
    throw new CodevError('CLI_USAGE', `Unknown provider "${name}" (from ${from})`, { field: from, hint: `use one of: ${MODEL_PROVIDER_NAMES.join(', ')}` });
  }
  const provider = name as ModelProviderName;
  const region = options.region ?? settings.region ?? defaultRegion(provider, env);
  return { provider, ...(region !== undefined && { region }), defaultModel: configId ?? nonEmpty(env.CODEV_MODEL) ?? DEFAULT_MODEL_ID, settings };
}

/** As the providers' SDKs read them: Bedrock `AWS_REGION`, `AWS_DEFAULT_REGION`, then us-east-1; Vertex `CLOUD_ML_REGION`, then global. */
function defaultRegion(provider: ModelProviderName, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (provider === 'bedrock') return nonEmpty(env.AWS_REGION) ?? nonEmpty(env.AWS_DEFAULT_REGION) ?? 'us-east-1';
  if (provider === 'vertex') return nonEmpty(env.CLOUD_ML_REGION) ?? 'global';
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
