/**
 * Attack: a region or a Foundry resource is put into the host of the provider's URL by its SDK
 * (`https://bedrock-runtime.${region}.amazonaws.com`, `https://${region}-aiplatform.googleapis.com/v1`,
 * `https://${resource}.services.ai.azure.com/anthropic/`). These settings are not URLs, so nothing treats them
 * as one: a fleet job may carry them (its schema refuses apiKey and baseURL only), a project's config may, and so
 * may the environment. A value such as `evil.example#` makes the host `evil.example` (the rest is the fragment),
 * and the user's own credentials (the Foundry key, a Bedrock API key or session token, a Google access token) go
 * there. Each must be refused as CONFIG_INVALID before any client is made.
 */
import { describe, expect, it } from 'vitest';
import { CodevError } from '../../src/errors/codev-error.ts';
import { fleetJobDataSchema } from '../../src/fleet/job/fleet-job-data.ts';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';
import type { ModelSettings } from '../../src/model/providers/types.ts';

const HOSTILE = ['evil.example#', 'evil.example/x?', '127.0.0.1:1/', 'a@evil.example', 'us-east-1.evil.example', ' us-east-1'];
const quiet = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIDLOOPBACK', AWS_SECRET_ACCESS_KEY: 'secret-loopback', ANTHROPIC_FOUNDRY_API_KEY: 'foundry-key-loopback', ANTHROPIC_VERTEX_PROJECT_ID: 'p1' };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return CodevError.isInstance(error) ? error.code : 'not a CodevError';
  }
  return undefined;
}

/** The host the provider's client would send the user's credentials to. */
async function hostOf(settings: ModelSettings, env: Record<string, string> = quiet): Promise<string> {
  const { provider } = resolveModelProvider({ settings, env });
  const client = await provider.createClient({ maxRetries: 0 });
  return new URL(client.baseURL).hostname;
}

describe('a region or resource cannot move the provider to another host', () => {
  for (const value of HOSTILE) {
    it(`Bedrock region ${JSON.stringify(value)}: from settings, a config or AWS_REGION`, () => {
      expect(codeOf(() => resolveModelProvider({ settings: { provider: 'bedrock', region: value }, env: quiet }))).toBe('CONFIG_INVALID');
      expect(codeOf(() => resolveModelProvider({ env: quiet, configModel: { provider: 'bedrock', region: value } }))).toBe('CONFIG_INVALID');
      expect(codeOf(() => resolveModelProvider({ settings: { provider: 'bedrock' }, env: { ...quiet, AWS_REGION: value } }))).toBe(value.trim() === 'us-east-1' ? undefined : 'CONFIG_INVALID');
    });

    it(`Vertex region ${JSON.stringify(value)}`, () => {
      expect(codeOf(() => resolveModelProvider({ settings: { provider: 'vertex', region: value }, env: quiet }))).toBe('CONFIG_INVALID');
      expect(codeOf(() => resolveModelProvider({ env: quiet, configModel: { provider: 'vertex', region: value } }))).toBe('CONFIG_INVALID');
    });

    it(`Foundry resource ${JSON.stringify(value)}`, () => {
      expect(codeOf(() => resolveModelProvider({ settings: { provider: 'foundry', resource: value }, env: quiet }))).toBe('CONFIG_INVALID');
      expect(codeOf(() => resolveModelProvider({ settings: { provider: 'foundry' }, env: { ...quiet, ANTHROPIC_FOUNDRY_RESOURCE: value } }))).toBe(value.trim() === 'us-east-1' ? undefined : 'CONFIG_INVALID');
    });

    it(`a fleet job carrying ${JSON.stringify(value)} as its region or resource is refused by the job's schema`, () => {
      const job = { format: 1, script: '/s.ts', prompt: 'p', permissions: {}, deferAsks: false, submittedAt: 1 };
      expect(fleetJobDataSchema.safeParse({ ...job, model: { provider: 'bedrock', region: value } }).success).toBe(false);
      expect(fleetJobDataSchema.safeParse({ ...job, model: { provider: 'foundry', resource: value } }).success).toBe(false);
    });
  }

  it("real names still reach the provider's own domain", async () => {
    expect(await hostOf({ provider: 'bedrock', region: 'eu-west-1' })).toBe('bedrock-runtime.eu-west-1.amazonaws.com');
    expect(await hostOf({ provider: 'bedrock', region: 'us-gov-west-1' })).toBe('bedrock-runtime.us-gov-west-1.amazonaws.com');
    // Vertex's client asks Google's credential chain as it is made: its region is only resolved here.
    expect(resolveModelProvider({ settings: { provider: 'vertex', region: 'us-east5' }, env: quiet }).provider.region).toBe('us-east5');
    expect(await hostOf({ provider: 'foundry', resource: 'my-Resource-01' })).toBe('my-resource-01.services.ai.azure.com');
  });
});
