import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { defineHook, isToolHook } from '../hooks/define-hook.ts';
import { isPermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isTool } from '../tool/build-tool.ts';
import { createPluginImporter, type PluginImporter } from './create-plugin-importer.ts';
import { definePlugin } from './define-plugin.ts';
import { loadPlugin } from './load-plugin.ts';
import { codevModule, createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolExpression, toolPlugin } from './test-fixtures/plugin-sources.ts';
import type { LoadedPlugin, PluginLogEntry } from './types.ts';

let fixture: TempProject;
const importer = createPluginImporter();
beforeAll(async () => {
  fixture = await createTempProject({ files: { 'package.json': '{"type":"module"}' } });
});
afterAll(async () => fixture.cleanup());

async function load(name: string, content: string, logs: PluginLogEntry[] = []): Promise<LoadedPlugin> {
  const file = await fixture.write(`plugins/${name}`, content);
  return loadPlugin({ source: { kind: 'file', file }, cwd: fixture.root, importer, logger: (entry) => logs.push(entry) });
}

async function failure(name: string, content: string): Promise<CodevError> {
  const error = await load(name, content).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CodevError.isInstance(error)) throw new Error(`expected a CodevError, got ${String(error)}`);
  return error;
}

describe('loadPlugin: what a plugin file may export', () => {
  it('a single tool, named after the file, with its source recorded', async () => {
    const plugin = await load('echo.ts', toolPlugin('Echo'));
    expect(plugin).toMatchObject({ id: fixture.path('plugins/echo.ts'), name: 'echo', file: fixture.path('plugins/echo.ts'), hooks: [], ruleSets: [] });
    expect(plugin.tools.map((tool) => tool.name)).toEqual(['Echo']);
    expect(isTool(plugin.tools[0])).toBe(true);
    expect(plugin.toolSources.get('Echo')).toEqual({ type: 'plugin', file: fixture.path('plugins/echo.ts'), plugin: 'echo' });
  });

  it('a definePlugin with tools, hooks and rules; hooks and rule sets are named after the plugin', async () => {
    const plugin = await load(
      'team.ts',
      `${PLUGIN_IMPORTS}
export default definePlugin({
  name: 'team',
  tools: [${toolExpression('Deploy')}],
  hooks: [
    defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => undefined }),
    defineHook({ event: 'PostToolUse', name: 'audit', handler: () => undefined }),
  ],
  rules: [definePermissionRule({ deny: ['Bash(git push *)'] }), definePermissionRule({ name: 'no-write', ask: ['Write'] })],
});
`,
    );
    expect(plugin.name).toBe('team');
    expect(plugin.hooks.map((hook) => hook.name)).toEqual(['team:0', 'team:audit']);
    expect(plugin.hooks.every(isToolHook)).toBe(true);
    expect(plugin.ruleSets.map((ruleSet) => [ruleSet.name, ruleSet.deny, ruleSet.ask])).toEqual([
      ['team:0', ['Bash(git push *)'], []],
      ['team:no-write', [], ['Write']],
    ]);
    expect(plugin.ruleSets.every(isPermissionRuleSet)).toBe(true);
    expect(plugin.toolSources.get('Deploy')).toEqual({ type: 'plugin', file: fixture.path('plugins/team.ts'), plugin: 'team' });
  });

  it('a single hook, a rule set, or a bare rule function', async () => {
    const hook = await load('guard.ts', `${PLUGIN_IMPORTS}\nexport default defineHook({ event: 'PreToolUse', matcher: 'Bash', handler: () => ({ decision: 'deny' as const }) });\n`);
    expect(hook.hooks.map((item) => [item.name, item.matcher])).toEqual([['guard:0', 'Bash']]);
    const rules = await load('rules.ts', `${PLUGIN_IMPORTS}\nexport default definePermissionRule({ allow: ['Read'], deny: ['Bash(rm *)'] });\n`);
    expect(rules.ruleSets[0]).toMatchObject({ name: 'rules:0', allow: ['Read'], deny: ['Bash(rm *)'] });
    const fn = await load('fn.ts', "export default function noWrite(tool: { name: string }) {\n  return tool.name === 'Write' ? 'deny' : undefined;\n}\n");
    expect(fn.ruleSets[0]?.name).toBe('fn:noWrite');
    expect(await fn.ruleSets[0]?.check?.({ name: 'Write' } as never, {}, {} as never)).toBe('deny');
  });

  it('an array of tools, hooks, rule sets and functions', async () => {
    const plugin = await load(
      'mixed.mts',
      `${PLUGIN_IMPORTS}\nexport default [${toolExpression('A')}, ${toolExpression('B')}, defineHook({ event: 'PostToolUse', handler: () => undefined }), () => undefined];\n`,
    );
    expect(plugin.tools.map((tool) => tool.name)).toEqual(['A', 'B']);
    expect(plugin.hooks).toHaveLength(1);
    expect(plugin.ruleSets.map((ruleSet) => ruleSet.name)).toEqual(['mixed:0']);
  });

  it('a single qualifying named export when there is no default', async () => {
    const plugin = await load('named.ts', `${PLUGIN_IMPORTS}\nexport const helper = () => 1;\nexport const version = 2;\nexport const echoTool = ${toolExpression('Named')};\n`);
    expect(plugin.tools.map((tool) => tool.name)).toEqual(['Named']);
  });

  it('plain JavaScript and a folder plugin named after its folder', async () => {
    const plugin = await load('deploy/index.js', `import { buildTool } from '${codevModule('tool/build-tool.ts')}';\nimport { z } from 'zod';\nexport default ${toolExpression('JsTool')};\n`);
    expect(plugin.name).toBe('deploy');
    expect(plugin.tools[0]?.name).toBe('JsTool');
  });

  it('an inline plugin from the config', async () => {
    const inline = definePlugin({ name: 'inline', hooks: [defineHook({ event: 'PreToolUse', handler: () => undefined })] });
    const plugin = await loadPlugin({ source: { kind: 'inline', plugin: inline, file: '/p/codev.config.ts' }, cwd: '/p' });
    expect(plugin).toMatchObject({ id: 'inline:inline', name: 'inline', file: '/p/codev.config.ts' });
    expect(plugin.hooks[0]?.name).toBe('inline:0');
  });
});

