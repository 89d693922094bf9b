import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filesystemServer } from '../mcp/test-fixtures/test-servers.ts';
import { metaOf, serveTestProject, textOf, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

async function serve(options: Parameters<typeof serveTestProject>[0] = {}): Promise<ServedProject> {
  const project = await serveTestProject(options);
  served.push(project);
  return project;
}

describe('createMcpServer', () => {
  it('lists the pool but the agent-only tools, with the schemas and hints of the definitions', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['Bash', 'Read', 'Write', 'Edit', 'Shout', 'Slow', 'Boom']));
    for (const agentOnly of ['Agent', 'SendMessage', 'AskUserQuestion', 'TodoWrite', 'ToolSearch']) expect(names).not.toContain(agentOnly);
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.Read!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const writer of ['Write', 'Edit', 'Bash']) expect(byName[writer]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(byName.Shout!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    expect(byName.Shout!.inputSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
    expect(byName.Shout!.description).toContain('Upper-cases');
    expect(byName.Bash!.description!.length).toBeGreaterThan(100);
  });

  it("passes an MCP tool's own annotations through, and its calls go to its server", async () => {
    const project = await serve({ kernel: { mcp: {}, allow: ['mcp__fs__list_directory'] }, files: { '.mcp.json': JSON.stringify({ mcpServers: { fs: filesystemServer('.') } }) } });
    const { client } = await project.connect();
    const byName = Object.fromEntries((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    expect(byName.mcp__fs__read_text_file!.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.mcp__fs__write_file!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true, destructiveHint: true, openWorldHint: false });
    await writeFile(path.join(project.root, 'listed.txt'), '');
    const listed = await client.callTool({ name: 'mcp__fs__list_directory', arguments: { path: project.root } });
    expect(textOf(listed)).toContain('listed.txt');
  });

  it('runs Read, Write and Bash through the lifecycle in the project', async () => {
    const project = await serve({ kernel: { permissionMode: 'acceptEdits', allow: ['Bash(echo:*)'] } });
    await writeFile(path.join(project.root, 'note.txt'), 'hello from the project\n');
    const { client } = await project.connect();
    const read = await client.callTool({ name: 'Read', arguments: { file_path: path.join(project.root, 'note.txt') } });
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toContain('hello from the project');
    expect(metaOf(read)).toMatchObject({ decision: { behavior: 'allow' } });
    expect(typeof metaOf(read).durationMs).toBe('number');
    const write = await client.callTool({ name: 'Write', arguments: { file_path: path.join(project.root, 'out.txt'), content: 'written' } });
    expect(write.isError).toBeFalsy();
    expect(await readFile(path.join(project.root, 'out.txt'), 'utf8')).toBe('written');
    const bash = await client.callTool({ name: 'Bash', arguments: { command: 'echo served' } });
    expect(bash.isError).toBeFalsy();
    expect(textOf(bash)).toContain('served');
    expect(metaOf(bash).decision).toMatchObject({ behavior: 'allow', source: 'config', rule: 'Bash(echo:*)' });
  });

  it('holds a deny rule of the config: an error result naming the rule, nothing run', async () => {
    const project = await serve({ kernel: { permissionMode: 'bypassPermissions' } });
    await writeFile(path.join(project.root, 'keep.txt'), 'keep');
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Bash', arguments: { command: 'rm keep.txt' } });
    expect(result.isError).toBe(true);
    expect(metaOf(result)).toMatchObject({ errorCode: 'PERMISSION_DENIED', decision: { behavior: 'deny', source: 'config', rule: 'Bash(rm:*)' } });
    expect(await readFile(path.join(project.root, 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('runs the hooks of the config: a PreToolUse deny holds', async () => {
    const project = await serve();
    const { client } = await project.connect();
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'hi' } }))).toBe('HI');
    const blocked = await client.callTool({ name: 'Shout', arguments: { text: 'blocked' } });
    expect(blocked.isError).toBe(true);
    expect(metaOf(blocked).decision).toMatchObject({ behavior: 'deny', source: 'hook' });
  });

  it('makes a tool that throws an error result, and goes on serving', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const thrown = await client.callTool({ name: 'Boom', arguments: {} });
    expect(thrown.isError).toBe(true);
    expect(metaOf(thrown).errorCode).toBe('TOOL_FAILED');
    expect(textOf(thrown)).toContain('boom inside');
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'still' } }))).toBe('STILL');
  });

  it('sends a large result as the preview codev saved it with, and the saved file in _meta', async () => {
    const project = await serve();
    const { client } = await project.connect();
    const result = await client.callTool({ name: 'Big', arguments: { chars: 50_000 } });
    expect(result.isError).toBeFalsy();
    const { persistedPath } = metaOf(result);
    expect(persistedPath).toMatch(new RegExp(`^${project.root}/\\.codev/sessions/mcp-[^/]+/tool-results/`));
    expect(textOf(result)).toContain(persistedPath);
    expect(textOf(result).length).toBeLessThan(10_000);
    expect(await readFile(persistedPath, 'utf8')).toBe('line\n'.repeat(10_000));
  });

  it('tells the person running it when a reload fails, and keeps serving the last good tools', async () => {
    const warnings: string[] = [];
    const project = await serve({ server: { onWarning: (message) => warnings.push(message) } });
    const { client } = await project.connect();
    await writeFile(path.join(project.root, 'codev.config.ts'), 'export default {{{');
    expect((await project.test.kernel.reload()).ok).toBe(false);
    expect(warnings.join('\n')).toContain('codev.config.ts');
    expect(textOf(await client.callTool({ name: 'Shout', arguments: { text: 'kept' } }))).toBe('KEPT');
  });

  it('serves only the tools the `tools` option names', async () => {
    const project = await serve({ server: { tools: ['Shout', 'Read'] } });
    const { client } = await project.connect();
    expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['Read', 'Shout']);
    const other = await client.callTool({ name: 'Bash', arguments: { command: 'echo no' } });
    expect(other.isError).toBe(true);
    expect(metaOf(other).errorCode).toBe('TOOL_NOT_FOUND');
  });
});
