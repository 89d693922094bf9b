import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { UiReply } from './types.ts';

/** How often an open stream says it is alive (proxies and browsers drop a silent connection). */
export const PING_INTERVAL_MS = 15_000;

/** Bytes a stream may have waiting for a client that does not read, before the stream is ended. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** The server-sent-event streams open on one server, bounded in number and each in what it buffers. */
export interface UiStreams {
  readonly size: number;
  /** Runs `reply`'s stream on `response` until it returns, the client leaves or the server closes; false when `max` are open. */
  open(options: { reply: Extract<UiReply, { stream: unknown }>; response: ServerResponse; signal: AbortSignal }): boolean;
  /** Ends every stream: aborts its writer, waits up to `graceMs` for it to return, then cuts the connection. */
  closeAll(graceMs?: number): Promise<void>;
}

export function createUiStreams(options: { max: number; pingIntervalMs?: number }): UiStreams {
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
      // A client that does not read would make the server hold every event: past the bound, its stream ends.
      const send = (event: unknown) => {
        if (ended.aborted) return;
        if (response.writableLength > MAX_BUFFERED_BYTES) return controller.abort();
        response.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const ping = setInterval(() => send({ type: 'ping' }), pingIntervalMs);
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
