import type { Middleware } from '@anthropic-ai/sdk';

/** A timer that fires when a request has received nothing for `timeoutMs`, fed by an SDK request middleware. */
export interface IdleWatchdog {
  /** Pass as the request's `middleware`: it counts the response headers and every body chunk as activity. */
  readonly middleware: Middleware;
  /** True once the timer fired. */
  readonly fired: boolean;
  /** Stops the timer (call when the request has ended, however). */
  stop(): void;
}

/**
 * Watches one streamed request at the byte level, from the moment it is sent: every chunk counts, `ping`
 * events included (the SDK drops those before any event reaches its caller, so a slow but living stream
 * would look dead to an event-level timer). `onIdle` runs once, after `timeoutMs` without a byte; 0 or
 * Infinity never fires. The timer is re-armed lazily, from the time of the last byte, rather than reset on
 * every chunk.
 */
export function createIdleWatchdog(options: { timeoutMs: number; onIdle: () => void }): IdleWatchdog {
  const { timeoutMs } = options;
  const enabled = timeoutMs > 0 && Number.isFinite(timeoutMs);
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let stopped = false;
  const check = () => {
    timer = undefined;
    if (stopped) return;
    const idle = performance.now() - lastActivity;
    if (idle < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idle);
      return;
    }
    fired = true;
    options.onIdle();
  };
  const touch = () => {
    lastActivity = performance.now();
    if (enabled && !timer && !stopped && !fired) timer = setTimeout(check, timeoutMs);
  };
  const middleware: Middleware = async (request, next) => {
    touch();
    const response = await next(request);
    touch();
    if (!enabled || !response.body) return response;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          touch();
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return {
    middleware,
    get fired() {
      return fired;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
