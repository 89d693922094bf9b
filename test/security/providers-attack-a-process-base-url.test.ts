/**
 * Attack: the SDKs' constructors read their base URL from process.env when they are given none
 * (ANTHROPIC_BASE_URL, ANTHROPIC_BEDROCK_BASE_URL). codev resolves a provider from the agent's `env`: an agent
 * whose env has a key and no URL (a fleet worker's, a tenant's in an embedding server) sent its key to the URL in
 * the process's environment, a server the agent's settings never named. A URL comes from the agent's env or
 * settings only; no request is made here, the clients' URLs are read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveModelProvider } from '../../src/model/providers/resolve-model-provider.ts';

const PROCESS_URL = 'http://127.0.0.1:9/the-process-server';

afterEach(() => {
  vi.unstubAllEnvs();
});

async function baseURLOf(settings: Parameters<typeof resolveModelProvider>[0]['settings'], env: Record<string, string>): Promise<string> {
  const { provider } = resolveModelProvider({ settings, env });
  const client = await provider.createClient({ maxRetries: 0 });
  return client.baseURL;
}

describe("the process's base URL variables, not in the agent's env", () => {
  it('are not where an Anthropic provider sends the agent\'s key', async () => {
    vi.stubEnv('ANTHROPIC_BASE_URL', PROCESS_URL);
    expect(await baseURLOf({ provider: 'anthropic' }, { ANTHROPIC_API_KEY: 'sk-agent-own-key' })).toBe('https://api.anthropic.com');
    // The agent's own variable is still its URL.
    expect(await baseURLOf({ provider: 'anthropic' }, { ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/own' })).toBe('http://127.0.0.1:9/own');
  });

  it("are not where a Bedrock provider sends the agent's requests", async () => {
    vi.stubEnv('ANTHROPIC_BEDROCK_BASE_URL', PROCESS_URL);
    const env = { AWS_BEARER_TOKEN_BEDROCK: 'bedrock-agent-key', AWS_EC2_METADATA_DISABLED: 'true' };
    expect(await baseURLOf({ provider: 'bedrock', region: 'us-west-2' }, env)).toBe('https://bedrock-runtime.us-west-2.amazonaws.com');
    expect(await baseURLOf({ provider: 'bedrock', region: 'us-west-2' }, { ...env, ANTHROPIC_BEDROCK_BASE_URL: 'http://127.0.0.1:9/own' })).toBe('http://127.0.0.1:9/own');
  });
});
