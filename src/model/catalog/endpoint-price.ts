import type { ModelProviderName } from '../providers/types.ts';
import type { ModelPrice } from '../model-price.ts';

/**
 * The built-in tables' prices are the global endpoint's. On Vertex AI, from Claude Sonnet 4.5 on (every model of the
 * built-in table), the global endpoint has no price premium and the regional ones have one (platform.claude.com
 * "Vertex AI", global and regional endpoints): 10%, as LiteLLM bills it (`regional_endpoint_uplift_multiplier`).
 * On Bedrock the global inference profile costs about 10% less than a geographic profile or the in-region model
 * (AWS, "Global cross-Region inference"). Read 2026-12-07.
 * Returns what to multiply a built-in price by for `wireModelId` sent to `region`; 1 for the Anthropic API and
 * Foundry, and for prices the user gave.
 */
export function endpointPriceFactor(options: { provider: ModelProviderName; region?: string; wireModelId: string }): number {
  if (options.provider === 'vertex') return options.region === undefined || options.region === 'global' ? 1 : 1.1;
  if (options.provider === 'bedrock') return /(?:^|\/)global\./.test(options.wireModelId) ? 1 : 1.1;
  return 1;
}

/** `price` (a built-in table's) as billed for `wireModelId` on `provider` in `region`: see `endpointPriceFactor`. */
export function endpointPrice(options: { provider: ModelProviderName; region?: string; wireModelId: string; price: ModelPrice }): ModelPrice {
  const factor = endpointPriceFactor(options);
  if (factor === 1) return options.price;
  const { input, output, cacheWrite, cacheRead } = options.price;
  const scale = (value: number) => Math.round(value * factor * 1e6) / 1e6;
  return { input: scale(input), output: scale(output), ...(cacheWrite !== undefined && { cacheWrite: scale(cacheWrite) }), ...(cacheRead !== undefined && { cacheRead: scale(cacheRead) }) };
}
