import type { Middleware } from '@anthropic-ai/sdk';
import { createIdleWatchdog } from './create-idle-watchdog.ts';

/** The request options every model request of a query is made with (the same object until a request is abandoned). */
export interface ModelRequestOptions {
  readonly signal: AbortSignal;
  readonly maxRetries: 0;
  readonly middleware: readonly Middleware[];
}

/** What the model requests of one query share: one abort signal, one listener on the query's, one idle watchdog. */
export interface QueryRequests {
  /** Starts a request: the watchdog armed, and the options to make it with. */
  start(): ModelRequestOptions;
  /** Ends the request, however it ended: the watchdog disarmed. */
  end(): void;
  /** True when the watchdog abandoned the request that ended last (nothing came for `idleTimeoutMs`). */
  readonly stalled: boolean;
  /** True when the request that ended last got its response headers (a stall before them: the server never answered). */
  readonly answered: boolean;
  /** After the query's last request: the listener removed, the timer cleared. */
  close(): void;
}

/**
 * The requests of a query, paid for once per query rather than per request: one AbortController whose signal
 * every request is made with (the query's abort reaches it through one listener), replaced only after the
 * watchdog abandoned a request with it; one idle watchdog (`createIdleWatchdog`), armed per request. The SDK
 * makes no retry of its own (`maxRetries: 0`): the caller owns the retries.
 */
export function createQueryRequests(options: { signal: AbortSignal; idleTimeoutMs: number }): QueryRequests {
  const { signal } = options;
  let controller: AbortController | undefined;
  let requestOptions: ModelRequestOptions | undefined;
  const abort = () => controller?.abort(signal.reason);
  if (!signal.aborted) signal.addEventListener('abort', abort, { once: true });
  const watchdog = createIdleWatchdog({ timeoutMs: options.idleTimeoutMs, onIdle: () => controller?.abort() });
  watchdog.disarm();
  const middleware = Object.freeze([watchdog.middleware]);
  return {
    start() {
      if (!requestOptions || requestOptions.signal.aborted) {
        controller = new AbortController();
        if (signal.aborted) controller.abort(signal.reason);
        requestOptions = { signal: controller.signal, maxRetries: 0, middleware };
      }
      watchdog.arm();
      return requestOptions!;
    },
    end() {
      watchdog.disarm();
    },
    get stalled() {
      return watchdog.fired;
    },
    get answered() {
      return watchdog.answered;
    },
    close() {
      watchdog.stop();
      signal.removeEventListener('abort', abort);
    },
  };
}
