import { describe, expect, it } from 'vitest';
import { MODEL_FEATURES, MODEL_PROVIDER_NAMES } from '../providers/types.ts';
import { DEFAULT_MODEL_PRICES } from '../default-model-prices.ts';
import { endpointPrice } from './endpoint-price.ts';
import { bedrockBaseModelId, findModelEntry } from './find-model-entry.ts';
import { builtInModels, providerCapabilities } from './model-table.ts';

describe('the built-in model tables', () => {
  it.each(MODEL_PROVIDER_NAMES)('%s: codev ids and provider ids are unique, and every provider id maps back to its entry', (provider) => {
    const models = builtInModels(provider);
    expect(models.length).toBeGreaterThan(0);
    const ids = models.map((model) => model.id);
    expect(new Set(ids).size).toBe(ids.length);
    const providerIds = models.flatMap((model) => (model.providerId === undefined ? [] : [model.providerId]));
    expect(new Set(providerIds).size).toBe(providerIds.length);
    for (const model of models) {
      expect(findModelEntry(models, model.id)).toBe(model);
      if (model.providerId !== undefined) expect(findModelEntry(models, model.providerId)).toBe(model);
    }
  });

  it.each(MODEL_PROVIDER_NAMES)('%s: prices, windows and limits are positive numbers or unknown (never 0)', (provider) => {
    for (const model of builtInModels(provider)) {
      for (const value of [model.contextWindow, model.maxOutputTokens]) if (value !== undefined) expect(Number.isInteger(value) && value > 0).toBe(true);
      if (model.maxOutputTokens !== undefined && model.contextWindow !== undefined) expect(model.maxOutputTokens).toBeLessThan(model.contextWindow);
      if (!model.price) continue;
      for (const value of [model.price.input, model.price.output, model.price.cacheWrite, model.price.cacheRead]) if (value !== undefined) expect(Number.isFinite(value) && value > 0).toBe(true);
      expect(model.price.output).toBeGreaterThan(model.price.input);
    }
  });

  it.each(MODEL_PROVIDER_NAMES)('%s: declares every feature, and its table names no feature the type lacks', (provider) => {
    expect(Object.keys(providerCapabilities(provider)).sort()).toEqual([...MODEL_FEATURES].sort());
    for (const model of builtInModels(provider)) for (const feature of Object.keys(model.capabilities ?? {})) expect(MODEL_FEATURES).toContain(feature);
  });

  it("every cloud entry is a model of the Anthropic table, with its figures (the provider's own id apart)", () => {
    const anthropic = builtInModels('anthropic');
    for (const provider of ['bedrock', 'vertex', 'foundry'] as const) {
      for (const { providerId: _providerId, price, ...figures } of builtInModels(provider)) {
        const { price: listPrice, ...own } = anthropic.find((model) => model.id === figures.id)!;
        expect(figures).toEqual(own);
        if (price) expect(price).toEqual(listPrice);
      }
    }
  });

  it('the default model (claude-sonnet-4-6) is in the Anthropic, Bedrock and Vertex tables', () => {
    for (const provider of ['anthropic', 'bedrock', 'vertex'] as const) expect(findModelEntry(builtInModels(provider), 'claude-sonnet-4-6')).toBeDefined();
  });

  it('Bedrock ids: their ids are global inference profiles (or base ids) of Anthropic models, and other profiles and ARNs map back', () => {
    const bedrock = builtInModels('bedrock');
    for (const model of bedrock) expect(model.providerId).toMatch(/^(?:global\.)?anthropic\.claude-/);
    const sonnet = findModelEntry(bedrock, 'claude-sonnet-4-6');
    expect(findModelEntry(bedrock, 'us.anthropic.claude-sonnet-4-6')).toBe(sonnet);
    expect(findModelEntry(bedrock, 'eu.anthropic.claude-sonnet-4-6')).toBe(sonnet);
    expect(findModelEntry(bedrock, 'anthropic.claude-sonnet-4-6')).toBe(sonnet);
    expect(findModelEntry(bedrock, 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-6')).toBe(sonnet);
    expect(findModelEntry(bedrock, 'anthropic.claude-sonnet-4-7')).toBeUndefined();
    expect(bedrockBaseModelId('global.anthropic.claude-opus-4-6-v1')).toBe('anthropic.claude-opus-4-6-v1');
  });

  it('Vertex ids: the dated models are claude-…@YYYYMMDD, the 4.6 ones the API id', () => {
    for (const model of builtInModels('vertex')) expect(model.providerId).toMatch(/^claude-[a-z0-9-]+(?:@\d{8})?$/);
    expect(findModelEntry(builtInModels('vertex'), 'claude-haiku-4-5@20251001')?.id).toBe('claude-haiku-4-5');
  });

  it('Bedrock counts no tokens (its SDK client has no countTokens); the Anthropic API has every feature', () => {
    expect(providerCapabilities('bedrock').countTokens).toBe(false);
    expect(Object.values(providerCapabilities('anthropic')).every(Boolean)).toBe(true);
  });

  it("a point release the table names gets its own price, not its family's (claude-opus-4-7 is not claude-opus-4's $15)", () => {
    expect(DEFAULT_MODEL_PRICES['claude-opus-4-7']).toMatchObject({ input: 5, output: 25 });
  });

  it('DEFAULT_MODEL_PRICES holds every priced model of the Anthropic table, and no unpriced one', () => {
    for (const model of builtInModels('anthropic')) {
      if (model.price) expect(DEFAULT_MODEL_PRICES[model.id]).toMatchObject({ input: model.price.input, output: model.price.output });
      else expect(DEFAULT_MODEL_PRICES[model.id]).toBeUndefined();
    }
  });
});

describe('endpointPrice', () => {
  const price = { input: 3, output: 15, cacheRead: 0.3 };

  it("Vertex's regional endpoints cost 10% more than the global one", () => {
    expect(endpointPrice({ provider: 'vertex', region: 'global', wireModelId: 'claude-sonnet-4-6', price })).toEqual(price);
    expect(endpointPrice({ provider: 'vertex', wireModelId: 'claude-sonnet-4-6', price })).toEqual(price);
    expect(endpointPrice({ provider: 'vertex', region: 'us-east5', wireModelId: 'claude-sonnet-4-6', price })).toEqual({ input: 3.3, output: 16.5, cacheRead: 0.33 });
  });

  it("Bedrock's global profile is the list price; a geographic profile or a base id costs 10% more, whatever the region", () => {
    expect(endpointPrice({ provider: 'bedrock', region: 'eu-west-1', wireModelId: 'global.anthropic.claude-sonnet-4-6', price })).toEqual(price);
    expect(endpointPrice({ provider: 'bedrock', region: 'us-east-1', wireModelId: 'us.anthropic.claude-sonnet-4-6', price })).toEqual({ input: 3.3, output: 16.5, cacheRead: 0.33 });
    expect(endpointPrice({ provider: 'bedrock', region: 'us-east-1', wireModelId: 'arn:aws:bedrock:us-east-1:1:inference-profile/global.anthropic.claude-sonnet-4-6', price })).toEqual(price);
  });

  it('the Anthropic API and Foundry: the price as given', () => {
    expect(endpointPrice({ provider: 'anthropic', region: 'anywhere', wireModelId: 'claude-sonnet-4-6', price })).toBe(price);
    expect(endpointPrice({ provider: 'foundry', wireModelId: 'claude-sonnet-4-6', price })).toBe(price);
  });
});
