import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { classifyRedisError } from './classify-redis-error.ts';
import { redactRedisUrl } from './redact-redis-url.ts';

const UNREACHABLE_HINT = 'start redis-server, or set CODEV_REDIS_URL (e.g. redis://127.0.0.1:6379)';
const AUTH_HINT = "check the user and password in the Redis URL (redis://user:password@host:port, or redis://:password@host:port for Redis's default user), and that the user may run the fleet's commands (ACL)";

/**
 * The codev error for what Redis at `url` did: `FLEET_REDIS_AUTH_FAILED` when it refused the client (a
 * wrong or missing password, an ACL user without the right: fatal, no retry helps), `FLEET_REDIS_UNREACHABLE`
 * when it could not be reached, each naming the URL without its password; undefined for any other error
 * (unless `unreachable`, which makes every other failure `FLEET_REDIS_UNREACHABLE`: a connection that never became ready).
 */
export function fleetRedisError(options: { url: string; cause: unknown; unreachable?: boolean }): CodevError | undefined {
  const { url, cause } = options;
  const kind = classifyRedisError(cause);
  if (kind === 'auth') return new CodevError('FLEET_REDIS_AUTH_FAILED', `Redis at ${redactRedisUrl(url)} refused ${userOf(url)}: ${causeText(cause)}`, { hint: AUTH_HINT, cause });
  if (kind === 'connection' || options.unreachable) return new CodevError('FLEET_REDIS_UNREACHABLE', `Redis at ${redactRedisUrl(url)} is unreachable: ${causeText(cause)}`, { hint: UNREACHABLE_HINT, cause });
  return undefined;
}

function userOf(url: string): string {
  try {
    const { username, password } = new URL(url);
    // A lone user part is the password to ioredis (see redactRedisUrl).
    return username !== '' && password !== '' ? `user "${decodeURIComponent(username)}"` : 'the default user';
  } catch {
    return 'the client';
  }
}

/** Node reports a refused `localhost` (tried on ::1 and 127.0.0.1) as an AggregateError with no message of its own. */
export function causeText(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') return error.errors.map((inner) => errorMessage(inner)).join('; ');
  return errorMessage(error);
}
