import type Anthropic from '@anthropic-ai/sdk';
import { hostLabelSetting } from './host-label-setting.ts';
import { loadProviderSdk } from './load-provider-sdk.ts';
import { withClientProvider } from './client-provider.ts';
import { modelTableOf } from './model-table-of.ts';
import { providerCacheKey } from './provider-cache-key.ts';
import { commonClientOptions, urlForMessages, variable, type ProviderFactoryOptions } from './provider-environment.ts';
import type { ModelProvider } from './types.ts';

type VertexSdk = typeof import('@anthropic-ai/vertex-sdk');

export const VERTEX_SDK_PACKAGE = { packageName: '@anthropic-ai/vertex-sdk', version: '1.1.5' } as const;

/**
 * Google Vertex AI through `@anthropic-ai/vertex-sdk`: the region from `region`, `CLOUD_ML_REGION`, then `global`;
 * the project from `projectId`, `ANTHROPIC_VERTEX_PROJECT_ID`, `GOOGLE_CLOUD_PROJECT`, else the credentials' own
 * (a request without any is `MODEL_NOT_CONFIGURED`, see `toModelError`). Credentials are Google's Application
 * Default Credentials, as google-auth-library finds them (`GOOGLE_APPLICATION_CREDENTIALS`, gcloud's file, the
 * metadata server). `baseURL` or `ANTHROPIC_VERTEX_BASE_URL`: a private endpoint or a proxy.
 */
export function createVertexProvider(options: ProviderFactoryOptions<VertexSdk>): ModelProvider {
  const { settings, env } = options;
  const region = hostLabelSetting(settings.region ?? variable(env, 'CLOUD_ML_REGION'), { field: 'model.region', label: 'Google Vertex AI' }) ?? 'global';
  const projectId = settings.projectId ?? variable(env, 'ANTHROPIC_VERTEX_PROJECT_ID') ?? variable(env, 'GOOGLE_CLOUD_PROJECT');
  const baseURL = settings.baseURL ?? variable(env, 'ANTHROPIC_VERTEX_BASE_URL');
  const label = `Google Vertex AI (${projectId ?? 'the credentials\' project'}, ${region}${baseURL ? `, ${urlForMessages(baseURL)}` : ''})`;
  const load = options.load ?? (() => import('@anthropic-ai/vertex-sdk'));
  const provider: ModelProvider = {
    name: 'vertex',
    label,
    region,
    ...modelTableOf({ ...settings, provider: 'vertex' }, region),
    async createClient(clientOptions) {
      const { AnthropicVertex } = await loadProviderSdk({ label, ...VERTEX_SDK_PACKAGE, load });
      // `null`, not undefined: the SDK's own defaults read process.env, codev's come from `env`.
      const client = new AnthropicVertex({ region, projectId: projectId ?? null, baseURL: baseURL ?? null, ...commonClientOptions(clientOptions, env) });
      // The SDK asks Google's credential chain as the client is made and waits for it only in a request: a client
      // made and not used (a busy session, a blocked prompt, a cancelled job) must not leave its failure unhandled,
      // which would end the process. Each request still awaits the same promise and fails with it.
      (client as unknown as { _authClientPromise?: Promise<unknown> })._authClientPromise?.catch(() => undefined);
      return withClientProvider(client as unknown as Anthropic, provider);
    },
    cacheKey: providerCacheKey({ provider: 'vertex', region, projectId, baseURL, credentials: variable(env, 'GOOGLE_APPLICATION_CREDENTIALS') }, {}),
  };
  return provider;
}
