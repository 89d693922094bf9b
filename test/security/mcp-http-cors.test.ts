import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { INITIALIZE, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const APP = 'https://app.example';
const PREFLIGHT = { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-session-id, mcp-protocol-version' };

async function serve() {
  const project = await serveTestProject();
  cleanups.push(() => project.cleanup());
  const http = await serveMcpHttp({ server: project.server, token: 'the-token', allowedOrigins: [APP] });
  cleanups.push(() => http.close());
  return { project, http };
}

// allowedOrigins promises that a browser page of those origins may call the server: a browser first sends a
// CORS preflight (OPTIONS, never with credentials) for a JSON POST with Authorization, and reads an answer only
// when it names the page's origin. Every other origin still gets nothing.
describe('a browser page of an allowed origin', () => {
  it('gets its preflight answered (without the token, which a preflight never carries) and no session opened', async () => {
    const { http, project } = await serve();
    const preflight = await rawRequest(http.url, { method: 'OPTIONS', headers: { origin: APP, ...PREFLIGHT } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP);
    expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
    for (const header of ['authorization', 'content-type', 'mcp-session-id', 'mcp-protocol-version']) expect(preflight.headers['access-control-allow-headers']?.toLowerCase()).toContain(header);
    expect(preflight.headers.vary?.toLowerCase()).toContain('origin');
    expect(project.server.sessions).toHaveLength(0);
  });

  it('can read the answers, the Mcp-Session-Id among them, and a 401 without the token', async () => {
    const { http } = await serve();
    const opened = await rawRequest(http.url, { headers: { ...POST_HEADERS, origin: APP, authorization: 'Bearer the-token' }, body: INITIALIZE });
    expect(opened.status).toBe(200);
    expect(opened.headers['access-control-allow-origin']).toBe(APP);
    expect(opened.headers['access-control-expose-headers']?.toLowerCase()).toContain('mcp-session-id');
    const refused = await rawRequest(http.url, { headers: { ...POST_HEADERS, origin: APP }, body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(APP);
  });

  it('is the only kind that does: another origin’s preflight and requests are 403 with no CORS header', async () => {
    const { http, project } = await serve();
    for (const origin of ['https://evil.example', 'null', 'https://app.example.evil.example', 'http://app.example']) {
      const preflight = await rawRequest(http.url, { method: 'OPTIONS', headers: { origin, ...PREFLIGHT } });
      expect(preflight.status).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const post = await rawRequest(http.url, { headers: { ...POST_HEADERS, origin, authorization: 'Bearer the-token' }, body: INITIALIZE });
      expect(post.status).toBe(403);
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(project.server.sessions).toHaveLength(0);
  });
});
