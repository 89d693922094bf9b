import { describe, expect, it } from 'vitest';
import { describeProviderModels } from './describe-provider-models.ts';

describe('describeProviderModels', () => {
  it('marks the default model once; a default the table lacks is listed, unknown', () => {
    const models = describeProviderModels({ provider: 'anthropic', settings: {}, defaultModel: 'claude-opus-4-6' });
    expect(models.filter((model) => model.default).map((model) => model.id)).toEqual(['claude-opus-4-6']);
    const local = describeProviderModels({ provider: 'anthropic', settings: {}, defaultModel: 'my-local-model' }).at(-1)!;
    expect(local).toMatchObject({ id: 'my-local-model', default: true, price: null, contextWindow: null, providerId: null });
  });

  it("the settings' models change and add entries; their prices are taken as given (no endpoint premium)", () => {
    const models = describeProviderModels({
      provider: 'vertex',
      region: 'us-east5',
      settings: { models: { 'claude-opus-4-6': { providerId: 'claude-opus-4-6@custom', capabilities: { pdfs: false } }, 'claude-opus-5-5': { providerId: 'claude-opus-5-5', price: { input: 4, output: 20 } } } },
      defaultModel: 'claude-opus-5-5',
    });
    expect(models.find((model) => model.id === 'claude-opus-4-6')).toMatchObject({ providerId: 'claude-opus-4-6@custom', contextWindow: 1_000_000, price: { input: 5.5, output: 27.5 }, capabilities: { pdfs: false, thinking: true } });
    expect(models.find((model) => model.id === 'claude-opus-5-5')).toMatchObject({ default: true, price: { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.4 } });
  });

  it("the config's prices win; the settings' capabilities apply to every model", () => {
    const models = describeProviderModels({ provider: 'anthropic', settings: { capabilities: { promptCaching: false } }, defaultModel: 'claude-sonnet-4-6', prices: { 'claude-sonnet-4-6': { input: 1, output: 2 } } });
    const sonnet = models.find((model) => model.id === 'claude-sonnet-4-6')!;
    expect(sonnet.price).toEqual({ input: 1, output: 2, cacheWrite: 1.25, cacheRead: 0.1 });
    expect(models.every((model) => model.capabilities.promptCaching === false && model.capabilities.thinking)).toBe(true);
  });
});
