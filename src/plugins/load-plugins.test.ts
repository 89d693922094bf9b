import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.ts';
import type { Tool } from '../tool/types.ts';
import { loadPlugins } from './load-plugins.ts';
import { codevModule, createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolExpression, toolPlugin } from './test-fixtures/plugin-sources.ts';
import type { LoadedPlugin } from './types.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

/** The scenario of the brief: a TS config with a helper and zod, three good plugins and three broken ones. */
const FILES: Record<string, string> = {
  'package.json': '{"name":"fixture","type":"module"}',
  'helper.ts': "export const mode: 'plan' | 'default' = 'plan';\n",
  'codev.config.ts': `import { z } from 'zod';
import { defineConfig } from '${codevModule('config/define-config.ts')}';
import { definePlugin } from '${codevModule('plugins/define-plugin.ts')}';
import { buildTool } from '${codevModule('tool/build-tool.ts')}';
import { mode } from './helper.ts';

export default defineConfig({
  permissions: { mode, deny: ['Bash(git push *)'] },
  plugins: [definePlugin({ name: 'inline', tools: [${toolExpression('InlineTool')}] })],
});
`,
  'plugins/lib/prefix.ts': "export const prefix = 'v1:';\n",
  'plugins/echo.ts': `${PLUGIN_IMPORTS}import { prefix } from './lib/prefix.ts';
export default buildTool({
  name: 'Echo',
  description: 'Echo',
  inputSchema: z.object({ message: z.string() }),
  async call({ message }) {
    return { data: prefix + message };
  },
});
`,
  'plugins/guard.ts': `${PLUGIN_IMPORTS}
export default defineHook({
  event: 'PreToolUse',
  matcher: 'Bash',
  handler: ({ toolInput }) => (String(toolInput.command).includes('sudo') ? { decision: 'deny' as const, reason: 'no sudo' } : undefined),
});
`,
  'plugins/rules.ts': `${PLUGIN_IMPORTS}
export default [
  definePermissionRule({ deny: ['Bash(rm -rf *)'], ask: ['Edit(package.json)'] }),
  (tool: { name: string }) => (tool.name === 'Write' ? 'ask' : undefined),
];
`,
  'plugins/syntax.ts': "import { z } from 'zod';\n\nexport default {\n  oops: ,\n};\n",
  'plugins/throws.ts': "const token: string | undefined = undefined;\n\nif (!token) throw new Error('TOKEN is not set');\nexport default {};\n",
  'plugins/number.ts': 'export default 42;\n',
  'plugins/zz-duplicate.ts': `${PLUGIN_IMPORTS}\nexport default [${toolExpression('Echo', 'dup:')}, ${toolExpression('Unique')}];\n`,
};

async function setUp(): Promise<TempProject> {
  const project = await createTempProject({ files: FILES });
  projects.push(project);
  return project;
}

async function loadAll(project: TempProject) {
  const loaded = await loadConfig({ cwd: project.root });
  return loadPlugins({ root: loaded.root, config: loaded.config, cwd: project.root, configFile: loaded.file, logger: () => {} });
}

function tool(plugins: LoadedPlugin[], name: string): Tool {
  const found = plugins.flatMap((plugin) => plugin.tools).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

async function echo(plugins: LoadedPlugin[]): Promise<unknown> {
  return (await tool(plugins, 'Echo').call({ message: 'hi' }, {} as never)).data;
}

describe('loadPlugins on a fixture project', () => {
  it('loads the good plugins in discovery order and reports each broken one as a value', async () => {
    const project = await setUp();
    const { plugins, errors } = await loadAll(project);

    expect(plugins.map((plugin) => plugin.name)).toEqual(['inline', 'echo', 'guard', 'rules', 'zz-duplicate']);
    expect(await echo(plugins)).toBe('v1:hi');
    expect(plugins[2]?.hooks.map((hook) => hook.name)).toEqual(['guard:0']);
    const rules = plugins[3]!;
    expect(rules.ruleSets.map((ruleSet) => ruleSet.name)).toEqual(['rules:0', 'rules:1']);
    expect(rules.ruleSets[0]?.deny).toEqual(['Bash(rm -rf *)']);
    expect(await rules.ruleSets[1]?.check?.({ name: 'Write' } as never, {}, {} as never)).toBe('ask');
    expect(plugins[0]?.toolSources.get('InlineTool')).toEqual({ type: 'plugin', file: project.path('codev.config.ts'), plugin: 'inline' });

    const summary = errors.map((error) => [error.code, error.file?.slice(project.root.length + 1), error.line]);
    expect(summary).toEqual([
      ['PLUGIN_INVALID', 'plugins/number.ts', undefined],
      ['PLUGIN_LOAD_FAILED', 'plugins/syntax.ts', 4],
      ['PLUGIN_LOAD_FAILED', 'plugins/throws.ts', 3],
      ['PLUGIN_INVALID', 'plugins/zz-duplicate.ts', undefined],
    ]);
    expect(errors[1]?.column).toBe(9);
    expect(errors[2]?.message).toBe('TOKEN is not set');
    expect(errors[3]?.message).toContain(project.path('plugins/echo.ts'));
    expect(errors[3]?.message).toContain(project.path('plugins/zz-duplicate.ts'));
  });

  it('keeps the first of two same-named tools and the later plugin\'s other tools', async () => {
    const { plugins } = await loadAll(await setUp());
    const duplicate = plugins.find((plugin) => plugin.name === 'zz-duplicate')!;
    expect(duplicate.tools.map((item) => item.name)).toEqual(['Unique']);
    expect([...duplicate.toolSources.keys()]).toEqual(['Unique']);
    expect(await echo(plugins)).toBe('v1:hi');
  });

  it('sees edits to plugin files and their imports on the next load (no stale module cache)', async () => {
    const project = await setUp();
    expect(await echo((await loadAll(project)).plugins)).toBe('v1:hi');

    await project.write('plugins/lib/prefix.ts', "export const prefix = 'v2:';\n");
    expect(await echo((await loadAll(project)).plugins)).toBe('v2:hi');

    await project.write('plugins/echo.ts', toolPlugin('Echo', 'rewritten:'));
    await project.write('plugins/syntax.ts', `${PLUGIN_IMPORTS}\nexport default ${toolExpression('Fixed')};\n`);
    await project.remove('plugins/number.ts');
    const { plugins, errors } = await loadAll(project);
    expect(await echo(plugins)).toBe('rewritten:hi');
    expect(plugins.map((plugin) => plugin.name)).toContain('syntax');
    expect(errors.map((error) => error.file?.slice(project.root.length + 1))).toEqual(['plugins/throws.ts', 'plugins/zz-duplicate.ts']);
  });

  it('returns no plugins and no errors for a project without any', async () => {
    const project = await createTempProject({ files: { 'package.json': '{}' } });
    projects.push(project);
    expect(await loadAll(project)).toEqual({ plugins: [], errors: [] });
  });
});
