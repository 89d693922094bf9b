import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../../errors/codev-error.ts';
import { hostLabelSetting } from './host-label-setting.ts';
import { loadProviderSdk } from './load-provider-sdk.ts';
import { withClientProvider } from './client-provider.ts';
import { modelTableOf } from './model-table-of.ts';
import { providerCacheKey } from './provider-cache-key.ts';
import { commonClientOptions, urlForMessages, variable, type ProviderFactoryOptions } from './provider-environment.ts';
import type { ModelProvider } from './types.ts';

type FoundrySdk = typeof import('@anthropic-ai/foundry-sdk');

export const FOUNDRY_SDK_PACKAGE = { packageName: '@anthropic-ai/foundry-sdk', version: '1.1.1' } as const;

/**
 * Microsoft Foundry through `@anthropic-ai/foundry-sdk`: the Azure resource from `resource` or
 * `ANTHROPIC_FOUNDRY_RESOURCE` (or the whole `baseURL`, `ANTHROPIC_FOUNDRY_BASE_URL`), the key from `apiKey` or
 * `ANTHROPIC_FOUNDRY_API_KEY`. Either one missing: `MODEL_NOT_CONFIGURED`, naming the setting and the variable.
 */
export function createFoundryProvider(options: ProviderFactoryOptions<FoundrySdk>): ModelProvider {
  const { settings, env } = options;
  const baseURL = settings.baseURL ?? (settings.resource ? undefined : variable(env, 'ANTHROPIC_FOUNDRY_BASE_URL'));
  const resource = baseURL ? undefined : hostLabelSetting(settings.resource ?? variable(env, 'ANTHROPIC_FOUNDRY_RESOURCE'), { field: 'model.resource', label: 'Microsoft Foundry' });
  const apiKey = settings.apiKey ?? variable(env, 'ANTHROPIC_FOUNDRY_API_KEY');
  if (!baseURL && !resource) {
    throw new CodevError('MODEL_NOT_CONFIGURED', 'Microsoft Foundry needs the Azure resource to reach: neither the model setting resource nor ANTHROPIC_FOUNDRY_RESOURCE is set', {
      field: 'model.resource',
      hint: 'export ANTHROPIC_FOUNDRY_RESOURCE=<your resource name> (or model.resource in the config; a whole URL: ANTHROPIC_FOUNDRY_BASE_URL or model.baseURL)',
    });
  }
  const label = `Microsoft Foundry (${resource ?? urlForMessages(baseURL!)})`;
  if (!apiKey) {
    throw new CodevError('MODEL_NOT_CONFIGURED', `${label} needs an API key: neither the model setting apiKey nor ANTHROPIC_FOUNDRY_API_KEY is set`, {
      field: 'model.apiKey',
      hint: 'export ANTHROPIC_FOUNDRY_API_KEY=<the key of your Foundry resource>',
    });
  }
  const load = options.load ?? (() => import('@anthropic-ai/foundry-sdk'));
  const provider: ModelProvider = {
    name: 'foundry',
    label,
    ...modelTableOf({ ...settings, provider: 'foundry' }),
    async createClient(clientOptions) {
      const { AnthropicFoundry } = await loadProviderSdk({ label, ...FOUNDRY_SDK_PACKAGE, load });
      return withClientProvider(new AnthropicFoundry({ apiKey, resource: resource ?? null, baseURL: baseURL ?? null, ...commonClientOptions(clientOptions, env) }) as unknown as Anthropic, provider);
    },
    cacheKey: providerCacheKey({ provider: 'foundry', resource, baseURL }, { apiKey }),
  };
  return provider;
}
