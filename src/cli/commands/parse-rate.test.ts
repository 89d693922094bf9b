import { describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { parseRate } from './parse-rate.ts';

describe('parseRate', () => {
  it('reads a count per second, minute or hour as a limiter', () => {
    expect(parseRate('30/min')).toEqual({ max: 30, durationMs: 60_000 });
    expect(parseRate('2/s')).toEqual({ max: 2, durationMs: 1_000 });
    expect(parseRate(' 100 / h ')).toEqual({ max: 100, durationMs: 3_600_000 });
  });

  it('refuses anything else as bad usage', async () => {
    for (const text of ['30', '0/s', '-1/s', '1.5/s', '5/fortnight', 'x/min', '']) expect(await rejectionCode(Promise.resolve().then(() => parseRate(text)))).toBe('CLI_USAGE');
  });
});
