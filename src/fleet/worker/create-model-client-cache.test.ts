import { describe, expect, it } from 'vitest';
import { resolveModelProvider } from '../../model/providers/resolve-model-provider.ts';
import { createModelClientCache } from './create-model-client-cache.ts';

const providerOf = (options: Parameters<typeof resolveModelProvider>[0]) => resolveModelProvider(options).provider;

describe('createModelClientCache', () => {
  it('gives the jobs of one provider one model client, and any other key, URL, provider or retry count its own', async () => {
    const models = createModelClientCache();
    const env = { ANTHROPIC_API_KEY: 'key-a', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/a' };
    const retries = { maxRetries: 2 };
    const first = await models.client(providerOf({ env }), retries);
    expect(await models.client(providerOf({ env: { ...env } }), retries)).toBe(first);
    const otherKey = await models.client(providerOf({ apiKey: 'key-b', env }), retries);
    const otherUrl = await models.client(providerOf({ baseURL: 'http://127.0.0.1:9/b', env }), retries);
    const otherRetries = await models.client(providerOf({ env }), { maxRetries: 0 });
    const bedrock = await models.client(providerOf({ settings: { provider: 'bedrock', region: 'eu-west-1', baseURL: 'http://127.0.0.1:9' }, env: { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's' } }), retries);
    const otherRegion = await models.client(providerOf({ settings: { provider: 'bedrock', region: 'eu-west-3', baseURL: 'http://127.0.0.1:9' }, env: { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's' } }), retries);
    expect(new Set([first, otherKey, otherUrl, otherRetries, bedrock, otherRegion]).size).toBe(6);
    expect(otherKey.apiKey).toBe('key-b');
    expect(otherUrl.baseURL).toBe('http://127.0.0.1:9/b');
  });
});
