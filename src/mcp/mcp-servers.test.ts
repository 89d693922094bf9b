import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanUseTool } from '../permissions/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { createMcpManager, type McpManager } from './create-mcp-manager.ts';
import { loadMcpConfig } from './load-mcp-config.ts';

const allow: CanUseTool = () => ({ behavior: 'allow' });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const everythingBin = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const filesystemBin = path.join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const everything = { command: process.execPath, args: [everythingBin, 'stdio'] };

describe('MCP over stdio (server-everything, server-filesystem)', () => {
  let manager: McpManager;
  let directory: string;

  beforeAll(async () => {
    directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-fs-')));
    writeFileSync(path.join(directory, 'hello.txt'), 'hi\n');
    manager = await createMcpManager({
      servers: {
        everything,
        'file system': { command: process.execPath, args: [filesystemBin, directory] },
        broken: { command: path.join(directory, 'no-such-command') },
      },
      maxOutputTokens: 2_000,
    });
  }, 30_000);
  afterAll(() => manager?.close());

  it('connects the working servers and reports the broken one as an error value', () => {
    const statuses = Object.fromEntries(manager.servers.map((server) => [server.name, server.status]));
    expect(statuses).toEqual({ broken: 'failed', everything: 'connected', 'file system': 'connected' });
    expect(manager.errors.map((error) => error.code)).toEqual(['MCP_SERVER_FAILED']);
    expect(manager.errors[0]!.message).toContain('"broken"');
  });

  it('names tools mcp__<server>__<tool>, passes the JSON schema through and maps annotations', () => {
    const echo = manager.tools.find((tool) => tool.name === 'mcp__everything__echo')!;
    expect(echo).toBeDefined();
    expect(echo.isMcp).toBe(true);
    expect(echo.source).toEqual({ type: 'mcp', server: 'everything', tool: 'echo' });
    expect(echo.jsonSchema).toMatchObject({ type: 'object', properties: { message: { type: 'string' } }, required: ['message'] });
    expect(echo.isReadOnly({})).toBe(true);
    expect(echo.isConcurrencySafe({})).toBe(true);
    expect(echo.isDestructive({})).toBe(false);
    expect(manager.tools.some((tool) => tool.name === 'mcp__file_system__list_directory')).toBe(true);
    const write = manager.tools.find((tool) => tool.name === 'mcp__file_system__write_file')!;
    expect(write.isReadOnly({})).toBe(false);
    expect(write.isConcurrencySafe({})).toBe(false);
  });

  it('calls echo through runTool', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result } = await runTool({ name: 'mcp__everything__echo', input: { message: 'hi offline' }, context, canUseTool: allow });
    expect(result.block.is_error).toBeFalsy();
    expect(resultText(result)).toBe('Echo: hi offline');
  });

  it('reports progress of a long-running tool as mcp_progress', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result, progress } = await runTool({ name: 'mcp__everything__trigger-long-running-operation', input: { duration: 0.3, steps: 3 }, context, canUseTool: allow });
    expect(resultText(result)).toContain('Long running operation completed');
    const payloads = progress.map((update) => update.progress) as Array<Record<string, unknown>>;
    const steps = payloads.filter((payload) => payload.type === 'mcp_progress' && payload.status === 'progress');
    expect(steps.map((payload) => [payload.progress, payload.total])).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(payloads[0]).toMatchObject({ type: 'mcp_progress', status: 'started', serverName: 'everything', toolName: 'trigger-long-running-operation' });
    expect(payloads.at(-1)).toMatchObject({ status: 'completed' });
  });

  it('returns an image result as an image block', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result } = await runTool({ name: 'mcp__everything__get-tiny-image', context, canUseTool: allow });
    expect(result.block.is_error, JSON.stringify(result.block.content)).toBeFalsy();
    const content = result.block.content as Array<{ type: string; source?: { media_type: string } }>;
    expect(Array.isArray(content), JSON.stringify(content)).toBe(true);
    expect(content.map((block) => block.type)).toEqual(['text', 'image', 'text']);
    expect(content[1]!.source!.media_type).toBe('image/png');
  });

  it('lists a directory with server-filesystem', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result } = await runTool({ name: 'mcp__file_system__list_directory', input: { path: directory }, context, canUseTool: allow });
    expect(result.block.is_error).toBeFalsy();
    expect(resultText(result)).toContain('[FILE] hello.txt');
  });

  it('turns an isError result into an error result', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result } = await runTool({ name: 'mcp__file_system__list_directory', input: { path: '/definitely/outside' }, context, canUseTool: allow });
    expect(result.block.is_error).toBe(true);
    expect(resultText(result)).toMatch(/denied|outside/i);
  });

  it('caps the output: a response over maxOutputTokens is an error', async () => {
    const context = createTestContext({ tools: manager.tools });
    const { result } = await runTool({ name: 'mcp__everything__echo', input: { message: 'x'.repeat(10_000) }, context, canUseTool: allow });
    expect(result.block.is_error).toBe(true);
    expect(resultText(result)).toMatch(/exceeds maximum allowed tokens \(2000\)/);
  });

  it('aborts a call with the context signal', async () => {
    const controller = new AbortController();
    const context = createTestContext({ tools: manager.tools, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    // A minute-long operation, past the test's own timeout: only the abort can end the call.
    const { result } = await runTool({ name: 'mcp__everything__trigger-long-running-operation', input: { duration: 60, steps: 5 }, context, canUseTool: allow });
    expect(result.block.is_error).toBe(true);
  });

  it('a mcp__server__* deny rule removes the server tools from the pool', async () => {
    const { assembleToolPool } = await import('../registry/assemble-tool-pool.ts');
    const { createPermissionContext } = await import('../permissions/create-permission-context.ts');
    const pool = assembleToolPool(createPermissionContext({ deny: { session: ['mcp__everything__*'] } }), manager.tools);
    expect(pool.some((tool) => tool.name.startsWith('mcp__everything__'))).toBe(false);
    expect(pool.some((tool) => tool.name.startsWith('mcp__file_system__'))).toBe(true);
  });
});

