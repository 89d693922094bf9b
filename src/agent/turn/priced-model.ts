import type { ModelProvider } from '../../model/providers/types.ts';

/** What `pricedModel` asks of the provider. */
export type PricingProvider = Pick<ModelProvider, 'name' | 'findModel'>;

/**
 * The model a reply is priced as. Bedrock, Vertex and Foundry bill the model the request named, and answer with
 * Anthropic's bare id (`claude-sonnet-4-6`) whatever it was: only the request's id says which endpoint was billed
 * (a geographic profile's premium, the price the config gives an application inference profile), so the request's.
 * The Anthropic API or a compatible server (a router may answer on another model): the reply's own model, unless
 * it is the request's under another id (a dated one).
 */
export function pricedModel(options: { requested: string; answered: string | undefined; provider?: PricingProvider }): string {
  const { requested, answered, provider } = options;
  if (!answered || answered === requested) return requested;
  if (provider && provider.name !== 'anthropic') return requested;
  const entry = provider?.findModel(requested);
  if (!entry) return answered;
  const sameModel = provider?.findModel(answered)?.id === entry.id || answered.startsWith(`${entry.id}-`) || answered.startsWith(`${entry.id}@`);
  return sameModel ? requested : answered;
}
