import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { UiReply } from './types.ts';

/** How often an open stream says it is alive (proxies and browsers drop a silent connection). */
export const PING_INTERVAL_MS = 15_000;

/** Bytes a stream may have waiting for its client: past them, a send waits until the client took them in. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long a send waits for a client that does not read, before its stream is ended. */
export const DRAIN_TIMEOUT_MS = 30_000;

/** The server-sent-event streams open on one server, bounded in number and each in what it buffers. */
export interface UiStreams {
  readonly size: number;
  /** Runs `reply`'s stream on `response` until it returns, the client leaves or the server closes; false when `max` are open. */
  open(options: { reply: Extract<UiReply, { stream: unknown }>; response: ServerResponse; signal: AbortSignal }): boolean;
  /** Ends every stream: aborts its writer, waits up to `graceMs` for it to return, then cuts the connection. */
  closeAll(graceMs?: number): Promise<void>;
}

export function createUiStreams(options: { max: number; pingIntervalMs?: number; drainTimeoutMs?: number }): UiStreams {
  const open = new Map<AbortController, { running: Promise<void>; response: ServerResponse }>();
  const pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  return {
    get size() {
      return open.size;
    },
    open({ reply, response, signal }) {
      if (open.size >= options.max) return false;
      const controller = new AbortController();
      const ended = AbortSignal.any([controller.signal, signal]);
      response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      response.flushHeaders();
      // Past the bound, a send waits until the client has read: a writer of a burst awaits it. A client that
      // does not read within the timeout, or a writer that sends again without waiting, would make the server
      // hold every event: the stream ends.
      let draining: Promise<void> | undefined;
      const send = async (event: unknown) => {
        if (ended.aborted) return;
        if (draining) return controller.abort();
        response.write(`data: ${JSON.stringify(event)}\n\n`);
        if (response.writableLength <= MAX_BUFFERED_BYTES) return;
        draining = drained({ response, signal: ended, timeoutMs: options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS, onTimeout: () => controller.abort() });
        await draining;
        draining = undefined;
      };
      // A stream waiting for its client to read is alive: no ping is added to what it waits on.
      const ping = setInterval(() => void (draining ? undefined : send({ type: 'ping' })), pingIntervalMs);
      response.on('close', () => controller.abort());
      const running = (async () => {
        try {
          await reply.stream(send, ended);
        } catch (error) {
          send({ type: 'error', error: { code: 'UI_SERVE_FAILED', message: error instanceof Error ? error.message : String(error) } });
        } finally {
          clearInterval(ping);
          controller.abort();
          open.delete(controller);
          response.end();
        }
      })();
      open.set(controller, { running, response });
      return true;
    },
    async closeAll(graceMs = 2_000) {
      const streams = [...open.entries()];
      for (const [controller] of streams) controller.abort();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.allSettled(streams.map(([, stream]) => stream.running)), late]);
      clearTimeout(timer);
      // A writer that ignores its abort keeps no connection open past the close.
      for (const [controller, stream] of streams) {
        stream.response.destroy();
        open.delete(controller);
      }
    },
  };
}

/** Resolves when `response` drained, `signal` aborted, or after `timeoutMs` (calling `onTimeout`); never rejects. */
function drained(options: { response: ServerResponse; signal: AbortSignal; timeoutMs: number; onTimeout: () => void }): Promise<void> {
  const { response, signal } = options;
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      response.off('drain', done);
      response.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(() => {
      options.onTimeout();
      done();
    }, options.timeoutMs);
    response.on('drain', done);
    response.on('close', done);
    signal.addEventListener('abort', done, { once: true });
  });
}
