import { afterEach, describe, expect, it } from 'vitest';
import { HEADER, serveTestProject, type ServedProject } from './test-fixtures/serve-test-project.ts';

const served: ServedProject[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((project) => project.cleanup()));
});

/** 53 characters: a valid codev name, 65 under a client's `mcp__codev__`. */
const LONG = `Summarize${'x'.repeat(44)}`;
const LONG_PLUGIN = `${HEADER}export default buildTool({ name: '${LONG}', description: 'Long-named', inputSchema: z.object({}), isReadOnly: () => true, call: () => ({ data: 'ran' }) });\n`;

async function serve(server: { maxToolNameLength?: number; tools?: string[] } = {}): Promise<{ project: ServedProject; warnings: string[] }> {
  const warnings: string[] = [];
  const project = await serveTestProject({ files: { 'plugins/long.ts': LONG_PLUGIN }, server: { ...server, onWarning: (message) => warnings.push(message) } });
  served.push(project);
  return { project, warnings };
}

describe('served tool names', () => {
  it('leaves out a tool whose name a client cannot prefix with mcp__codev__ within the 64 characters of the model API, and warns once', async () => {
    const { project, warnings } = await serve();
    const { client } = await project.connect();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('Shout');
    expect(names).not.toContain(LONG);
    expect(names.filter((name) => `mcp__codev__${name}`.length > 64)).toEqual([]);
    const call = await client.callTool({ name: LONG, arguments: {} });
    expect(call.isError).toBe(true);
    await (await project.connect()).client.listTools();
    expect(warnings.filter((warning) => warning.includes(LONG))).toHaveLength(1);
  });

  it('leaves it out though --tools names it; maxToolNameLength serves it', async () => {
    const named = await serve({ tools: [LONG, 'Shout'] });
    expect((await (await named.project.connect()).client.listTools()).tools.map((tool) => tool.name)).toEqual(['Shout']);
    const wider = await serve({ maxToolNameLength: 64 });
    const { client } = await wider.project.connect();
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain(LONG);
    expect((await client.callTool({ name: LONG, arguments: {} })).content).toEqual([{ type: 'text', text: 'ran' }]);
    expect(wider.warnings).toEqual([]);
  });
});
