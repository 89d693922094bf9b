import { loadConfig } from '../../config/load-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { QUEUE_NAME } from '../../fleet/fleet-keys.ts';
import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { resolveRedisUrl } from '../../fleet/redis/resolve-redis-url.ts';

/** The Redis and queue a `codev queue` or `codev worker` command talks to. */
export interface FleetTarget {
  url: string;
  queue: string;
  /** True when `url` came from `--redis` (not CODEV_REDIS_URL or the config, which name it again). */
  redisGiven: boolean;
  /** How the operator runs codev where this command ran: `npx codev` under npx (a project install), else `codev`. */
  program?: string;
}

export const DEFAULT_QUEUE = 'codev';

/** The options of every `codev queue` command and `codev worker` that say which fleet (for `parseCommandLine`). */
export const FLEET_TARGET_OPTIONS = { redis: { type: 'string' }, queue: { type: 'string' } } as const;

/**
 * The fleet a command means: `--redis`, else `CODEV_REDIS_URL`, else the config's `fleet.redisUrl`; `--queue`,
 * else `fleet.queue`, else `codev`. The config (from `cwd`) is loaded only when a flag leaves something to it.
 * A malformed `--redis` or `--queue` is `CLI_USAGE`; no URL anywhere is `FLEET_NOT_CONFIGURED`.
 */
export async function resolveFleetTarget(options: { redis?: string; queue?: string; cwd: string; env: Readonly<Record<string, string | undefined>> }): Promise<FleetTarget> {
  const { redis, queue, env } = options;
  if (redis !== undefined && !/^rediss?:\/\/\S+$/i.test(redis.trim())) throw new CodevError('CLI_USAGE', `--redis must be a redis:// or rediss:// URL, not "${redactRedisUrl(redis)}"`, { hint: 'e.g. --redis redis://127.0.0.1:6379' });
  if (queue !== undefined && !QUEUE_NAME.test(queue)) throw new CodevError('CLI_USAGE', `Invalid queue name "${queue}"`, { hint: 'letters, digits, ".", "_" and "-", up to 64, e.g. --queue reviews' });
  const needsConfig = (redis === undefined && !env.CODEV_REDIS_URL?.trim()) || queue === undefined;
  const settings = needsConfig ? (await loadConfig({ cwd: options.cwd })).config.fleet : undefined;
  return {
    url: redis?.trim() ?? resolveRedisUrl({ env, configured: settings?.redisUrl }),
    queue: queue ?? settings?.queue ?? DEFAULT_QUEUE,
    redisGiven: redis !== undefined,
    // npm exec and npx say so to what they run: a project install puts no `codev` on the PATH.
    program: env.npm_command === 'exec' ? 'npx codev' : 'codev',
  };
}
