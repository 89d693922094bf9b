import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';

type PatternListSchema = z.ZodOptional<z.ZodArray<z.ZodString>>;

/** Type of {@link environmentSettingsSchema}, spelled out because the config's types are public (JSR needs explicit types). */
export type EnvironmentSettingsSchema = z.ZodObject<
  {
    inherit: z.ZodOptional<z.ZodEnum<{ all: 'all'; core: 'core'; none: 'none' }>>;
    include: PatternListSchema;
    exclude: PatternListSchema;
    set: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
  },
  z.core.$strict
>;

// Written here, not imported from processes/: the config's schema is reached from codev/plugin, which stays light.
const ENVIRONMENT_INHERIT = ['all', 'core', 'none'] as const;
/** A name pattern of `include` and `exclude`: letters, digits, `_` and `*`, not starting with a digit. */
const ENVIRONMENT_PATTERN = /^[A-Za-z_*][A-Za-z0-9_*]*$/;
/** A variable name of `set`. */
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;


/**
 * `environment`: which of codev's environment variables the commands it runs for the model receive (Bash,
 * hook commands, MCP stdio servers). `{ inherit?: 'all' | 'core' | 'none', include?: ['NPM_TOKEN', 'MYAPP_*'],
 * exclude?: ['DATABASE_URL'], set?: { CI: '1' } }`. Credentials are dropped unless `include` names them.
 */
export const environmentSettingsSchema: () => EnvironmentSettingsSchema = lazySchema(() => {
  const pattern = z.string().regex(ENVIRONMENT_PATTERN, 'expected a variable name, or a pattern with * such as "MYAPP_*"');
  return z.strictObject({
  inherit: z.enum(ENVIRONMENT_INHERIT, { error: 'expected "all", "core" or "none"' }).optional(),
  include: z.array(pattern).optional(),
  exclude: z.array(pattern).optional(),
  set: z.record(z.string().regex(ENVIRONMENT_NAME, 'expected a variable name: letters, digits and "_", not starting with a digit'), z.string()).optional(),
  });
});
