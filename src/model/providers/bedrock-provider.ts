import type Anthropic from '@anthropic-ai/sdk';
import { hostLabelSetting } from './host-label-setting.ts';
import { awsSharedFiles } from './aws-shared-files.ts';
import { checkCredentialFiles } from './check-credential-files.ts';
import { loadProviderSdk } from './load-provider-sdk.ts';
import { withClientProvider } from './client-provider.ts';
import { modelTableOf } from './model-table-of.ts';
import { providerCacheKey } from './provider-cache-key.ts';
import { commonClientOptions, urlForMessages, variable, type ProviderFactoryOptions } from './provider-environment.ts';
import type { ModelProvider } from './types.ts';

type BedrockSdk = typeof import('@anthropic-ai/bedrock-sdk');

export const BEDROCK_SDK_PACKAGE = { packageName: '@anthropic-ai/bedrock-sdk', version: '1.2.1' } as const;

/**
 * Amazon Bedrock through `@anthropic-ai/bedrock-sdk`: the region from `region`, `AWS_REGION`, `AWS_DEFAULT_REGION`,
 * then `us-east-1`; a Bedrock API key from `apiKey` or `AWS_BEARER_TOKEN_BEDROCK`, else AWS credentials, which the
 * SDK signs with (SigV4): the environment's `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN`),
 * else the AWS SDK's default chain (`AWS_PROFILE`, ~/.aws, SSO, the instance's role). `baseURL` or
 * `ANTHROPIC_BEDROCK_BASE_URL`: a private endpoint or a proxy.
 */
export function createBedrockProvider(options: ProviderFactoryOptions<BedrockSdk>): ModelProvider {
  const { settings, env } = options;
  const region = hostLabelSetting(settings.region ?? variable(env, 'AWS_REGION') ?? variable(env, 'AWS_DEFAULT_REGION'), { field: 'model.region', label: 'Amazon Bedrock' }) ?? 'us-east-1';
  const baseURL = settings.baseURL ?? variable(env, 'ANTHROPIC_BEDROCK_BASE_URL');
  const apiKey = settings.apiKey ?? variable(env, 'AWS_BEARER_TOKEN_BEDROCK');
  const accessKey = variable(env, 'AWS_ACCESS_KEY_ID');
  const secretKey = variable(env, 'AWS_SECRET_ACCESS_KEY');
  // Both keys or neither: one alone is left to the AWS SDK's chain, as the Bedrock SDK would.
  const keys = accessKey && secretKey ? { awsAccessKey: accessKey, awsSecretKey: secretKey, awsSessionToken: variable(env, 'AWS_SESSION_TOKEN') ?? null } : {};
  const label = `Amazon Bedrock (${region}${baseURL ? `, ${urlForMessages(baseURL)}` : ''})`;
  const load = options.load ?? (() => import('@anthropic-ai/bedrock-sdk'));
  const provider: ModelProvider = {
    name: 'bedrock',
    label,
    region,
    ...modelTableOf({ ...settings, provider: 'bedrock' }, region),
    async createClient(clientOptions) {
      const { AnthropicBedrock } = await loadProviderSdk({ label, ...BEDROCK_SDK_PACKAGE, load });
      // Without a key, the AWS SDK's chain reads the shared files (as it finds them: the process's environment).
      if (!apiKey && !keys.awsAccessKey) await checkCredentialFiles({ label, paths: awsSharedFiles([env, process.env]) });
      // `apiKey: null` signs with AWS credentials instead of reading AWS_BEARER_TOKEN_BEDROCK from process.env.
      // Always a URL: left out, the SDK reads ANTHROPIC_BEDROCK_BASE_URL from process.env, not from the agent's env.
      const clientOptionsOf = { awsRegion: region, baseURL: baseURL ?? `https://bedrock-runtime.${region}.amazonaws.com`, apiKey: apiKey ?? null, ...keys, ...commonClientOptions(clientOptions, env) };
      const client = new AnthropicBedrock(clientOptionsOf as ConstructorParameters<typeof AnthropicBedrock>[0] & { awsAccessKey: string; awsSecretKey: string });
      // The SDK's own default URL, as it marks it (version 1.2.1): Bedrock-only routes go to bedrock.<region>.amazonaws.com.
      if (!baseURL) (client as unknown as { _baseURLIsExplicit: boolean })._baseURLIsExplicit = false;
      return withClientProvider(client as unknown as Anthropic, provider);
    },
    cacheKey: providerCacheKey({ provider: 'bedrock', region, baseURL, profile: variable(env, 'AWS_PROFILE') }, { apiKey, accessKey, secretKey, sessionToken: variable(env, 'AWS_SESSION_TOKEN') }),
  };
  return provider;
}
