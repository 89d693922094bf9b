import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface LoopbackServer {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Stops listening, aborts the handlers' signal and destroys every open connection. */
  close(): Promise<void>;
}

/**
 * The listening part every fake server shares: 127.0.0.1 only (port 0 = any free port), a `signal` that
 * aborts on close so delayed handlers stop waiting, and a `close()` that destroys keep-alive sockets too —
 * left open, the SDKs' pooled connections would keep the process (Node or Deno) alive. A handler that
 * rejects gets a bare 500 unless it already answered.
 */
export async function listenOnLoopback(options: {
  port?: number;
  handle(request: IncomingMessage, response: ServerResponse, signal: AbortSignal): Promise<void> | void;
}): Promise<LoopbackServer> {
  const closing = new AbortController();
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    Promise.resolve()
      .then(() => options.handle(request, response, closing.signal))
      .catch(() => {
        if (!response.headersSent && !response.destroyed) response.writeHead(500).end();
      });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
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
