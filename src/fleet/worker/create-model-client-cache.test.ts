import { describe, expect, it } from 'vitest';
import { resolveModelAccess } from '../../model/create-model-client.ts';
import { createModelClientCache } from './create-model-client-cache.ts';

describe('createModelClientCache', () => {
  it('gives the jobs of one key and base URL one model client, and any other key, URL or retry count its own', async () => {
    const models = createModelClientCache();
    const env = { ANTHROPIC_API_KEY: 'key-a', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/a' };
    const first = await models.client(resolveModelAccess({ env }));
    expect(await models.client(resolveModelAccess({ env: { ...env } }))).toBe(first);
    const otherKey = await models.client(resolveModelAccess({ apiKey: 'key-b', env }));
    const otherUrl = await models.client(resolveModelAccess({ baseURL: 'http://127.0.0.1:9/b', env }));
    const otherRetries = await models.client(resolveModelAccess({ env, maxRetries: 0 }));
    expect(new Set([first, otherKey, otherUrl, otherRetries]).size).toBe(4);
    expect(otherKey.apiKey).toBe('key-b');
    expect(otherUrl.baseURL).toBe('http://127.0.0.1:9/b');
  });
});
