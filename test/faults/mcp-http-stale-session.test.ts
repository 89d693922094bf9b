import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { createFixtureMcpServer } from '../../src/mcp-server/http/test-fixtures/create-fixture-mcp-server.ts';
import { connectHttpClient, INITIALIZE, openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import type { McpHttpServer } from '../../src/mcp-server/types.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function serve(port = 0): Promise<McpHttpServer> {
  const http = await serveMcpHttp({ server: createFixtureMcpServer(), port });
  cleanups.push(() => http.close());
  return http;
}

/** The SDK client resuming a session by its id, as a restarted client that kept it does (no initialize). */
async function resume(url: string, sessionId: string): Promise<Client> {
  const client = new Client({ name: 'restarted', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { sessionId }));
  cleanups.push(() => client.close());
  return client;
}

describe('a restarted client reusing an old session id', () => {
  it('gets 404 from a restarted server, then opens a new session', async () => {
    const first = await serve();
    const client = await connectHttpClient(first.url);
    const old = (client.transport as unknown as { sessionId: string }).sessionId;
    await first.close();
    const second = await serve(first.port);
    await expect((await resume(second.url, old)).listTools()).rejects.toMatchObject({ code: 404 });
    const fresh = await connectHttpClient(second.url);
    cleanups.push(() => fresh.close());
    expect((fresh.transport as unknown as { sessionId: string }).sessionId).not.toBe(old);
    expect((await fresh.listTools()).tools.length).toBeGreaterThan(0);
  });

  it('gets 404 for a session it deleted, and cannot choose its session id by sending one with initialize', async () => {
    const http = await serve();
    const old = await openRawSession(http.url);
    expect((await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': old } })).status).toBe(200);
    await expect((await resume(http.url, old)).listTools()).rejects.toMatchObject({ code: 404 });
    for (const chosen of [old, 'attacker-chosen-id']) {
      const answer = await rawRequest(http.url, { headers: { ...POST_HEADERS, 'mcp-session-id': chosen }, body: INITIALIZE });
      expect(answer.status).toBe(404);
    }
    expect(await openRawSession(http.url)).not.toBe(old);
  });

  it('cannot reach another live client’s session by a second initialize', async () => {
    const http = await serve();
    const live = await openRawSession(http.url);
    const again = await rawRequest(http.url, { headers: { ...POST_HEADERS, 'mcp-session-id': live }, body: INITIALIZE });
    expect(again.status).toBe(400);
  });
});
