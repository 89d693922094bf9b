import { errorMessage } from '../../errors/codev-error.ts';
import { classifyRedisError } from './classify-redis-error.ts';
import { redactRedisUrl } from './redact-redis-url.ts';

/** Where a process with several Redis connections hears of them: one line per outage, whichever tells it. */
export interface OutageLog {
  /** The `onConnection` of `connectRedis` for the connection named `role`. */
  connection(role: string): (change: { type: 'lost'; message: string } | { type: 'back' }) => void;
  /**
   * An `error` event of something built on the connections (a BullMQ worker, its blocking connection):
   * a connection error is the outage the connections tell (dropped), a refusal goes to `onRefused`; any
   * other error is logged.
   */
  error(source: string, error: unknown): void;
}

/**
 * One `lost` line when the first connection to Redis at `url` is lost, one `back` line when every lost one
 * is back: not one per connection, nor one per failed reconnection or per emitter that retries on its own.
 */
export function createOutageLog(options: { url: string; log: (line: string) => void; onRefused?: (error: unknown) => void }): OutageLog {
  const { log } = options;
  const lost = new Set<string>();
  return {
    connection: (role) => (change) => {
      if (change.type === 'lost') {
        if (lost.size === 0) log(`Redis at ${redactRedisUrl(options.url)} lost (${change.message}); reconnecting`);
        lost.add(role);
        return;
      }
      if (!lost.delete(role) || lost.size > 0) return;
      log('Redis is back');
    },
    error(source, error) {
      const kind = classifyRedisError(error);
      if (kind === 'connection') return;
      if (kind === 'auth' && options.onRefused) return options.onRefused(error);
      log(`${source} error: ${errorMessage(error)}`);
    },
  };
}
