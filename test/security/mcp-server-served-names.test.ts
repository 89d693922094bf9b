import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HEADER, metaOf, serveTestProject, type ServedProject } from '../../src/mcp-server/test-fixtures/serve-test-project.ts';

// A client names the tool it calls. Whatever name it uses (an alias, another case), a deny rule that covers the
// tool holds, and a tool the server does not serve is not there: the server is no way around either.

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

/** Shout, with an alias; writes a file named by its text, so a call that ran leaves a trace. */
const YELL = `${HEADER}import { writeFileSync } from 'node:fs';
export default buildTool({ name: 'Scribble', aliases: ['Doodle'], description: 'Writes a mark', inputSchema: z.object({ mark: z.string() }), isReadOnly: () => true,
  call: ({ mark }, context) => { writeFileSync(context.cwd + '/' + mark, 'x'); return { data: 'marked ' + mark }; } });
`;

async function serve(options: NonNullable<Parameters<typeof serveTestProject>[0]>): Promise<ServedProject> {
  const project = await serveTestProject({ ...options, files: { 'plugins/scribble.ts': YELL, ...options.files } });
  served.push(project);
  return project;
}

describe('a served tool that a deny rule covers', () => {
  it('cannot be called by an alias or by its name in another case', async () => {
    const project = await serve({ kernel: { permissionMode: 'bypassPermissions', deny: ['Scribble', 'Bash(touch:*)'] } });
    const { client } = await project.connect();
    for (const name of ['Scribble', 'Doodle', 'scribble', 'SCRIBBLE', 'doodle']) {
      const result = await client.callTool({ name, arguments: { mark: `${name}.mark` } });
      expect(result.isError, name).toBe(true);
      expect(['TOOL_NOT_FOUND', 'PERMISSION_DENIED'], name).toContain(metaOf(result).errorCode);
      expect(existsSync(path.join(project.root, `${name}.mark`)), name).toBe(false);
    }
    for (const name of ['Bash', 'bash', 'BASH']) {
      const result = await client.callTool({ name, arguments: { command: `touch ${name}.made` } });
      expect(result.isError, name).toBe(true);
      expect(existsSync(path.join(project.root, `${name}.made`)), name).toBe(false);
    }
    expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('Scribble');
  });
});

describe('a tool the server does not serve', () => {
  it('is TOOL_NOT_FOUND by its name or an alias, whether `tools` left it out or it is agent-only', async () => {
    const project = await serve({ kernel: { permissionMode: 'bypassPermissions' }, server: { tools: ['Read'] } });
    const { client } = await project.connect();
    for (const [name, args] of [['Scribble', { mark: 'a.mark' }], ['Doodle', { mark: 'b.mark' }], ['Bash', { command: 'touch c.made' }], ['KillShell', { shell_id: 'x' }]] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect(metaOf(result).errorCode, name).toBe('TOOL_NOT_FOUND');
    }
    expect(existsSync(path.join(project.root, 'a.mark')) || existsSync(path.join(project.root, 'b.mark')) || existsSync(path.join(project.root, 'c.made'))).toBe(false);
  });

  it('leaves the agent-only tools out by default, by their aliases too', async () => {
    const project = await serve({ kernel: { permissionMode: 'bypassPermissions' } });
    const { client } = await project.connect();
    for (const name of ['Agent', 'Task', 'TodoWrite', 'AskUserQuestion', 'SendMessage', 'ToolSearch']) {
      const result = await client.callTool({ name, arguments: {} });
      expect(metaOf(result).errorCode, name).toBe('TOOL_NOT_FOUND');
    }
  });
});
