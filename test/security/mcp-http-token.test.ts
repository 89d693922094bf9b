import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient, INITIALIZE, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';

// Records every constant-time comparison the server makes, to prove the token never meets a `===`.
vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const TOKEN = 'correct-horse-battery-staple';
let http: McpHttpServer | undefined;
afterEach(async () => {
  await http?.close();
  http = undefined;
});

async function serve(): Promise<McpHttpServer> {
  http = await serveMcpHttp({ server: createFixtureMcpServer(), token: TOKEN });
  return http;
}

const initialize = (url: string, headers: Record<string, string>, path?: string) => rawRequest(url, { headers: { ...POST_HEADERS, ...headers }, body: INITIALIZE, path });

describe('the bearer token of serveMcpHttp', () => {
  it('is compared in constant time, through equal-length digests, whatever the length of the token presented', async () => {
    const { url } = await serve();
    const compare = vi.mocked(crypto.timingSafeEqual);
    compare.mockClear();
    for (const presented of ['c', TOKEN.slice(0, -1), `${TOKEN}x`, 'x'.repeat(4096)]) {
      expect((await initialize(url, { authorization: `Bearer ${presented}` })).status).toBe(401);
    }
    expect(compare).toHaveBeenCalledTimes(4);
    for (const [left, right] of compare.mock.calls) expect((left as Buffer).length).toBe((right as Buffer).length);
    expect((await initialize(url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect(compare).toHaveBeenCalledTimes(5);
  });

  it('is not taken from a query string, a cookie or another scheme', async () => {
    const { url } = await serve();
    for (const query of [`?token=${TOKEN}`, `?access_token=${TOKEN}`, `?authorization=Bearer%20${TOKEN}`]) {
      expect((await initialize(url, {}, `/mcp${query}`)).status).toBe(401);
    }
    expect((await initialize(url, { cookie: `token=${TOKEN}` })).status).toBe(401);
    expect((await initialize(url, { authorization: `Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}` })).status).toBe(401);
    expect((await initialize(url, { authorization: TOKEN })).status).toBe(401);
    expect((await initialize(url, { authorization: 'Bearer ' })).status).toBe(401);
    expect((await initialize(url, { authorization: `Bearer ${TOKEN} ${TOKEN}` })).status).toBe(401);
    // The scheme is case-insensitive (RFC 9110); the token is not.
    expect((await initialize(url, { authorization: `bearer ${TOKEN}` })).status).toBe(200);
    expect((await initialize(url, { authorization: `Bearer ${TOKEN.toUpperCase()}` })).status).toBe(401);
  });

  it('guards every method and a session already open: its id alone is not enough', async () => {
    const { url } = await serve();
    const client = await connectHttpClient(url, { token: TOKEN });
    try {
      const transport = client.transport as unknown as { sessionId: string };
      const list = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
      expect((await rawRequest(url, { headers: { ...POST_HEADERS, 'mcp-session-id': transport.sessionId }, body: list })).status).toBe(401);
      expect((await rawRequest(url, { method: 'GET', headers: { accept: 'text/event-stream', 'mcp-session-id': transport.sessionId } })).status).toBe(401);
      expect((await rawRequest(url, { method: 'DELETE', headers: { 'mcp-session-id': transport.sessionId } })).status).toBe(401);
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });
});
