import { listenOnLoopback } from '../listen-on-loopback.ts';
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
  const handleRequest = createRequestHandler({ ...options, requests, signal: closing.signal });
  const server = await listenOnLoopback({ port: options.port, handle: (request, response) => handleRequest(request, response) });
  return {
    url: server.url,
    requests,
    close() {
      closing.abort();
      return server.close();
    },
  };
}
