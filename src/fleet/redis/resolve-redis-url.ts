import { CodevError } from '../../errors/codev-error.ts';
import { redactRedisUrl } from './redact-redis-url.ts';

const EXAMPLE = 'redis://127.0.0.1:6379';

/**
 * The Redis URL the fleet uses: the one given to the call, else `CODEV_REDIS_URL` (so one machine can point
 * elsewhere without editing the config), then the config's `fleet.redisUrl`. `FLEET_NOT_CONFIGURED` when neither is set;
 * `CONFIG_INVALID`, naming the value (password hidden) and where it came from, when it is not a
 * `redis://` or `rediss://` URL.
 */
export function resolveRedisUrl(options: {
  env: Readonly<Record<string, string | undefined>>;
  configured?: string;
  /** A URL the caller was handed itself (`createFleet({ connection })`): it wins over both, and errors name `connection`. */
  given?: string;
}): string {
  const fromEnvironment = options.env.CODEV_REDIS_URL?.trim();
  const source = options.given !== undefined ? 'connection' : fromEnvironment ? 'CODEV_REDIS_URL' : 'fleet.redisUrl';
  const url = options.given?.trim() ?? (fromEnvironment || options.configured?.trim());
  if (!url) {
    throw new CodevError('FLEET_NOT_CONFIGURED', 'No Redis for the fleet: CODEV_REDIS_URL is not set and the config has no fleet.redisUrl', {
      hint: `set CODEV_REDIS_URL (e.g. ${EXAMPLE}), or fleet.redisUrl in codev.config.ts`,
    });
  }
  if (!isRedisUrl(url)) {
    throw new CodevError('CONFIG_INVALID', `${source} is not a Redis URL: "${redactRedisUrl(url)}"`, {
      field: source,
      hint: `use redis://[user:password@]host:port[/db] (or rediss:// for TLS), e.g. ${EXAMPLE}`,
    });
  }
  return url;
}

function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  } catch {
    return false;
  }
}
