import { describe, expect, it } from 'vitest';
import { checkSpendingLimits } from '../agent/check-spending-limits.ts';
import { createSpending } from '../agent/create-spending.ts';
import type { Usage } from '../tool/agent-run.ts';
import { priceOfModel } from './price-of-model.ts';

const provider = { price: (model: string) => (model === 'provider-model' || model === 'claude-opus-4-6' ? { input: 10, output: 20 } : undefined) };
const MILLION_IN: Usage = { inputTokens: 1_000_000, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };

describe('priceOfModel', () => {
  it("the user's prices, then the provider's, then codev's defaults", () => {
    expect(priceOfModel({ model: 'claude-opus-4-6', prices: [{ 'claude-opus-4-6': { input: 1, output: 2 } }], provider })).toEqual({ input: 1, output: 2 });
    expect(priceOfModel({ model: 'claude-opus-4-6', prices: [undefined], provider })).toEqual({ input: 10, output: 20 });
    expect(priceOfModel({ model: 'claude-opus-4-6', prices: [] })).toMatchObject({ input: 5, output: 25 });
    expect(priceOfModel({ model: 'claude-haiku-4-5', prices: [], provider })).toMatchObject({ input: 1, output: 5 });
  });

  it('a model nobody prices is unknown, never 0', () => {
    expect(priceOfModel({ model: 'my-local-model', prices: [{ other: { input: 1, output: 1 } }], provider })).toBeUndefined();
    expect(priceOfModel({ model: 'claude-haiku-5-5', prices: [] })).toBeUndefined();
  });
});

describe('createSpending and checkSpendingLimits with a provider', () => {
  it("createSpending prices with the provider's table after the user's prices", () => {
    expect(createSpending([], provider).record('provider-model', MILLION_IN)).toBe(10);
    expect(createSpending([{ 'provider-model': { input: 2, output: 4 } }], provider).record('provider-model', MILLION_IN)).toBe(2);
    expect(createSpending([]).record('provider-model', MILLION_IN)).toBeNull();
    const unknown = createSpending([], provider);
    expect(unknown.record('my-local-model', MILLION_IN)).toBeNull();
    expect(unknown.snapshot()).toEqual({ costUsd: 0, tokens: 1_000_000, unpricedRequests: 1 });
  });

  it("checkSpendingLimits takes a budget for a model the provider prices, and refuses one nobody prices (MODEL_PRICE_UNKNOWN)", () => {
    expect(checkSpendingLimits({ maxBudgetUsd: 1, model: 'provider-model', prices: [], provider })).toEqual({ maxBudgetUsd: 1 });
    expect(() => checkSpendingLimits({ maxBudgetUsd: 1, model: 'provider-model', prices: [] })).toThrow(expect.objectContaining({ code: 'MODEL_PRICE_UNKNOWN' }));
    expect(() => checkSpendingLimits({ maxBudgetUsd: 1, model: 'my-local-model', prices: [], provider })).toThrow(expect.objectContaining({ code: 'MODEL_PRICE_UNKNOWN' }));
  });
});
