import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { connectHttpClient, INITIALIZE, openGetStream, openRawSession, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject, textOf } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

// Clients that leave without DELETE (the SDK client's close() sends none, nor does a killed process) are only
// forgotten after sessionIdleMs (30 minutes by default). They must not lock everyone else out meanwhile, nor
// pile up sessions and their folders.
describe('sessions abandoned without DELETE', () => {
  it('make room for a new client once maxSessions of them are idle: the least recently used idle one is ended', async () => {
    const project = await serveTestProject();
    cleanups.push(() => project.cleanup());
    const http = await serveMcpHttp({ server: project.server, maxSessions: 4 });
    cleanups.push(() => http.close());
    for (let index = 0; index < 1000; index++) await openRawSession(http.url);
    expect(project.server.sessions.length).toBeLessThanOrEqual(4);
    const folders = (await readdir(path.join(project.root, '.codev', 'sessions'))).filter((name) => name.startsWith('mcp-'));
    expect(folders.length).toBeLessThanOrEqual(4);
    const client = await connectHttpClient(http.url);
    cleanups.push(() => client.close());
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'room' } }))).toBe('ROOM');
  }, 120_000);

  it('end the one used least recently, and never a busy one: with every session listening, a new one is 503', async () => {
    const project = await serveTestProject();
    cleanups.push(() => project.cleanup());
    const http = await serveMcpHttp({ server: project.server, maxSessions: 2 });
    cleanups.push(() => http.close());
    const older = await openRawSession(http.url);
    const newer = await openRawSession(http.url);
    const list = (id: string) => rawRequest(http.url, { headers: { ...POST_HEADERS, 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' }, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
    expect((await list(older)).status).toBe(200);
    await openRawSession(http.url);
    expect((await list(newer)).status).toBe(404);
    expect((await list(older)).status).toBe(200);
    await rawRequest(http.url, { method: 'DELETE', headers: { 'mcp-session-id': older } });
    // Two clients, each listening on its GET stream (open once its headers have come): neither may be ended.
    for (const existing of project.server.sessions) await existing.close();
    const listening = [await openRawSession(http.url), await openRawSession(http.url)];
    for (const id of listening) {
      const stream = await openGetStream(http.url, id);
      cleanups.push(async () => stream.destroy());
    }
    expect((await rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE })).status).toBe(503);
    for (const id of listening) expect((await list(id)).status).toBe(200);
  });
});
