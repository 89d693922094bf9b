import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// The idle timer and a call that has started to arrive: a request the server has begun to receive is a use of
// its session, so the session cannot be ended (idle, or to make room) under it while its body comes in.
describe('a session whose call is still arriving when its idle time is up', () => {
  it('is kept, and the call answered', async () => {
    const project = await serveTestProject();
    cleanups.push(() => project.cleanup());
    const http = await serveMcpHttp({ server: project.server, sessionIdleMs: 500 });
    cleanups.push(() => http.close());
    const id = await openRawSession(http.url);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'Shout', arguments: { text: 'arrived' } } });
    const answer = rawRequest(http.url, {
      headers: { ...POST_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18', 'content-length': String(Buffer.byteLength(body)) },
      body: (write) => {
        write(body.slice(0, 10));
        // The idle timer would have fired several times over before the rest of the body comes.
        setTimeout(() => write(body.slice(10)), 2_000);
      },
    });
    const arrived = await answer;
    expect(arrived.status).toBe(200);
    expect(arrived.body).toContain('ARRIVED');
  });
});
