import { afterEach, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { INITIALIZE, openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// With maxSessions open, a new session ends the least recently used idle one. An initialize the transport refuses
// (a client that does not accept event streams, a body that is not JSON, a batch of two initializes) makes no
// session: it must end none either, or a misconfigured client retrying its initialize ends every idle client's
// session, one per attempt, while never getting one itself.
it('an initialize the transport refuses ends no idle session', { timeout: 60_000 }, async () => {
  const project = await serveTestProject();
  cleanups.push(() => project.cleanup());
  const http = await serveMcpHttp({ server: project.server, maxSessions: 1 });
  cleanups.push(() => http.close());
  // A client between two calls: its session is idle (no call running, no GET stream open).
  const idle = await openRawSession(http.url);
  const list = () => rawRequest(http.url, { headers: { ...POST_HEADERS, 'mcp-session-id': idle, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
  expect((await list()).status).toBe(200);
  const refused = [
    { headers: { ...POST_HEADERS, accept: 'application/json' }, body: INITIALIZE },
    { headers: { ...POST_HEADERS, 'content-type': 'text/plain' }, body: INITIALIZE },
    { headers: POST_HEADERS, body: `[${INITIALIZE},${INITIALIZE}]` },
  ];
  for (const request of refused) {
    const answer = await rawRequest(http.url, request);
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect((await list()).status, `after ${request.headers.accept} ${request.headers['content-type']} ${request.body.slice(0, 1)}`).toBe(200);
  }
});
