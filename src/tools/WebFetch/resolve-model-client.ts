import type Anthropic from '@anthropic-ai/sdk';
import { createModelClient, resolveModelAccess } from '../../model/create-model-client.ts';
import type { AgentScopeModelProvider } from '../../tool/agent-scope.ts';
import type { WebFetchModelClient } from './types.ts';

/** The client that applies the prompt, and the id to send for a model on it. */
export interface WebFetchModel {
  client: WebFetchModelClient;
  modelId(model: string): string;
}

const asGiven = (model: string): string => model;
// One client per provider, with WebFetch's own retries (the agent's client keeps the agent's).
const providerClients = new WeakMap<AgentScopeModelProvider, Promise<Anthropic>>();

/**
 * The client that applies the prompt: the injected one (`null` = none); else the agent's provider's (the
 * model id mapped to the provider's: a Bedrock agent's WebFetch asks Bedrock); else, outside an agent with
 * one, one made from the env when `ANTHROPIC_API_KEY` or `ANTHROPIC_BASE_URL` is set; else none.
 */
export async function resolveModelClient(options: {
  modelClient: WebFetchModelClient | null | undefined;
  env: Readonly<Record<string, string | undefined>>;
  provider?: AgentScopeModelProvider;
}): Promise<WebFetchModel | undefined> {
  if (options.modelClient === null) return undefined;
  if (options.modelClient) return { client: options.modelClient, modelId: asGiven };
  const { provider } = options;
  if (provider) {
    let client = providerClients.get(provider);
    if (!client) {
      client = provider.createClient({ maxRetries: 1 });
      client.catch(() => providerClients.delete(provider));
      providerClients.set(provider, client);
    }
    return { client: await client, modelId: (model) => provider.wireModelId(model) };
  }
  if (!options.env.ANTHROPIC_API_KEY && !options.env.ANTHROPIC_BASE_URL) return undefined;
  return { client: await createModelClient(resolveModelAccess({ env: options.env, maxRetries: 1 })), modelId: asGiven };
}
