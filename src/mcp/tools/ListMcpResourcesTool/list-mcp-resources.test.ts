import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpManager, type McpManager } from '../../create-mcp-manager.ts';
import { everythingServer, filesystemServer, resourceServer } from '../../test-fixtures/test-servers.ts';
import { createTestContext } from '../../../testing/create-test-context.ts';
import { resultText, runTool } from '../../../testing/run-tool.ts';
import type { ListMcpResourcesOutput } from './index.ts';

const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-list-resources-')));

describe('ListMcpResourcesTool (server-everything, server-filesystem, a paged fixture)', () => {
  let manager: McpManager;
  // No canUseTool: a call that asked would be denied, so each success shows the tool runs without asking.
  const list = (input: unknown, name = 'ListMcpResourcesTool') => runTool({ name, input, context: createTestContext({ tools: [...manager.tools, ...manager.resourceTools] }) });

  beforeAll(async () => {
    manager = await createMcpManager({ servers: { everything: everythingServer, 'file system': filesystemServer(directory), paged: resourceServer() } });
  }, 30_000);
  afterAll(() => manager?.close());

  it('is read-only, concurrency-safe and deferred', () => {
    const tool = manager.resourceTools.find((candidate) => candidate.name === 'ListMcpResourcesTool')!;
    expect([tool.isReadOnly({}), tool.isConcurrencySafe({}), tool.shouldDefer, tool.isMcp]).toEqual([true, true, true, false]);
    expect(tool.aliases).toEqual(['ListMcpResources']);
  });

  it('lists every server that has resources, each resource naming its server, uri, name and mimeType', async () => {
    const { result } = await list({});
    expect(result.status).toBe('ok');
    expect(result.decision?.behavior).toBe('allow');
    const listed = JSON.parse(resultText(result)) as Array<Record<string, unknown>>;
    expect(listed).toContainEqual({ server: 'everything', uri: 'demo://resource/static/document/architecture.md', name: 'architecture.md', mimeType: 'text/markdown', description: expect.any(String) });
    expect(listed).toContainEqual({ server: 'paged', uri: 'fixture://pixel.png', name: 'pixel.png', mimeType: 'image/png' });
    expect(new Set(listed.map((entry) => entry.server))).toEqual(new Set(['everything', 'paged']));
    expect((result.output as ListMcpResourcesOutput).failed).toEqual([]);
  });

  it('filters by server, through the ListMcpResources alias', async () => {
    const { result } = await list({ server: 'paged' }, 'ListMcpResources');
    expect(result.toolName).toBe('ListMcpResourcesTool');
    const output = result.output as ListMcpResourcesOutput;
    expect(output.resources.map((entry) => [entry.server, entry.uri])).toEqual([['paged', 'fixture://a.txt'], ['paged', 'fixture://pixel.png'], ['paged', 'fixture://big.txt']]);
  });

  it("a deny rule on a whole server hides its resources; one on some of its tools does not", async () => {
    const listWith = async (deny: string[], input: Record<string, unknown> = {}) =>
      (await runTool({ name: 'ListMcpResourcesTool', input, context: createTestContext({ tools: [...manager.tools, ...manager.resourceTools], deny }) })).result;
    for (const rule of ['mcp__everything', 'mcp__everything__*', 'mcp__ever*']) {
      const servers = new Set(((await listWith([rule])).output as ListMcpResourcesOutput).resources.map((entry) => entry.server));
      expect(servers, rule).toEqual(new Set(['paged']));
      expect((await listWith([rule], { server: 'everything' })).errorCode, rule).toBe('MCP_RESOURCE_NOT_FOUND');
    }
    const scoped = new Set(((await listWith(['mcp__everything__get-sum'])).output as ListMcpResourcesOutput).resources.map((entry) => entry.server));
    expect(scoped).toEqual(new Set(['everything', 'paged']));
    const read = await runTool({ name: 'ReadMcpResourceTool', input: { server: 'everything', uri: 'demo://resource/static/document/architecture.md' }, context: createTestContext({ tools: [...manager.tools, ...manager.resourceTools], deny: ['mcp__everything'] }) });
    expect(read.result.errorCode).toBe('MCP_RESOURCE_NOT_FOUND');
  });

  it('an unknown server, or one without resources, is MCP_RESOURCE_NOT_FOUND naming the servers with resources', async () => {
    for (const server of ['nope', 'file system']) {
      const { result } = await list({ server });
      expect(result.isError).toBe(true);
      expect(result.errorCode).toBe('MCP_RESOURCE_NOT_FOUND');
      expect(resultText(result)).toContain(server);
      expect(resultText(result)).toContain('"everything", "paged"');
    }
  });
});

describe('ListMcpResourcesTool with a server whose resources/list fails', () => {
  it('notes the failing server and lists the others; fails when every listed server failed', async () => {
    const manager = await createMcpManager({ servers: { broken: resourceServer({ failList: true }), paged: resourceServer() } });
    try {
      const context = createTestContext({ tools: manager.resourceTools });
      const all = await runTool({ name: 'ListMcpResourcesTool', context });
      expect(all.result.isError).toBe(false);
      const output = all.result.output as ListMcpResourcesOutput;
      expect(output.resources).toHaveLength(3);
      expect(output.failed.map((failure) => failure.server)).toEqual(['broken']);
      expect(resultText(all.result)).toMatch(/MCP server "broken" could not list its resources: .*listing is broken/);
      const one = await runTool({ name: 'ListMcpResourcesTool', input: { server: 'broken' }, context });
      expect(one.result.errorCode).toBe('TOOL_FAILED');
    } finally {
      await manager.close();
    }
  }, 30_000);
});
