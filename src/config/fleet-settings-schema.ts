import { z } from 'zod';
import { lazySchema } from '../tool/lazy-schema.ts';

/** Type of {@link fleetSettingsSchema}, spelled out because the config's types are public (JSR needs explicit types). */
export type FleetSettingsSchema = z.ZodObject<{ redisUrl: z.ZodOptional<z.ZodString>; queue: z.ZodOptional<z.ZodString>; trustedRepositories: z.ZodOptional<z.ZodArray<z.ZodString>>; retention: z.ZodOptional<z.ZodString> }, z.core.$strict>;

/**
 * `fleet`: where `codev queue` and `codev worker` find the fleet when they are given no `--redis` or
 * `--queue`, e.g. `{ redisUrl: 'redis://127.0.0.1:6379', queue: 'reviews' }`. `CODEV_REDIS_URL` wins over
 * `redisUrl`, so one machine can point elsewhere. The URL is checked where it is used, with its password
 * hidden in the message; the queue name here, because it becomes part of Redis keys. `trustedRepositories`:
 * the job repositories whose checkouts a `codev worker` started in this project loads its project from
 * (config, plugins, MCP servers, settings, skills): URLs or paths as jobs name them, or globs of them
 * (`git@github.com:acme/*`); default none, so a job's checkout is worked in but never loaded from.
 * `retention`: how long `codev queue clean` keeps ended jobs when given no `--older-than` (`12h`, `7d`, `0`; default `7d`).
 */
export const fleetSettingsSchema: () => FleetSettingsSchema = lazySchema(() => z.strictObject({
  redisUrl: z.string().trim().min(1).optional(),
  queue: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'expected a queue name: letters, digits, ".", "_" and "-", up to 64, starting with a letter or digit')
    .optional(),
  trustedRepositories: z.array(z.string().trim().min(1)).optional(),
  retention: z
    .string()
    .trim()
    .regex(/^(0|\d+(\.\d+)?[smhd])$/, 'expected a duration: a number and s, m, h or d (e.g. 7d), or 0')
    .optional(),
}));
