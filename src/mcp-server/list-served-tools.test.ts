import { afterEach, describe, expect, it } from 'vitest';
import { HEADER, serveTestProject, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

const plugin = (name: string, prompt: string): string =>
  `${HEADER}export default buildTool({ name: '${name}', description: 'A tool', prompt: ${prompt}, inputSchema: z.object({}), isReadOnly: () => true, call: () => ({ data: '${name} ran' }) });\n`;

describe('tools/list', () => {
  it("lists the other tools when a plugin's prompt throws or never answers, leaving that one out with a warning", async () => {
    const warnings: string[] = [];
    const project = await serveTestProject({
      files: { 'plugins/throws.ts': plugin('Throws', "() => { throw new Error('no prompt today'); }"), 'plugins/hangs.ts': plugin('Hangs', '() => new Promise(() => {})') },
      server: { onWarning: (message) => warnings.push(message) },
    });
    served.push(project);
    const { client } = await project.connect();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['Read', 'Bash', 'Shout']));
    expect(names).not.toContain('Throws');
    expect(names).not.toContain('Hangs');
    expect(warnings.filter((warning) => warning.includes('Throws'))).toHaveLength(1);
    expect(warnings.filter((warning) => warning.includes('Hangs'))).toHaveLength(1);
    // Listed again (another client): the same answer, no second warning.
    expect((await (await project.connect()).client.listTools()).tools.map((tool) => tool.name)).toEqual(names);
    expect(warnings).toHaveLength(2);
  }, 60_000);

  it('lists a tool whose userFacingName needs an input, titled by its name', async () => {
    const file = `${HEADER}export default buildTool({ name: 'Titled', description: 'A tool', userFacingName: (input) => 'Titled ' + input.path.length, inputSchema: z.object({ path: z.string() }), isReadOnly: () => true, call: () => ({ data: 'ran' }) });\n`;
    const project = await serveTestProject({ files: { 'plugins/titled.ts': file } });
    served.push(project);
    const { client } = await project.connect();
    const titled = (await client.listTools()).tools.find((tool) => tool.name === 'Titled');
    expect(titled?.annotations?.title).toBe('Titled');
  });
});
