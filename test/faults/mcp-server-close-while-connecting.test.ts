import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, describe, expect, it } from 'vitest';
import { serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

// close() promises every session has ended (its calls stopped, its folder removed): that must include a session
// still connecting when close() came, not only those connected by then.
describe('createMcpServer closed while a client is connecting', () => {
  it('has ended that session too, its folder removed, by the time close() resolves', async () => {
    const project = await serveTestProject();
    served.push(project);
    const [, serverSide] = InMemoryTransport.createLinkedPair();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const starting = new Promise<void>((resolve) => (started = resolve));
    const start = serverSide.start.bind(serverSide);
    // A transport slow to start (a stdio pipe, a socket): the session's folder is held meanwhile.
    serverSide.start = async () => {
      started();
      await gate;
      await start();
    };
    const connecting = project.server.connect(serverSide).catch((error: unknown) => error);
    await starting;
    const closing = project.server.close();
    release();
    await closing;
    const folders = (await readdir(path.join(project.root, '.codev', 'sessions')).catch(() => [])).filter((name) => name.startsWith('mcp-'));
    expect(folders).toEqual([]);
    expect(project.server.sessions).toHaveLength(0);
    await connecting;
  });
});
