import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel, type Kernel } from '../index.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { resultText, runTool } from '../testing/run-tool.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { isDeferredTool } from '../tool/is-deferred-tool.ts';
import { createMcpManager, type McpManager } from './create-mcp-manager.ts';
import { filesystemServer } from './test-fixtures/test-servers.ts';

const allow: CanUseTool = () => ({ behavior: 'allow' });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const everything = { command: process.execPath, args: [path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'] };
const filesystemBin = path.join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const changing = { command: process.execPath, args: [path.join(root, 'src/mcp/test-fixtures/changing-server.mjs')] };

const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()));
});

function project(files: Record<string, unknown>): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-kernel-')));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), JSON.stringify(content));
  return dir;
}

async function kernelIn(dir: string): Promise<Kernel> {
  const kernel = await createKernel({ cwd: dir });
  kernels.push(kernel);
  return kernel;
}

describe('MCP in the kernel', () => {
  it('joins config and .mcp.json servers to the pool after the built-ins; a failing server is an error value', async () => {
    const dir = project({
      'codev.config.json': { mcpServers: { everything, broken: { command: '/no/such/mcp-server' } } },
      '.mcp.json': { mcpServers: { fs: { type: 'stdio', command: process.execPath, args: [filesystemBin, '.'] } } },
    });
    const kernel = await kernelIn(dir);
    const names = kernel.tools.map((tool) => tool.name);
    expect(names).toContain('mcp__everything__echo');
    expect(names).toContain('mcp__fs__list_directory');
    const lastBuiltin = Math.max(...kernel.tools.map((tool, index) => (tool.source.type === 'builtin' ? index : -1)));
    const firstMcp = kernel.tools.findIndex((tool) => tool.isMcp);
    expect(firstMcp).toBeGreaterThan(lastBuiltin);
    const mcpNames = names.filter((name) => name.startsWith('mcp__'));
    expect(mcpNames).toEqual([...mcpNames].sort());
    expect(kernel.errors.map((error) => error.code)).toEqual(['MCP_SERVER_FAILED']);

    const { result } = await runTool({ name: 'mcp__everything__echo', input: { message: 'kernel' }, context: kernel.createToolUseContext(), canUseTool: allow });
    expect(resultText(result)).toBe('Echo: kernel');
  });

  it('a mcp__server__* deny rule in the config removes that server; a config change reloads the pool', async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { everything, changing }, permissions: { deny: ['mcp__everything__*'] } } });
    const kernel = await kernelIn(dir);
    expect(kernel.tools.some((tool) => tool.name.startsWith('mcp__everything__'))).toBe(false);
    expect(kernel.tools.some((tool) => tool.name === 'mcp__changing__add-tool')).toBe(true);

    writeFileSync(path.join(dir, 'codev.config.json'), JSON.stringify({ mcpServers: { everything } }));
    const reloaded = await kernel.reload();
    expect(reloaded.ok).toBe(true);
    if (!reloaded.ok) return;
    expect(reloaded.diff.tools.removed).toContain('mcp__changing__add-tool');
    expect(reloaded.diff.tools.added).toContain('mcp__everything__echo');
  });

  it('tools/list_changed builds a new generation with the new tool', async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { changing } } });
    const kernel = await kernelIn(dir);
    const before = kernel.generation.number;
    expect(kernel.tools.some((tool) => tool.name === 'mcp__changing__extra')).toBe(false);
    const reloaded = new Promise<readonly string[]>((resolve) => kernel.on('reload', (event) => resolve(event.diff.tools.added)));
    const { result } = await runTool({ name: 'mcp__changing__add-tool', context: kernel.createToolUseContext(), canUseTool: allow });
    expect(resultText(result)).toBe('added');
    expect(await reloaded).toEqual(['mcp__changing__extra']);
    expect(kernel.generation.number).toBe(before + 1);
    const extra = kernel.tools.find((tool) => tool.name === 'mcp__changing__extra')!;
    expect(extra.isReadOnly({})).toBe(true);
  });

  it('the manager re-lists on list_changed and emits a change; unchanged tools keep their objects', async () => {
    const manager = await createMcpManager({ servers: { changing } });
    try {
      const addTool = manager.tools.find((tool) => tool.name === 'mcp__changing__add-tool');
      expect(addTool!.isDestructive({})).toBe(true);
      const changed = new Promise<void>((resolve) => manager.onChange(resolve));
      await addTool!.call({}, { signal: new AbortController().signal, onProgress: () => {} } as never);
      await changed;
      expect(manager.tools.map((tool) => tool.name)).toEqual(['mcp__changing__add-tool', 'mcp__changing__exit', 'mcp__changing__extra']);
      expect(manager.tools[0]).toBe(addTool);
    } finally {
      await manager.close();
    }
  });

  it('a server that exits loses its tools, becomes an error value and emits a change (reconnect off)', async () => {
    const manager = await createMcpManager({ servers: { changing, everything }, reconnect: false });
    try {
      const exit = manager.tools.find((tool) => tool.name === 'mcp__changing__exit')!;
      const changed = new Promise<void>((resolve) => manager.onChange(resolve));
      await exit.call({}, { signal: new AbortController().signal, onProgress: () => {} } as never);
      await changed;
      expect(manager.servers.map((server) => [server.name, server.status])).toEqual([['changing', 'failed'], ['everything', 'connected']]);
      expect(manager.tools.some((tool) => tool.source.type === 'mcp' && tool.source.server === 'changing')).toBe(false);
      expect(manager.errors.map((error) => error.code)).toEqual(['MCP_SERVER_FAILED']);
      await manager.update({ changing, everything }, { retryFailed: true });
      expect(manager.servers.map((server) => server.status)).toEqual(['connected', 'connected']);
    } finally {
      await manager.close();
    }
  });
});

