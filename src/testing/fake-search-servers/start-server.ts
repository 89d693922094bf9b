import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Listens on 127.0.0.1 (port 0 = any free port) and returns the URL and a `close()` that also destroys every open
 * connection and aborts `signal`, so delayed handlers stop waiting.
 */
export async function startServer(
  handler: (request: IncomingMessage, response: ServerResponse, signal: AbortSignal) => Promise<void>,
  port = 0,
): Promise<{ url: string; close(): Promise<void> }> {
  const closing = new AbortController();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handler(request, response, closing.signal).catch(() => {
      if (!response.headersSent && !response.destroyed) response.writeHead(500).end();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close() {
      closing.abort();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
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
