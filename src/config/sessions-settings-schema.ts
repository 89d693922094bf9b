import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';
import { AGE_FORMAT, parseAge } from '../transcripts/parse-age.ts';

type RetentionShape = { olderThan: z.ZodOptional<z.ZodString>; keep: z.ZodOptional<z.ZodNumber> };

/** Type of {@link sessionsSettingsSchema}, spelled out because the config's types are public (JSR needs explicit types). */
export type SessionsSettingsSchema = z.ZodObject<{ retention: z.ZodOptional<z.ZodObject<RetentionShape, z.core.$strict>> }, z.core.$strict>;


/**
 * `sessions`: what happens to a project's saved sessions. `retention: { olderThan?: '30d', keep?: 100 }`
 * removes, when an agent of the project opens a new session (once per process, in the background), the
 * sessions last written longer ago than `olderThan`, except the `keep` most recent, as `codev sessions
 * prune` does. Without it, sessions are kept until removed by hand.
 */
export const sessionsSettingsSchema: () => SessionsSettingsSchema = lazySchema(() => {
  const age: z.ZodString = z.string().superRefine((text, context) => {
    if (parseAge(text) === undefined) context.addIssue({ code: 'custom', message: `expected an age: ${AGE_FORMAT}` });
  });
  return z.strictObject({
  retention: z
    .strictObject({ olderThan: age.optional(), keep: z.number().int().min(0).optional() } satisfies RetentionShape)
    .refine((retention) => retention.olderThan !== undefined || retention.keep !== undefined, { message: 'expected olderThan, keep or both' })
    .optional(),
  });
});
