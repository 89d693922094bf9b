import { z } from 'zod';
import { MODEL_FEATURES, MODEL_PROVIDER_NAMES, type ModelFeature, type ModelSettings } from './types.ts';

const capabilitiesSchema = z.strictObject(Object.fromEntries(MODEL_FEATURES.map((feature) => [feature, z.boolean().optional()])) as Record<ModelFeature, z.ZodOptional<z.ZodBoolean>>);
const priceSchema = z.strictObject({ input: z.number().min(0), output: z.number().min(0), cacheWrite: z.number().min(0).optional(), cacheRead: z.number().min(0).optional() });
const entrySchema = z.strictObject({
  providerId: z.string().min(1).optional(),
  displayName: z.string().min(1).optional(),
  contextWindow: z.number().int().positive().optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  price: priceSchema.optional(),
  capabilities: capabilitiesSchema.optional(),
});

/**
 * The config's `model`: a model id, or `ModelSettings` (strict: a misspelled key is an error with a suggestion;
 * an unknown provider names the ones there are).
 */
export function modelSettingSchema() {
  const settings = z.strictObject({
    provider: z.enum(MODEL_PROVIDER_NAMES as [string, ...string[]], { error: (issue) => `unknown provider ${JSON.stringify(issue.input)}; the providers are ${MODEL_PROVIDER_NAMES.join(', ')}` }).optional(),
    id: z.string().min(1).optional(),
    region: z.string().min(1).optional(),
    projectId: z.string().min(1).optional(),
    resource: z.string().min(1).optional(),
    baseURL: z.url().optional(),
    apiKey: z.string().min(1).optional(),
    capabilities: capabilitiesSchema.optional(),
    models: z.record(z.string().min(1), entrySchema).optional(),
  });
  return z.union([z.string().min(1), settings]) as unknown as z.ZodType<string | ModelSettings, string | ModelSettings>;
}
