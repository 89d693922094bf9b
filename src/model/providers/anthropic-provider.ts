import { createModelClient, resolveModelAccess } from '../create-model-client.ts';
import { withClientProvider } from './client-provider.ts';
import { modelTableOf } from './model-table-of.ts';
import { providerCacheKey } from './provider-cache-key.ts';
import { urlForMessages, type ProviderFactoryOptions } from './provider-environment.ts';
import type { ModelProvider } from './types.ts';

/**
 * Anthropic's API, or any Anthropic-compatible server (`baseURL`): the key from `apiKey` or `ANTHROPIC_API_KEY`,
 * the URL from `baseURL` or `ANTHROPIC_BASE_URL`. Neither a key nor a URL: `MODEL_NOT_CONFIGURED`. The SDK is
 * codev's own (bundled).
 */
export function createAnthropicProvider(options: ProviderFactoryOptions<never>): ModelProvider {
  const { settings, env } = options;
  const access = resolveModelAccess({ apiKey: settings.apiKey, baseURL: settings.baseURL, env });
  const provider: ModelProvider = {
    name: 'anthropic',
    label: access.baseURL ? urlForMessages(access.baseURL) : 'the Anthropic API',
    ...modelTableOf({ ...settings, provider: 'anthropic' }),
    createClient: async (clientOptions) => withClientProvider(await createModelClient({ ...access, maxRetries: clientOptions.maxRetries, sdkSpans: clientOptions.sdkSpans ?? access.sdkSpans }), provider),
    cacheKey: providerCacheKey({ provider: 'anthropic', baseURL: access.baseURL }, { apiKey: access.apiKey }),
  };
  return provider;
}
