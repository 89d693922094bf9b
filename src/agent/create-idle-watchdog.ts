import type { Middleware } from '@anthropic-ai/sdk';

/** A timer that fires when a request has received nothing for `timeoutMs`, fed by an SDK request middleware. */
export interface IdleWatchdog {
  /** Pass as the request's `middleware`: it counts the response headers and every body chunk as activity. */
  readonly middleware: Middleware;
  /** True once the timer fired (until the next `arm`). */
  readonly fired: boolean;
  /** True once the request being watched got its response headers (until the next `arm`). */
  readonly answered: boolean;
  /** Watches a new request (a watchdog starts armed): the time counts from now, and `fired` is cleared. */
  arm(): void;
  /** The request ended: nothing fires until the next `arm`. A timer in flight is left to lapse, not cleared. */
  disarm(): void;
  /** Stops the timer for good (call when no request will follow). */
  stop(): void;
}

/**
 * Watches streamed requests at the byte level, one at a time, from the moment each is sent: every chunk
 * counts, `ping` events included (the SDK drops those before any event reaches its caller, so a slow but
 * living stream would look dead to an event-level timer). `onIdle` runs once per request, after `timeoutMs`
 * without a byte; 0 or Infinity never fires. One timer serves every request of a query: it is re-armed
 * lazily, from the time of the last byte, rather than reset on every chunk or every request.
 */
export function createIdleWatchdog(options: { timeoutMs: number; onIdle: () => void }): IdleWatchdog {
  const { timeoutMs } = options;
  const enabled = timeoutMs > 0 && Number.isFinite(timeoutMs);
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fired = false;
  let answered = false;
  let stopped = false;
  let armed = true;
  const check = () => {
    timer = undefined;
    if (stopped || !armed) return;
    // Armed but nothing sent yet: a lapsing timer of an earlier request starts the count again.
    const idle = lastActivity < 0 ? 0 : performance.now() - lastActivity;
    if (idle < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idle);
      return;
    }
    fired = true;
    options.onIdle();
  };
  const touch = () => {
    if (!armed) return;
    lastActivity = performance.now();
    if (enabled && !timer && !stopped && !fired) timer = setTimeout(check, timeoutMs);
  };
  const middleware: Middleware = async (request, next) => {
    touch();
    const response = await next(request);
    answered = true;
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
    get answered() {
      return answered;
    },
    arm() {
      armed = true;
      fired = false;
      answered = false;
      lastActivity = -1;
    },
    disarm() {
      armed = false;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
