import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpManager, type McpManager } from '../../create-mcp-manager.ts';
import { everythingServer, filesystemServer, PIXEL_PNG, resourceServer } from '../../test-fixtures/test-servers.ts';
import { createTestContext } from '../../../testing/create-test-context.ts';
import { resultText, runTool } from '../../../testing/run-tool.ts';
import type { ReadMcpResourceOutput } from './index.ts';

const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-read-resource-')));

describe('ReadMcpResourceTool (server-everything, server-filesystem, a fixture server)', () => {
  let manager: McpManager;
  // No canUseTool: a call that asked would be denied, so each success shows the tool runs without asking.
  const read = (input: unknown, name = 'ReadMcpResourceTool') => runTool({ name, input, context: createTestContext({ tools: [...manager.tools, ...manager.resourceTools] }) });

  beforeAll(async () => {
    manager = await createMcpManager({ servers: { everything: everythingServer, fs: filesystemServer(directory), fixture: resourceServer() }, maxOutputTokens: 20_000 });
  }, 30_000);
  afterAll(() => manager?.close());

  it('is read-only, concurrency-safe and deferred', () => {
    const tool = manager.resourceTools.find((candidate) => candidate.name === 'ReadMcpResourceTool')!;
    expect([tool.isReadOnly({}), tool.isConcurrencySafe({}), tool.shouldDefer]).toEqual([true, true, true]);
    expect(tool.aliases).toEqual(['ReadMcpResource']);
    expect(tool.toAutoClassifierInput({ server: 'everything', uri: 'demo://x' })).toBe('everything demo://x');
  });

  it('reads a text resource as its text, and the output names the server', async () => {
    const { result } = await read({ server: 'everything', uri: 'demo://resource/static/document/architecture.md' });
    expect(result.status).toBe('ok');
    expect(result.decision?.behavior).toBe('allow');
    expect(typeof result.block.content).toBe('string');
    expect(resultText(result)).toMatch(/^# Everything Server/);
    expect(result.output).toMatchObject({ server: 'everything', uri: 'demo://resource/static/document/architecture.md' });
  });

  it('describes a non-image blob by mimeType and size, without the base64 (through the ReadMcpResource alias)', async () => {
    const { result } = await read({ server: 'everything', uri: 'demo://resource/dynamic/blob/1' }, 'ReadMcpResource');
    expect(result.toolName).toBe('ReadMcpResourceTool');
    expect(result.isError).toBe(false);
    const text = resultText(result);
    const size = Number(/\(text\/plain, (\d+) bytes\), binary, not shown/.exec(text)?.[1]);
    expect(size).toBeGreaterThan(40);
    expect(text).not.toContain(Buffer.from('Resource 1:').toString('base64').slice(0, 12));
  });

  it('returns an image blob as an image block', async () => {
    const { result } = await read({ server: 'fixture', uri: 'fixture://pixel.png' });
    expect(result.block.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } }]);
  });

  it('an unknown server, or one without resources, is MCP_RESOURCE_NOT_FOUND naming the servers with resources', async () => {
    for (const server of ['nope', 'fs']) {
      const { result } = await read({ server, uri: 'demo://resource/static/document/architecture.md' });
      expect(result.errorCode).toBe('MCP_RESOURCE_NOT_FOUND');
      expect(resultText(result)).toContain(`"${server}"`);
      expect(resultText(result)).toContain('Servers with resources: "everything", "fixture"');
    }
  });

  it('a URI the server reports as not found (-32002) is MCP_RESOURCE_NOT_FOUND; another server error is TOOL_FAILED', async () => {
    const missing = await read({ server: 'fixture', uri: 'fixture://missing.txt' });
    expect(missing.result.errorCode).toBe('MCP_RESOURCE_NOT_FOUND');
    expect(resultText(missing.result)).toContain('fixture://missing.txt');
    const invalid = await read({ server: 'everything', uri: 'demo://no/such/thing' });
    expect(invalid.result.errorCode).toBe('TOOL_FAILED');
    expect(resultText(invalid.result)).toContain('MCP server "everything" could not read resource "demo://no/such/thing"');
  });

  it('a resource over maxOutputTokens is an error', async () => {
    const { result } = await read({ server: 'fixture', uri: 'fixture://big.txt' });
    expect(result.errorCode).toBe('TOOL_FAILED');
    expect(resultText(result)).toMatch(/exceeds maximum allowed tokens \(20000\)/);
  });

  it('aborting a read cancels the call at once, and the server keeps answering', async () => {
    const controller = new AbortController();
    const context = createTestContext({ tools: manager.resourceTools, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    // slow.txt answers after a minute, past the test's own timeout: only the abort can end the read.
    const { result } = await runTool({ name: 'ReadMcpResourceTool', input: { server: 'fixture', uri: 'fixture://slow.txt' }, context });
    expect(result.status).toBe('cancelled');
    const after = await read({ server: 'fixture', uri: 'fixture://a.txt' });
    expect((after.result.output as ReadMcpResourceOutput).content).toEqual([{ type: 'text', text: 'alpha' }]);
  });
});
