import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpServerConnection } from './connect-mcp-server.ts';
import { createMcpManager } from './create-mcp-manager.ts';
import { everythingServer, filesystemServer, resourceServer } from './test-fixtures/test-servers.ts';

const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-resources-')));

describe('MCP resources on a connection', () => {
  const connections: McpServerConnection[] = [];
  let everything: McpServerConnection;
  let filesystem: McpServerConnection;
  let paged: McpServerConnection;

  beforeAll(async () => {
    [everything, filesystem, paged] = await Promise.all([
      connectMcpServer({ name: 'everything', config: everythingServer }),
      connectMcpServer({ name: 'fs', config: filesystemServer(directory) }),
      connectMcpServer({ name: 'paged', config: resourceServer() }),
    ]);
    connections.push(everything, filesystem, paged);
  }, 30_000);
  afterAll(() => Promise.all(connections.map((connection) => connection.close())));

  it('hasResources follows the resources capability', () => {
    expect([everything.hasResources, filesystem.hasResources, paged.hasResources]).toEqual([true, false, true]);
  });

  it('a server without the capability lists no resources (and is not asked: it would answer Method not found)', async () => {
    await expect(filesystem.listResources()).resolves.toEqual([]);
  });

  it('lists every page of resources/list', async () => {
    const resources = await paged.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(['fixture://a.txt', 'fixture://pixel.png', 'fixture://big.txt']);
    const listed = await everything.listResources();
    expect(listed).toContainEqual(expect.objectContaining({ uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md', mimeType: 'text/markdown' }));
  });

  it('reads a resource, and an aborted read rejects without ending the connection', async () => {
    const read = await paged.readResource('fixture://a.txt');
    expect(read.contents).toEqual([{ uri: 'fixture://a.txt', mimeType: 'text/plain', text: 'alpha' }]);
    const controller = new AbortController();
    controller.abort();
    await expect(paged.readResource('fixture://a.txt', { signal: controller.signal })).rejects.toThrow();
    expect((await paged.readResource('fixture://a.txt')).contents).toHaveLength(1);
  });
});

describe('McpManager.resourceTools', () => {
  it('are present only while a connected server offers resources (a resources-only server connects), and stay the same objects', async () => {
    const manager = await createMcpManager({ servers: { fs: filesystemServer(directory) } });
    try {
      expect(manager.tools.length).toBeGreaterThan(0);
      expect(manager.resourceTools).toEqual([]);
      await manager.update({ fs: filesystemServer(directory), paged: resourceServer() });
      const paged = manager.servers.find((server) => server.name === 'paged')!;
      expect([paged.status, paged.tools]).toEqual(['connected', []]);
      const tools = manager.resourceTools;
      expect(tools.map((tool) => tool.name)).toEqual(['ListMcpResourcesTool', 'ReadMcpResourceTool']);
      expect(manager.resourceTools[0]).toBe(tools[0]);
      expect(manager.resourceTools[1]).toBe(tools[1]);
      await manager.update({ fs: filesystemServer(directory) });
      expect(manager.resourceTools).toEqual([]);
    } finally {
      await manager.close();
    }
  }, 30_000);
});
