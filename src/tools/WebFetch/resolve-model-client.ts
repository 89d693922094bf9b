import { createModelClient, resolveModelAccess } from '../../model/create-model-client.ts';
import type { WebFetchModelClient } from './types.ts';

/**
 * The client that applies the prompt: the injected one (`null` = none), else one made from the env when
 * `ANTHROPIC_API_KEY` or `ANTHROPIC_BASE_URL` is set, else none.
 */
export async function resolveModelClient(options: {
  modelClient: WebFetchModelClient | null | undefined;
  env: Readonly<Record<string, string | undefined>>;
}): Promise<WebFetchModelClient | undefined> {
  if (options.modelClient === null) return undefined;
  if (options.modelClient) return options.modelClient;
  if (!options.env.ANTHROPIC_API_KEY && !options.env.ANTHROPIC_BASE_URL) return undefined;
  return createModelClient(resolveModelAccess({ env: options.env, maxRetries: 1 }));
}