describe('MCP over Streamable HTTP (server-everything streamableHttp)', () => {
  let server: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    server = await startEverythingHttp(port);
  }, 20_000);
  afterAll(() => {
    server?.kill();
  });

  it('lists and calls echo over HTTP', async () => {
    const manager = await createMcpManager({ servers: { web: { url: `http://127.0.0.1:${port}/mcp` } } });
    try {
      expect(manager.errors).toEqual([]);
      const context = createTestContext({ tools: manager.tools });
      const { result } = await runTool({ name: 'mcp__web__echo', input: { message: 'over http' }, context, canUseTool: allow });
      expect(resultText(result)).toBe('Echo: over http');
    } finally {
      await manager.close();
    }
  });

  it('a server that restarts (its session lost) is reconnected with a new session after the failing call', async () => {
    const ownPort = await freePort();
    let own = await startEverythingHttp(ownPort);
    const manager = await createMcpManager({ servers: { web: { url: `http://127.0.0.1:${ownPort}/mcp` } }, reconnect: { initialDelayMs: 50 } });
    try {
      const echo = () => runTool({ name: 'mcp__web__echo', input: { message: 'again' }, context: createTestContext({ tools: manager.tools }), canUseTool: allow });
      expect(resultText((await echo()).result)).toBe('Echo: again');
      await stopProcess(own);
      own = await startEverythingHttp(ownPort);
      const connected = new Promise<void>((resolve) => manager.onChange(() => manager.servers[0]!.status === 'connected' && resolve()));
      const broken = await echo();
      expect(broken.result.isError).toBe(true);
      await connected;
      expect(resultText((await echo()).result)).toBe('Echo: again');
    } finally {
      await manager.close();
      await stopProcess(own);
    }
  }, 30_000);

  it('an unreachable URL is an error value', async () => {
    const manager = await createMcpManager({ servers: { gone: { url: `http://127.0.0.1:${await freePort()}/mcp` } }, connectTimeoutMs: 5_000 });
    try {
      expect(manager.tools).toEqual([]);
      expect(manager.errors.map((error) => error.code)).toEqual(['MCP_SERVER_FAILED']);
    } finally {
      await manager.close();
    }
  });
});

describe('loadMcpConfig', () => {
  it('merges .mcp.json under the config (config wins) and drops a "type"', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-json-'));
    writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { a: { type: 'stdio', command: 'a-from-file' }, b: { url: 'http://localhost:1/mcp' } } }));
    const loaded = await loadMcpConfig({ root: dir, config: { mcpServers: { a: { command: 'a-from-config' } } } });
    expect(loaded.errors).toEqual([]);
    expect(loaded.servers).toEqual({ a: { command: 'a-from-config' }, b: { url: 'http://localhost:1/mcp' } });
  });

  it('an invalid .mcp.json is an error value and the config servers stay', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-json-'));
    writeFileSync(path.join(dir, '.mcp.json'), JSON.stringify({ mcpServers: { a: { cmd: 'x' } } }));
    const loaded = await loadMcpConfig({ root: dir, config: { mcpServers: { c: { command: 'c' } } } });
    expect(loaded.errors.map((error) => error.code)).toEqual(['CONFIG_INVALID']);
    expect(loaded.servers).toEqual({ c: { command: 'c' } });
  });

  it('no .mcp.json is fine', async () => {
    const loaded = await loadMcpConfig({ root: mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-json-')) });
    expect(loaded).toEqual({ servers: {}, errors: [] });
  });

  it('a folder named .mcp.json (the sandbox placeholder of a missing one) counts as no file', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-json-'));
    mkdirSync(path.join(dir, '.mcp.json'));
    const loaded = await loadMcpConfig({ root: dir, config: { mcpServers: { c: { command: 'c' } } } });
    expect(loaded).toEqual({ servers: { c: { command: 'c' } }, errors: [] });
  });
});

/** Starts server-everything's Streamable HTTP server on `port`; resolves once it listens. */
function startEverythingHttp(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [everythingBin, 'streamableHttp'], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server-everything did not start')), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`server-everything exited ${code}`)));
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
