import { redactRedisUrl } from '../../fleet/redis/redact-redis-url.ts';
import { DEFAULT_QUEUE, type FleetTarget } from './resolve-fleet-target.ts';

/** Words a POSIX shell takes as they are. */
const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

/**
 * `codev queue <words>` as the operator can run it in a shell where they ran this command (`npx codev` under
 * npx, see `FleetTarget.program`): with `--queue`
 * unless the queue is the default one, and `--redis` when this command was given one (CODEV_REDIS_URL and
 * the config name the same Redis again). A URL with a password is not for the logs, and `***` in its
 * place would not run: it is printed as `"$CODEV_REDIS_URL"`, for the operator to export (see
 * `hasRedisPassword`).
 */
export function queueCommandLine(target: FleetTarget, words: string): string {
  const queue = target.queue === DEFAULT_QUEUE ? '' : ` --queue ${target.queue}`;
  const redis = target.redisGiven ? ` --redis ${redisArgument(target.url)}` : '';
  return `${target.program ?? 'codev'} queue ${words}${queue}${redis}`;
}

/** Said after the commands `hasRedisPassword` is true for. */
export const PASSWORD_NOTE = ' (with CODEV_REDIS_URL set to the --redis URL you gave: its password is not printed)';

/** True when the commands `queueCommandLine` prints for `target` name the URL as `"$CODEV_REDIS_URL"`. */
export function hasRedisPassword(target: FleetTarget): boolean {
  return target.redisGiven && redactRedisUrl(target.url) !== target.url;
}

function redisArgument(url: string): string {
  if (redactRedisUrl(url) !== url) return '"$CODEV_REDIS_URL"';
  return SHELL_SAFE.test(url) ? url : `'${url.replaceAll("'", `'\\''`)}'`;
}
