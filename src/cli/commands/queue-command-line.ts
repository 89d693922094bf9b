import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { DEFAULT_QUEUE, type FleetTarget } from './resolve-fleet-target.ts';

/**
 * `codev queue <words>` as the operator can run it where they ran this command: with `--queue` unless the
 * queue is the default one, and `--redis` when this command was given one (CODEV_REDIS_URL and the config
 * name the same Redis again). A password in that URL is shown as `***`: it is not for the logs.
 */
export function queueCommandLine(target: FleetTarget, words: string): string {
  const queue = target.queue === DEFAULT_QUEUE ? '' : ` --queue ${target.queue}`;
  const redis = target.redisGiven ? ` --redis ${redactRedisUrl(target.url)}` : '';
  return `codev queue ${words}${queue}${redis}`;
}
