import { describe, expect, it } from 'vitest';
import { highestValue } from './highest-value.ts';

describe('highestValue', () => {
  it('takes the highest of more values than a spread can pass (a long session\'s turns), and the floor of none', () => {
    const values = Array.from({ length: 500_000 }, (_, index) => index % 1000);
    values[123_456] = 5_000;
    expect(highestValue(values, Number.MIN_VALUE)).toBe(5_000);
    expect(highestValue([], Number.MIN_VALUE)).toBe(Number.MIN_VALUE);
  });
});
