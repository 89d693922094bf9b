import { describe, expect, it } from 'vitest';
import { retryWaitMs } from './retry-wait-ms.ts';

const error = (retryAfterSeconds?: number) => ({ code: 'MODEL_OVERLOADED' as const, message: 'x', retryAfterSeconds });

describe('retryWaitMs', () => {
  it("takes the server's retry-after as it is, however long", () => {
    expect(retryWaitMs({ error: error(3600), retry: 1, baseDelayMs: 500 })).toBe(3_600_000);
    expect(retryWaitMs({ error: error(0.05), retry: 3, baseDelayMs: 500 })).toBe(50);
  });

  it('else doubles the base delay per retry up to 8 s, less at most 25 % of jitter', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((retry) => retryWaitMs({ error: error(), retry, baseDelayMs: 500, random: noJitter }))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(retryWaitMs({ error: error(0), retry: 1, baseDelayMs: 500, random: () => 1 })).toBe(375);
  });
});