describe('loadPlugin: setup', () => {
  it('runs setup with a tagged context, adds what it returns and disposes last-first once', async () => {
    const logs: PluginLogEntry[] = [];
    const plugin = await load(
      'lifecycle.ts',
      `${PLUGIN_IMPORTS}
export const order: string[] = [];
export default definePlugin({
  name: 'life',
  setup(ctx) {
    ctx.log('hello from ' + ctx.pluginName + ' in ' + ctx.cwd);
    ctx.warn('careful');
    ctx.onDispose(() => { ctx.log('first disposer'); });
    ctx.onDispose(async () => { ctx.log('second disposer'); });
    ctx.onDispose(() => { throw new Error('disposer broke'); });
    return { tools: [${toolExpression('FromSetup')}] };
  },
});
`,
      logs,
    );
    expect(plugin.tools.map((tool) => tool.name)).toEqual(['FromSetup']);
    expect(logs).toEqual([
      { level: 'log', plugin: 'life', message: `hello from life in ${fixture.root}` },
      { level: 'warn', plugin: 'life', message: 'careful' },
    ]);
    await plugin.dispose();
    await plugin.dispose();
    expect(logs.slice(2)).toEqual([
      { level: 'warn', plugin: 'life', message: 'a disposer failed: disposer broke' },
      { level: 'log', plugin: 'life', message: 'second disposer' },
      { level: 'log', plugin: 'life', message: 'first disposer' },
    ]);
  });

  it('reports a setup that throws, with its line, after running the disposers it registered', async () => {
    const logs: PluginLogEntry[] = [];
    const file = await fixture.write(
      'plugins/setup-throws.ts',
      `${PLUGIN_IMPORTS}
export default definePlugin({
  name: 'fragile',
  setup(ctx) {
    ctx.onDispose(() => ctx.log('cleaned up'));
    throw new Error('no token');
  },
});
`,
    );
    const error = await loadPlugin({ source: { kind: 'file', file }, cwd: fixture.root, importer, logger: (entry) => logs.push(entry) }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', file, line: 11, plugin: file });
    expect((error as CodevError).message).toContain('setup() threw: no token');
    expect(logs.map((entry) => entry.message)).toEqual(['cleaned up']);
  });

  it('rejects what setup returns when it is not tools, hooks and rules', async () => {
    const error = await failure('setup-bad.ts', `${PLUGIN_IMPORTS}\nexport default definePlugin({ name: 'bad', setup: () => ({ tools: [42] }) });\n`);
    expect(error).toMatchObject({ code: 'PLUGIN_INVALID' });
    expect(error.message).toContain('tools[0]');
  });
});

describe('loadPlugin: failures', () => {
  it('a default export that is a number', async () => {
    const error = await failure('number.ts', 'export default 42;\n');
    expect(error).toMatchObject({ code: 'PLUGIN_INVALID', file: fixture.path('plugins/number.ts') });
    expect(error.message).toBe('Default export is a number (42), not a plugin, tool, hook or rule set');
    expect(error.hint).toContain('definePlugin');
  });

  it('an array element that does not qualify, by index', async () => {
    const error = await failure('bad-array.ts', `${PLUGIN_IMPORTS}\nexport default [${toolExpression('Ok')}, 'nope'];\n`);
    expect(error.message).toContain('Default export[1] is the string "nope"');
  });

  it('no qualifying export, or several', async () => {
    expect((await failure('nothing.ts', 'export const a = 1;\n')).message).toContain('none of its exports (a)');
    const several = await failure('several.ts', `${PLUGIN_IMPORTS}\nexport const one = ${toolExpression('One')};\nexport const two = ${toolExpression('Two')};\n`);
    expect(several.message).toContain('2 exports that could be the plugin (one, two)');
  });

  it('a syntax error, with file, line and column', async () => {
    const error = await failure('syntax.ts', "import { z } from 'zod';\n\nconst broken = {;\nexport default broken;\n");
    expect(error).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', file: fixture.path('plugins/syntax.ts'), line: 3, column: 17 });
    expect(error.format()).toMatch(new RegExp(`^PLUGIN_LOAD_FAILED: .+\\n  at ${fixture.path('plugins/syntax.ts')}:3:17\\n  fix: fix the syntax error in syntax.ts`));
  });

  it('a throw at import time, at the throwing line', async () => {
    const error = await failure('throws.ts', "interface Shape {\n  a: string;\n}\nconst shape: Shape = { a: 'x' };\nthrow new Error('boom ' + shape.a);\n");
    expect(error).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', message: 'boom x', line: 5 });
    expect(error.hint).toContain('setup(ctx)');
  });

  it('a missing import, at the import line', async () => {
    const error = await failure('missing-import.ts', "import { z } from 'zod';\nimport { helper } from './lib/nope.ts';\nexport default helper;\n");
    expect(error).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', line: 2, column: 24 });
    expect(error.hint).toContain('./lib/nope.ts');
    const pkg = await failure('missing-package.ts', "import thing from '@nobody/not-installed/sub';\nexport default thing;\n");
    expect(pkg.hint).toContain('npm install @nobody/not-installed');
  });

  it('a missing file or a folder without an index', async () => {
    const missing = await loadPlugin({ source: { kind: 'file', file: fixture.path('plugins/absent.ts') }, cwd: fixture.root }).catch((reason: unknown) => reason);
    expect(missing).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', file: fixture.path('plugins/absent.ts') });
    expect((missing as CodevError).message).toContain('not found');
    await fixture.write('plugins/no-index/helper.ts', '');
    const folder = await loadPlugin({ source: { kind: 'file', file: fixture.path('plugins/no-index') }, cwd: fixture.root }).catch((reason: unknown) => reason);
    expect((folder as CodevError).message).toContain('has no index.ts');
  });

  it('a codev API rejecting a definition at import time becomes PLUGIN_INVALID at that line', async () => {
    const error = await failure('bad-rule.ts', `${PLUGIN_IMPORTS}\nexport default definePermissionRule({\n  deny: ['Bash(oops'],\n});\n`);
    expect(error).toMatchObject({ code: 'PLUGIN_INVALID', file: fixture.path('plugins/bad-rule.ts'), line: 7 });
    expect(error.message).toMatch(/^RULE_INVALID: Invalid permission rule "Bash\(oops"/);
  });

  it('two tools with one name in the same plugin', async () => {
    const error = await failure('twins.ts', `${PLUGIN_IMPORTS}\nexport default [${toolExpression('Twin')}, ${toolExpression('Twin')}];\n`);
    expect(error).toMatchObject({ code: 'PLUGIN_INVALID', tool: 'Twin' });
  });
});
