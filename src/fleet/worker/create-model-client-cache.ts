import type Anthropic from '@anthropic-ai/sdk';
import type { ModelProvider } from '../../model/providers/types.ts';

/** The model clients a worker made, one per provider (its settings and credentials) and retry setting. */
export interface ModelClientCache {
  /** The client of `provider`, made at its first use. */
  client(provider: ModelProvider, options: { maxRetries: number; sdkSpans?: boolean }): Promise<Anthropic>;
}

/**
 * A client made per job costs the worker about a millisecond (the SDK's set-up, its resources and options),
 * more than the job's own request to a fast model. A client holds no per-request state (each request gets its
 * signal and retry options), so the jobs of one provider (`cacheKey`: its name, region, project, URL and a hash
 * of its credentials) share one; a job whose script or data names another provider, region or key gets its own.
 */
export function createModelClientCache(): ModelClientCache {
  const clients = new Map<string, Promise<Anthropic>>();
  return {
    client(provider, options) {
      const key = JSON.stringify([provider.cacheKey, options.maxRetries, options.sdkSpans === true]);
      let client = clients.get(key);
      if (!client) {
        client = provider.createClient(options);
        // A failed import is not kept: the next job tries again.
        client.catch(() => clients.delete(key));
        clients.set(key, client);
      }
      return client;
    },
  };
}