describe('MCP reconnect', () => {
  const callExit = async (manager: McpManager) => {
    const exit = manager.tools.find((tool) => tool.name === 'mcp__changing__exit')!;
    await exit.call({}, { signal: new AbortController().signal, onProgress: () => {} } as never);
  };
  /** Resolves with the server's status after each change until `until` is seen. */
  const statusesUntil = (manager: McpManager, until: string) =>
    new Promise<string[]>((resolve) => {
      const seen: string[] = [];
      const stop = manager.onChange(() => {
        seen.push(manager.servers[0]!.status);
        if (seen.at(-1) === until) {
          stop();
          resolve(seen);
        }
      });
    });

  it('a server that exits is reconnected: its tools come back on a new connection', async () => {
    const manager = await createMcpManager({ servers: { changing }, reconnect: { initialDelayMs: 20 } });
    try {
      const before = manager.tools.find((tool) => tool.name === 'mcp__changing__add-tool')!;
      const statuses = statusesUntil(manager, 'connected');
      await callExit(manager);
      expect(await statuses).toEqual(['reconnecting', 'connected']);
      expect(manager.errors).toEqual([]);
      const after = manager.tools.find((tool) => tool.name === 'mcp__changing__add-tool')!;
      expect(after).not.toBe(before);
      const { result } = await runTool({ name: 'mcp__changing__add-tool', context: createTestContext({ tools: manager.tools }), canUseTool: allow });
      expect(resultText(result)).toBe('added');
    } finally {
      await manager.close();
    }
  });

  it('a server that keeps exiting soon after each start uses up its attempts and is left failed', async () => {
    const manager = await createMcpManager({ servers: { changing }, reconnect: { attempts: 1, initialDelayMs: 20 } });
    try {
      const reconnected = statusesUntil(manager, 'connected');
      await callExit(manager);
      await reconnected;
      const failed = statusesUntil(manager, 'failed');
      await callExit(manager);
      expect(await failed).toEqual(['failed']);
      expect(manager.errors.map((error) => error.code)).toEqual(['MCP_SERVER_FAILED']);
      expect(manager.errors[0]!.message).toContain('gave up after 1 reconnect attempts');
    } finally {
      await manager.close();
    }
  });

  it('a reconnect that cannot start the server reports the last attempt', async () => {
    const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-mcp-reconnect-')));
    const wrapper = path.join(dir, 'server.mjs');
    writeFileSync(wrapper, `await import(${JSON.stringify(pathToFileURL(changing.args[0]!).href)});\n`);
    const manager = await createMcpManager({ servers: { changing: { command: process.execPath, args: [wrapper] } }, reconnect: { attempts: 2, initialDelayMs: 20 } });
    try {
      expect(manager.servers[0]!.status).toBe('connected');
      rmSync(wrapper);
      const statuses = statusesUntil(manager, 'failed');
      await callExit(manager);
      expect(await statuses).toEqual(['reconnecting', 'failed']);
      expect(manager.errors[0]!.message).toContain('gave up after 2 reconnect attempts');
      expect(manager.errors[0]!.message).toContain('the last attempt');
      await manager.close();
      expect(manager.servers).toEqual([]);
    } finally {
      await manager.close();
    }
  });
});

