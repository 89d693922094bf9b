import { CodevError } from '../../../errors/codev-error.ts';
import { codevModelId } from '../../../model/providers/codev-model-id.ts';
import { MODEL_PROVIDER_NAMES, type ModelProviderName, type ModelSettings } from '../../../model/providers/types.ts';

/** The model codev uses when nothing names one. */
export const DEFAULT_MODEL_ID = 'claude-sonnet-4-6';

/** Which provider, region and default model `codev models` lists, resolved as `codev run` resolves them. */
export interface ModelsSettings {
  provider: ModelProviderName;
  region?: string;
  defaultModel: string;
  /** The config's settings when they are this provider's (a config for Bedrock lends nothing to `--provider vertex`). */
  settings: ModelSettings;
}

/**
 * As `resolveModelProvider` resolves them: the command line (`--provider`, `--region`), then the environment
 * (`CODEV_PROVIDER`, `CODEV_MODEL`), then the config's `model` (an id, or settings), then the defaults; a region
 * left out from the provider's variable, as its SDK reads it. An unknown provider is `CLI_USAGE`, with the list,
 * and so is `--region` for a provider without regions (the Anthropic API, Foundry).
 */
export function resolveModelsSettings(options: { provider?: string; region?: string; configModel: unknown; env: Readonly<Record<string, string | undefined>> }): ModelsSettings {
  const { env } = options;
  const config: ModelSettings = typeof options.configModel === 'string' ? { id: options.configModel } : typeof options.configModel === 'object' && options.configModel !== null ? (options.configModel as ModelSettings) : {};
  const provider = checkName(options.provider, '--provider') ?? checkName(nonEmpty(env.CODEV_PROVIDER), 'CODEV_PROVIDER') ?? checkName(config.provider, "the config's model.provider") ?? 'anthropic';
  if (options.region !== undefined && provider !== 'bedrock' && provider !== 'vertex') {
    throw new CodevError('CLI_USAGE', `--region is Bedrock's or Vertex's; ${provider} has no regions`, { field: '--region', hint: `e.g. codev models --provider bedrock --region ${options.region}, or leave --region out` });
  }
  const settings = (config.provider ?? 'anthropic') === provider ? config : {};
  const region = options.region ?? settings.region ?? defaultRegion(provider, env);
  // A config for another provider lends its model by codev's id (its provider's id means nothing here).
  const configId = settings === config ? config.id : codevModelId(config);
  return { provider, ...(region !== undefined && { region }), defaultModel: nonEmpty(env.CODEV_MODEL) ?? configId ?? DEFAULT_MODEL_ID, settings };
}

function checkName(value: string | undefined, from: string): ModelProviderName | undefined {
  if (value === undefined || (MODEL_PROVIDER_NAMES as readonly string[]).includes(value)) return value as ModelProviderName | undefined;
  throw new CodevError('CLI_USAGE', `Unknown provider "${value}" (from ${from})`, { field: from, hint: `use one of: ${MODEL_PROVIDER_NAMES.join(', ')}` });
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
