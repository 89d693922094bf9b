import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL_PRICES } from './default-model-prices.ts';
import { findModelPrice } from './find-model-price.ts';

describe('findModelPrice', () => {
  it('prices a dated id or a Vertex id by its family, the longest family winning', () => {
    expect(findModelPrice('claude-opus-4-6', [DEFAULT_MODEL_PRICES])).toEqual({ input: 5, output: 25 });
    expect(findModelPrice('claude-opus-4-20250514', [DEFAULT_MODEL_PRICES])).toEqual({ input: 15, output: 75 });
    expect(findModelPrice('claude-opus-4-5-20251101', [DEFAULT_MODEL_PRICES])).toEqual({ input: 5, output: 25 });
    expect(findModelPrice('claude-3-5-haiku@20241022', [DEFAULT_MODEL_PRICES])).toEqual({ input: 0.8, output: 4 });
  });

  it('does not take a key that is only a prefix of a word: claude-opus-40 is unknown', () => {
    expect(findModelPrice('claude-opus-40', [DEFAULT_MODEL_PRICES])).toBeUndefined();
    expect(findModelPrice('gpt-5', [DEFAULT_MODEL_PRICES])).toBeUndefined();
  });

  it('an earlier table wins, even with a shorter key than a later table has', () => {
    const config = { 'claude-opus-4': { input: 1, output: 2 } };
    expect(findModelPrice('claude-opus-4-6', [config, DEFAULT_MODEL_PRICES])).toEqual({ input: 1, output: 2 });
  });
});
