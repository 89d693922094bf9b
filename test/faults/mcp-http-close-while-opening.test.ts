import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/mcp-server/http/serve-mcp-http.ts';
import { INITIALIZE, POST_HEADERS, rawRequest } from '../../src/mcp-server/http/test-fixtures/mcp-http-requests.ts';
import { serveTestProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';
import type { CodevMcpServer } from '../../src/mcp-server/types.ts';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

describe('serveMcpHttp closed while a session is being opened', () => {
  it('leaves no session of it open: the one connecting when close() came is ended with the others', async () => {
    const project = await serveTestProject();
    cleanups.push(() => project.cleanup());
    let entered!: () => void;
    const connecting = new Promise<void>((resolve) => (entered = resolve));
    let connected: Promise<unknown> = Promise.resolve();
    // The real server, its connect seen as it starts (the initialize has passed every check by then).
    const server: CodevMcpServer = {
      kernel: project.server.kernel,
      get sessions() {
        return project.server.sessions;
      },
      connect(transport) {
        entered();
        const session = project.server.connect(transport);
        connected = session.catch(() => undefined);
        return session;
      },
      close: () => project.server.close(),
    };
    const http = await serveMcpHttp({ server });
    cleanups.push(() => http.close());
    const initialize = rawRequest(http.url, { headers: POST_HEADERS, body: INITIALIZE }).catch(() => undefined);
    await connecting;
    await http.close();
    await initialize;
    await connected;
    // close() said the sessions are ended: none may stay open (its session folder held, its idle timer never armed).
    expect(project.server.sessions).toHaveLength(0);
    const folders = (await readdir(path.join(project.root, '.codev', 'sessions')).catch(() => [])).filter((name) => name.startsWith('mcp-'));
    expect(folders).toEqual([]);
  });
});
