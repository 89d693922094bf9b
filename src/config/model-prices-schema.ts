import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';


/** Type of {@link modelPricesSchema}, spelled out so the config's declared shape stays readable. */
export type ModelPricesSchema = z.ZodRecord<z.ZodString, z.ZodObject<{ input: z.ZodNumber; output: z.ZodNumber; cacheWrite: z.ZodOptional<z.ZodNumber>; cacheRead: z.ZodOptional<z.ZodNumber> }, z.core.$strict>>;

/**
 * `prices`: USD per million tokens by model id or id prefix, e.g.
 * `{ 'my-model': { input: 2, output: 10, cacheWrite: 2.5, cacheRead: 0.2 } }`.
 */
export const modelPricesSchema: () => ModelPricesSchema = lazySchema(() => {
  const perMillion = z.number().min(0).max(10_000);
  return z.record(z.string().trim().min(1), z.strictObject({ input: perMillion, output: perMillion, cacheWrite: perMillion.optional(), cacheRead: perMillion.optional() }));
});
