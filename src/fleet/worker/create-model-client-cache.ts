import type Anthropic from '@anthropic-ai/sdk';
import { createModelClient, type ModelAccess } from '../../model/create-model-client.ts';

/** The model clients a worker made, one per key, base URL and retry setting. */
export interface ModelClientCache {
  /** The client for `access`, made at its first use. */
  client(access: ModelAccess): Promise<Anthropic>;
}

/**
 * A client made per job costs the worker about a millisecond (the SDK's set-up, its resources and options),
 * more than the job's own request to a fast model. A client holds no per-request state (each request gets its
 * signal and retry options), so the jobs of one key and base URL share one; a job whose script names another
 * key or URL gets its own.
 */
export function createModelClientCache(): ModelClientCache {
  const clients = new Map<string, Promise<Anthropic>>();
  return {
    client(access) {
      const key = JSON.stringify([access.apiKey, access.baseURL ?? null, access.maxRetries, access.sdkSpans === true]);
      let client = clients.get(key);
      if (!client) {
        client = createModelClient(access);
        // A failed import is not kept: the next job tries again.
        client.catch(() => clients.delete(key));
        clients.set(key, client);
      }
      return client;
    },
  };
}
