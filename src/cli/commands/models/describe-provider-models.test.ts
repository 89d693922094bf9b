import { describe, expect, it } from 'vitest';
import { catalogModelTable } from './catalog-model-table.ts';
import { describeProviderModels } from './describe-provider-models.ts';

describe('describeProviderModels over the catalog table', () => {
  it('marks the default model once; a default the table lacks is listed, unknown', () => {
    const table = catalogModelTable({ provider: 'anthropic', settings: {} });
    expect(describeProviderModels({ table, defaultModel: 'claude-opus-4-6' }).filter((model) => model.default).map((model) => model.id)).toEqual(['claude-opus-4-6']);
    const local = describeProviderModels({ table, defaultModel: 'my-local-model' }).at(-1)!;
    expect(local).toMatchObject({ id: 'my-local-model', default: true, price: null, contextWindow: null, providerId: null });
  });

  it("a default named by the provider's own id (another Bedrock profile) marks its entry", () => {
    const table = catalogModelTable({ provider: 'bedrock', region: 'eu-west-1', settings: {} });
    const models = describeProviderModels({ table, defaultModel: 'eu.anthropic.claude-sonnet-4-6' });
    expect(models.filter((model) => model.default).map((model) => model.id)).toEqual(['claude-sonnet-4-6']);
  });

  it("the settings' models change and add entries; their prices are taken as given (no endpoint premium)", () => {
    const settings = { models: { 'claude-opus-4-6': { providerId: 'claude-opus-4-6@custom', capabilities: { pdfs: false } }, 'claude-opus-5-5': { providerId: 'claude-opus-5-5', price: { input: 4, output: 20 } } } };
    const models = describeProviderModels({ table: catalogModelTable({ provider: 'vertex', region: 'us-east5', settings }), defaultModel: 'claude-opus-5-5' });
    expect(models.find((model) => model.id === 'claude-opus-4-6')).toMatchObject({ providerId: 'claude-opus-4-6@custom', contextWindow: 1_000_000, price: { input: 5.5, output: 27.5 }, capabilities: { pdfs: false, thinking: true } });
    expect(models.find((model) => model.id === 'claude-opus-5-5')).toMatchObject({ default: true, price: { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.4 } });
  });

  it("the config's prices win; the settings' capabilities apply to every model", () => {
    const table = catalogModelTable({ provider: 'anthropic', settings: { capabilities: { promptCaching: false } } });
    const models = describeProviderModels({ table, defaultModel: 'claude-sonnet-4-6', prices: { 'claude-sonnet-4-6': { input: 1, output: 2 } } });
    expect(models.find((model) => model.id === 'claude-sonnet-4-6')!.price).toEqual({ input: 1, output: 2, cacheWrite: 1.25, cacheRead: 0.1 });
    expect(models.every((model) => model.capabilities.promptCaching === false && model.capabilities.thinking)).toBe(true);
  });
});
