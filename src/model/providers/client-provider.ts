import type { ModelProvider } from './types.ts';

const providers = new WeakMap<object, ModelProvider>();

/** Marks `client` as made by `provider` (its errors then name the provider, its region and the fix). */
export function withClientProvider<Client extends object>(client: Client, provider: ModelProvider): Client {
  providers.set(client, provider);
  return client;
}

/** The provider that made `client`, or undefined for a client made elsewhere (given by the user, a fake). */
export function clientProvider(client: object): ModelProvider | undefined {
  return providers.get(client);
}
