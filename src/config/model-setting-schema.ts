import { z } from 'zod';
import { suggestKey } from '../errors/suggest-key.ts';
import { lazySchema } from '../tool/lazy-schema.ts';

// The config sits below the model layer (codev/plugin loads it without the SDK): the provider names and features
// are repeated here, and a test keeps them equal to MODEL_PROVIDER_NAMES and MODEL_FEATURES.
export const CONFIG_MODEL_PROVIDERS = ['anthropic', 'bedrock', 'vertex', 'foundry'] as const;
export const CONFIG_MODEL_FEATURES = ['promptCaching', 'topLevelCacheControl', 'thinking', 'pdfs', 'countTokens', 'structuredOutputs'] as const;

type Feature = (typeof CONFIG_MODEL_FEATURES)[number];
type Price = { input: number; output: number; cacheWrite?: number; cacheRead?: number };

/** The config's `model` as settings: `ModelSettings` (src/model/providers/types.ts), field for field. */
export interface ConfigModelSettings {
  provider?: (typeof CONFIG_MODEL_PROVIDERS)[number];
  id?: string;
  region?: string;
  projectId?: string;
  resource?: string;
  baseURL?: string;
  apiKey?: string;
  capabilities?: Partial<Record<Feature, boolean>>;
  models?: Readonly<Record<string, { providerId?: string; displayName?: string; contextWindow?: number; maxOutputTokens?: number; price?: Price; capabilities?: Partial<Record<Feature, boolean>> }>>;
}

/**
 * The config's `model`: a model id, or the provider and its settings (strict: a misspelled key is an error
 * with a suggestion, and so is an unknown provider name).
 */
export const modelSettingSchema: () => z.ZodType<string | ConfigModelSettings, string | ConfigModelSettings> = lazySchema(() => {
  const capabilities = z.strictObject(Object.fromEntries(CONFIG_MODEL_FEATURES.map((feature) => [feature, z.boolean().optional()])) as Record<Feature, z.ZodOptional<z.ZodBoolean>>);
  const price = z.strictObject({ input: z.number().min(0), output: z.number().min(0), cacheWrite: z.number().min(0).optional(), cacheRead: z.number().min(0).optional() });
  const entry = z.strictObject({
    providerId: z.string().min(1).optional(),
    displayName: z.string().min(1).optional(),
    contextWindow: z.number().int().positive().optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    price: price.optional(),
    capabilities: capabilities.optional(),
  });
  const provider = z.string().refine((name) => (CONFIG_MODEL_PROVIDERS as readonly string[]).includes(name), {
    error: (issue) => {
      const suggestion = typeof issue.input === 'string' ? suggestKey({ key: issue.input, candidates: CONFIG_MODEL_PROVIDERS }) : undefined;
      return `unknown provider; ${suggestion ? `did you mean "${suggestion}"? ` : ''}expected one of ${CONFIG_MODEL_PROVIDERS.join(', ')}`;
    },
  });
  const settings = z.strictObject({
    provider: provider.optional(),
    id: z.string().min(1).optional(),
    region: z.string().min(1).optional(),
    projectId: z.string().min(1).optional(),
    resource: z.string().min(1).optional(),
    baseURL: z.url().optional(),
    apiKey: z.string().min(1).optional(),
    capabilities: capabilities.optional(),
    models: z.record(z.string().min(1), entry).optional(),
  });
  return z.union([z.string().trim().min(1), settings]) as unknown as z.ZodType<string | ConfigModelSettings, string | ConfigModelSettings>;
});