describe('MCP permissions', () => {
  it("a stdio server's script is protected: writes to it ask even in acceptEdits (the server runs outside the sandbox)", async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { local: { command: process.execPath, args: ['./servers/local.mjs', '--port', '0'] } }, permissions: { mode: 'acceptEdits' } } });
    const kernel = await kernelIn(dir);
    const context = kernel.createToolUseContext();
    const script = path.join(dir, 'servers', 'local.mjs');
    expect(context.protectedFiles).toContain(script);
    const { result } = await runTool({ name: 'Write', input: { file_path: script, content: 'process.exit(0)' }, context, canUseTool: () => ({ behavior: 'deny', message: 'no' }) });
    expect(result.status).toBe('denied');
    expect(result.decision?.reason?.type).toBe('safetyCheck');
    const other = await runTool({ name: 'Write', input: { file_path: path.join(dir, 'servers', 'notes.md'), content: 'ok' }, context, canUseTool: () => ({ behavior: 'deny', message: 'no' }) });
    expect(other.result.status).toBe('ok');
  });


  it('asks in the default mode: without an answer the call is denied, an allow rule lets it run', async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { everything }, permissions: { allow: ['mcp__everything__echo'] } } });
    const kernel = await kernelIn(dir);
    const context = kernel.createToolUseContext();
    const allowed = await runTool({ name: 'mcp__everything__echo', input: { message: 'ruled' }, context });
    expect(resultText(allowed.result)).toBe('Echo: ruled');
    const asked = await runTool({ name: 'mcp__everything__get-sum', input: { a: 1, b: 2 }, context });
    expect(asked.result.block.is_error).toBe(true);
  });
});

describe('MCP resource tools in the kernel', () => {
  const architecture = 'demo://resource/static/document/architecture.md';

  it('joins ListMcpResourcesTool and ReadMcpResourceTool to the pool after the built-ins, deferred; their aliases resolve', async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { everything, fs: filesystemServer('.') } } });
    const kernel = await kernelIn(dir);
    const names = kernel.tools.map((tool) => tool.name);
    const lastBuiltin = Math.max(...kernel.tools.map((tool, index) => (tool.source.type === 'builtin' ? index : -1)));
    for (const name of ['ListMcpResourcesTool', 'ReadMcpResourceTool']) {
      expect(names.indexOf(name)).toBeGreaterThan(lastBuiltin);
      expect(isDeferredTool(kernel.tools.find((tool) => tool.name === name)!, {})).toBe(true);
    }
    // No canUseTool: a call that asked would be denied, so these run without asking in the default mode.
    const context = kernel.createToolUseContext();
    const listed = await runTool({ name: 'ListMcpResources', input: { server: 'everything' }, context });
    expect([listed.result.toolName, listed.result.status]).toEqual(['ListMcpResourcesTool', 'ok']);
    expect(resultText(listed.result)).toContain(architecture);
    const read = await runTool({ name: 'ReadMcpResource', input: { server: 'everything', uri: architecture }, context });
    expect([read.result.toolName, read.result.status]).toEqual(['ReadMcpResourceTool', 'ok']);
    expect(resultText(read.result)).toMatch(/^# Everything Server/);
    const missing = await runTool({ name: 'ReadMcpResourceTool', input: { server: 'fs', uri: architecture }, context });
    expect(missing.result.errorCode).toBe('MCP_RESOURCE_NOT_FOUND');
  });

  it('leaves them out while no server has resources; a config edit adding one brings them in', async () => {
    const dir = project({ 'codev.config.json': { mcpServers: { fs: filesystemServer('.') } } });
    const kernel = await kernelIn(dir);
    expect(kernel.tools.some((tool) => tool.name === 'mcp__fs__list_directory')).toBe(true);
    expect(kernel.tools.some((tool) => tool.name.includes('McpResource'))).toBe(false);
    writeFileSync(path.join(dir, 'codev.config.json'), JSON.stringify({ mcpServers: { everything, fs: filesystemServer('.') } }));
    const reloaded = await kernel.reload();
    expect(reloaded.ok).toBe(true);
    if (!reloaded.ok) return;
    expect(reloaded.diff.tools.added).toEqual(expect.arrayContaining(['ListMcpResourcesTool', 'ReadMcpResourceTool']));
  });
});
