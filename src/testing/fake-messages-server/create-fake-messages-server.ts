import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createRequestHandler } from './create-request-handler.ts';
import type { FakeMessagesServer, FakeMessagesServerOptions, RecordedRequest } from './types.ts';

/**
 * Starts a fake Anthropic Messages API on 127.0.0.1 that answers with scripted replies over real HTTP and SSE, for
 * testing agents offline with the real SDK.
 *
 * @example
 * const server = await createFakeMessagesServer({ script: [toolUseReply('Read', { path: 'a.txt' }), textReply('Done.')] });
 * const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
 * // ... run the agent ...
 * expect(server.requests[1]?.body.messages).toHaveLength(3);
 * await server.close();
 */
export async function createFakeMessagesServer(options: FakeMessagesServerOptions): Promise<FakeMessagesServer> {
  const requests: RecordedRequest[] = [];
  const closing = new AbortController();
  const sockets = new Set<Socket>();
  const handleRequest = createRequestHandler({ ...options, requests, signal: closing.signal });
  const server = createServer((request, response) => void handleRequest(request, response));
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
    requests,
    close() {
      closing.abort();
      return new Promise((resolve) => {
        server.close(() => resolve());
        // The SDK keeps sockets alive between requests; left open, they would hold the process (Node or Deno) alive.
        server.closeAllConnections?.();
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}
