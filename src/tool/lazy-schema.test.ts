import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

describe('lazySchema', () => {
  it('builds the schema at the first call only, and gives the same one after', () => {
    let built = 0;
    const schema = lazySchema(() => {
      built += 1;
      return z.object({ name: z.string() });
    });
    expect(built).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(built).toBe(1);
    expect(first.safeParse({ name: 'a' }).success).toBe(true);
  });
});
