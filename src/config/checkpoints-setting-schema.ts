import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';

/** File checkpoints on or off, or on with limits (see `AgentOptions.checkpoints`). */
export type CheckpointsSetting = boolean | { maxFileBytes?: number; maxFiles?: number };

/** Type of {@link checkpointsSettingSchema}, spelled out because the config's types are public (JSR needs explicit types). */
export type CheckpointsSettingSchema = z.ZodUnion<readonly [z.ZodBoolean, z.ZodObject<{ maxFileBytes: z.ZodOptional<z.ZodNumber>; maxFiles: z.ZodOptional<z.ZodNumber> }, z.core.$strict>]>;

/**
 * `checkpoints`: the project's agents record the files before each turn's tool calls, for `codev rewind`
 * (default on for a persisted session): `false` turns it off, `{ maxFileBytes?, maxFiles? }` sets the limits.
 */
export const checkpointsSettingSchema: () => CheckpointsSettingSchema = lazySchema(() =>
  z.union([z.boolean(), z.strictObject({ maxFileBytes: z.number().int().min(0).optional(), maxFiles: z.number().int().min(1).optional() })] as const),
);
