import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { connectHttpClient, openRawSession } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
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
    for (let index = 0; index < 200; index++) await openRawSession(http.url);
    expect(project.server.sessions.length).toBeLessThanOrEqual(4);
    const folders = (await readdir(path.join(project.root, '.codev', 'sessions'))).filter((name) => name.startsWith('mcp-'));
    expect(folders.length).toBeLessThanOrEqual(4);
    const client = await connectHttpClient(http.url);
    cleanups.push(() => client.close());
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'room' } }))).toBe('ROOM');
  });
});
