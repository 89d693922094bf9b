import type { Redis } from 'ioredis';
import { causeText, fleetRedisError } from './fleet-redis-error.ts';
import { loadFleetModules } from './load-fleet-modules.ts';

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_RECONNECT_DELAY_MS = 2_000;

/**
 * A connected ioredis client for `url`, ready for commands (the server answered and finished loading its
 * data), within `timeoutMs` (5 s). Fleet code always builds its clients here: BullMQ under ESM cannot
 * build one from `{ host, port }`, its workers need `maxRetriesPerRequest: null`, and whoever calls this
 * must `quit()` the client (an open one keeps Node and Deno running).
 *
 * Once ready, the client reconnects on its own after a lost connection (commands wait meanwhile). Until
 * then it makes one attempt: on failure it is disconnected, leaving no reconnect timer behind, and the
 * call rejects with `FLEET_REDIS_UNREACHABLE` naming the URL without its password (`waitForRedis` retries),
 * or `FLEET_REDIS_AUTH_FAILED` when the server refused the client: a wrong or missing password, or a user
 * that may not even `PING` (no retry helps). An abort rejects with the signal's reason. Attach an `error` listener to hear of lost connections;
 * ioredis prints them otherwise.
 */
export async function connectRedis(options: {
  url: string;
  name?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * How many reconnection attempts a command waits through while the connection is lost before it fails
   * (about 25 s for 20). Default unbounded (null), which BullMQ's workers need; a submitter bounds its waits.
   */
  maxRetriesPerRequest?: number | null;
  /**
   * The longest wait between reconnection attempts (2 s). A waiting command fails after every
   * `maxRetriesPerRequest + 1` attempts, so this bounds how long a submitter's command waits.
   */
  maxReconnectDelayMs?: number;
  /**
   * How long a command may go unanswered before it fails ('Command timed out'), blocking reads included
   * (their block must be shorter). Default: for ever, as a worker's blocking reads wait longer. A submitter
   * bounds it: a Redis that froze, or a partition that sends no reset, would else hold its call for ever
   * (ioredis keeps a command that was out when the connection broke until the connection is back).
   */
  commandTimeoutMs?: number;
  /** Told once when a ready connection is lost (the client then reconnects on its own) and once when it is back. */
  onConnection?: (change: { type: 'lost'; message: string } | { type: 'back' }) => void;
}): Promise<Redis> {
  const { url, signal } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  signal?.throwIfAborted();
  const { Redis } = await loadFleetModules();
  let ready = false;
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: options.maxRetriesPerRequest ?? null,
    connectionName: options.name ?? 'codev',
    connectTimeout: timeoutMs,
    ...(options.commandTimeoutMs !== undefined && { commandTimeout: options.commandTimeoutMs }),
    retryStrategy: (times) => (ready ? Math.min(times * 50, options.maxReconnectDelayMs ?? DEFAULT_MAX_RECONNECT_DELAY_MS) : null),
  });
  let lastError: unknown;
  const remember = (error: unknown) => void (lastError = error);
  client.on('error', remember);
  try {
    await bounded(client.connect(), { timeoutMs, signal });
    // A user the server lets in may still run nothing (ACL): ioredis only warns when its ready check is refused.
    await bounded(client.ping().then(() => undefined), { timeoutMs, signal });
    ready = true;
    if (options.onConnection) watchConnection(client, options.onConnection);
    return client;
  } catch (error) {
    client.disconnect();
    if (signal?.aborted) throw signal.reason;
    const refused = [error, lastError].find((cause) => fleetRedisError({ url, cause })?.code === 'FLEET_REDIS_AUTH_FAILED');
    const cause = refused ?? (error instanceof BoundExceeded ? error : (lastError ?? error));
    throw fleetRedisError({ url, cause, unreachable: true })!;
  } finally {
    client.off('error', remember);
  }
}

/** One `lost` per outage however many reconnects fail, one `back` when it ends; the listener also keeps ioredis from printing. */
function watchConnection(client: Redis, onConnection: NonNullable<Parameters<typeof connectRedis>[0]['onConnection']>): void {
  let lost = false;
  client.on('error', (error: unknown) => {
    if (lost) return;
    lost = true;
    onConnection({ type: 'lost', message: causeText(error) });
  });
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    onConnection({ type: 'back' });
  });
}

class BoundExceeded extends Error {}

/** `promise`, or a rejection once `timeoutMs` pass or `signal` aborts, whichever comes first. */
async function bounded(promise: Promise<void>, options: { timeoutMs: number; signal?: AbortSignal }): Promise<void> {
  const { timeoutMs, signal } = options;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BoundExceeded(`it did not become ready within ${timeoutMs} ms`)), timeoutMs);
    onAbort = () => reject(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([promise, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
