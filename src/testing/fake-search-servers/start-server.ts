import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen-on-loopback.ts';

/** Listens on 127.0.0.1 (port 0 = any free port); see `listenOnLoopback`. */
export function startServer(
  handler: (request: IncomingMessage, response: ServerResponse, signal: AbortSignal) => Promise<void>,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  return listenOnLoopback({ port, handle: handler });
}

/** Waits `ms`, or less when `signal` aborts (the server is closing). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Sends a JSON body with the given status. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

/** Sends an HTML (or plain) body with the given status. */
export function sendText(response: ServerResponse, status: number, body: string, contentType = 'text/html; charset=utf-8', headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}
