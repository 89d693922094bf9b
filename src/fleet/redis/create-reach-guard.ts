import { CodevError } from '../../errors/codev-error.ts';
import { fleetRedisError } from './fleet-redis-error.ts';

/** What a submitter's calls go through: see `createReachGuard`. */
export interface ReachGuard {
  /** The `onConnection` of `connectRedis` for the connection the calls use. */
  onConnection(change: { type: 'lost'; message: string } | { type: 'back' }): void;
  /** `call`, its Redis failures made codev errors; failing at once once Redis has been away for the bound. */
  within<Result>(call: () => Promise<Result>): Promise<Result>;
  /** `items`, an error ending them made a codev error as in `within` (a job's events, read on a connection of their own). */
  iterate<Item>(items: AsyncIterable<Item>): AsyncIterable<Item>;
}

/**
 * Gives a submitter's calls (submit, status, answer, cancel) codev's errors for what Redis at `url` did:
 * `FLEET_REDIS_UNREACHABLE` (naming the URL without its password) for a lost connection, not ioredis' own
 * text, and `FLEET_REDIS_AUTH_FAILED` for a refusal. The connection's own retries bound how long one
 * call waits (see `maxRetriesPerRequest`); once Redis has been away for `boundMs`, calls fail at once
 * instead of each waiting that long again. Other errors pass as they are.
 */
export function createReachGuard(options: { url: string; boundMs: number }): ReachGuard {
  let lostAt: number | undefined;
  let lostMessage = '';
  const codevErrorOf = (error: unknown) => (CodevError.isInstance(error) ? error : (fleetRedisError({ url: options.url, cause: error }) ?? error));
  return {
    onConnection(change) {
      if (change.type === 'back') {
        lostAt = undefined;
        return;
      }
      lostAt ??= Date.now();
      lostMessage = change.message;
    },
    async within(call) {
      if (lostAt !== undefined && Date.now() - lostAt >= options.boundMs) throw fleetRedisError({ url: options.url, cause: new Error(lostMessage), unreachable: true })!;
      try {
        return await call();
      } catch (error) {
        throw codevErrorOf(error);
      }
    },
    async *iterate(items) {
      try {
        yield* items;
      } catch (error) {
        throw codevErrorOf(error);
      }
    },
  };
}
