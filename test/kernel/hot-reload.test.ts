import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel, KernelOptions } from '../../src/kernel/types.ts';
import { codevModule, createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { resultText, runTool } from '../../src/testing/run-tool.ts';
import { allowAll, atomicSave, nextEvent, pluginLog, recordEvents, versionedPlugin, vimSave } from './hot-reload-helpers.ts';

const projects: TempProject[] = [];
const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()));
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

async function project(files: Record<string, string>): Promise<TempProject> {
  const created = await createTempProject({ files: { 'package.json': '{ "type": "module" }', ...files } });
  projects.push(created);
  return created;
}

async function watching(dir: TempProject, options: KernelOptions = {}): Promise<Kernel> {
  const kernel = await createKernel({ cwd: dir.root, watch: true, env: {}, ...options });
  kernels.push(kernel);
  return kernel;
}

async function echo(kernel: Kernel, message = 'x', name = 'Echo') {
  const { result } = await runTool({ name, input: { message }, context: kernel.createToolUseContext(), canUseTool: allowAll });
  return { status: result.status, text: resultText(result) };
}

const configTs = (body: string) => `import { defineConfig } from '${codevModule('config/define-config.ts')}';\nexport default defineConfig(${body});\n`;

describe('hot reload', () => {
  it('an edited plugin swaps its behaviour; the old version is disposed once, after the swap', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await watching(dir);
    expect(kernel.generation.number).toBe(1);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v1:x' });
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v2', log }));
    const event = await reloaded;
    expect(event.generation.number).toBe(2);
    expect(event.previous.number).toBe(1);
    expect(event.diff.tools).toEqual({ added: [], removed: [], changed: ['Echo'] });
    expect(kernel.generation).toBe(event.generation);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v2:x' });
    await expect.poll(() => pluginLog(log)).toEqual(['setup v1', 'setup v2', 'dispose v1']);
  });

  it('a call that started before the edit finishes with the old code; a new call uses the new code', async () => {
    const log = `log-${randomUUID()}`;
    const gate = `gate-${randomUUID()}`;
    let open!: () => void;
    (globalThis as Record<string, unknown>)[gate] = new Promise<void>((resolve) => (open = resolve));
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'old', log, gate }) });
    const kernel = await watching(dir);
    const running = runTool({ name: 'Echo', input: { message: 'first' }, context: kernel.createToolUseContext(), canUseTool: allowAll });
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'new', log }));
    await reloaded;
    expect(await echo(kernel, 'second')).toEqual({ status: 'ok', text: 'new:second' });
    // The old plugin is retired, but not disposed while its call is still running.
    expect(pluginLog(log)).toEqual(['setup old', 'setup new']);
    open();
    expect(resultText((await running).result)).toBe('old:first');
    await expect.poll(() => pluginLog(log)).toEqual(['setup old', 'setup new', 'dispose old']);
  });

  it('an atomic save (temp file + rename) and a vim-style save each reload once', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await watching(dir);
    const events = recordEvents(kernel);
    let reloaded = nextEvent(kernel, 'reload');
    await atomicSave(dir.path('plugins/echo.ts'), versionedPlugin({ version: 'v2', log }));
    expect((await reloaded).diff.tools.changed).toEqual(['Echo']);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v2:x' });
    reloaded = nextEvent(kernel, 'reload');
    await vimSave(dir.path('plugins/echo.ts'), versionedPlugin({ version: 'v3', log }));
    expect((await reloaded).diff.tools.changed).toEqual(['Echo']);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v3:x' });
    // A later, unrelated save: had either save reloaded twice, there would be a reload in between.
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/other.ts', toolPlugin('Other'));
    const sentinel = await reloaded;
    expect(sentinel.diff.tools).toEqual({ added: ['Other'], removed: [], changed: [] });
    expect(events.reload.map((event) => event.generation.number)).toEqual([2, 3, 4]);
    expect(events['reload-error']).toEqual([]);
  });

  it('two saves in quick succession end on the second one (a shorter debounce is raised to 50 ms)', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    // chokidar drops a change within 50 ms of the previous one: reading sooner would miss the second save.
    const kernel = await watching(dir, { debounceMs: 1 });
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v2', log }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v3', log }));
    await reloaded;
    await expect.poll(async () => (await echo(kernel)).text, { timeout: 10_000 }).toBe('v3:x');
  });

  it('a syntax error keeps the last good version and reports file and line; fixing it reloads', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await watching(dir);
    const failed = nextEvent(kernel, 'reload-error');
    await dir.write('plugins/echo.ts', `${PLUGIN_IMPORTS}\nexport default definePlugin({ name: 'echo',, });\n`);
    const error = await failed;
    expect(error.kept).toBe(false);
    expect(error.errors).toHaveLength(1);
    expect(error.errors[0]).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', file: dir.path('plugins/echo.ts'), line: 7 });
    expect(error.errors[0]!.message).not.toBe('');
    expect(kernel.errors).toEqual(error.errors);
    // The last good Echo still runs, and its rules are known, so calls are not made to ask.
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v1:x' });
    expect(kernel.ruleSets).toEqual([]);
    expect(pluginLog(log)).toEqual(['setup v1']);
    const fixed = nextEvent(kernel, 'reload');
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v2', log }));
    expect((await fixed).errors).toEqual([]);
    expect(kernel.errors).toEqual([]);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v2:x' });
    await expect.poll(() => pluginLog(log)).toEqual(['setup v1', 'setup v2', 'dispose v1']);
  });

  it('deleting a plugin removes its tool and disposes it; adding a plugin file adds its tool', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await watching(dir);
    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/greet.ts', toolPlugin('Greet', 'hello '));
    expect((await reloaded).diff.tools).toEqual({ added: ['Greet'], removed: [], changed: [] });
    expect(await echo(kernel, 'you', 'Greet')).toEqual({ status: 'ok', text: 'hello you' });
    reloaded = nextEvent(kernel, 'reload');
    await dir.remove('plugins/echo.ts');
    expect((await reloaded).diff.tools).toEqual({ added: [], removed: ['Echo'], changed: [] });
    expect(kernel.tools.map((tool) => tool.name)).not.toContain('Echo');
    expect((await echo(kernel)).status).toBe('not-found');
    await expect.poll(() => pluginLog(log)).toEqual(['setup v1', 'dispose v1']);
  });

  it('a folder plugin reloads when a file it imports changes', async () => {
    const dir = await project({
      'plugins/kit/index.ts': `${PLUGIN_IMPORTS}import { prefix } from './prefix.ts';\nexport default buildTool({ name: 'Kit', description: 'Kit', inputSchema: z.object({ message: z.string() }), isReadOnly: () => true, call: ({ message }) => ({ data: prefix + message }) });\n`,
      'plugins/kit/prefix.ts': `export const prefix = 'one:';\n`,
    });
    const kernel = await watching(dir);
    expect(await echo(kernel, 'x', 'Kit')).toEqual({ status: 'ok', text: 'one:x' });
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/kit/prefix.ts', `export const prefix = 'two:';\n`);
    expect((await reloaded).diff.tools.changed).toEqual(['Kit']);
    expect(await echo(kernel, 'x', 'Kit')).toEqual({ status: 'ok', text: 'two:x' });
  });

  it('editing codev.config.ts changes permissions; an invalid config keeps the last generation', async () => {
    const dir = await project({
      'codev.config.ts': configTs(`{ permissions: { allow: ['Echo'] } }`),
      'plugins/echo.ts': toolPlugin('Echo', 'e:'),
      'plugins/other.ts': toolPlugin('Other', 'o:'),
    });
    const kernel = await watching(dir);
    expect(await echo(kernel, 'x', 'Other')).toEqual({ status: 'ok', text: 'o:x' });
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('codev.config.ts', configTs(`{ permissions: { allow: ['Echo'], deny: ['Other', 'Echo(message:secret)'] } }`));
    const event = await reloaded;
    expect(event.diff.rules).toEqual({ added: ['deny:project:Other', 'deny:project:Echo(message:secret)'], removed: [], changed: [] });
    expect(event.diff.tools).toEqual({ added: [], removed: ['Other'], changed: [] });
    expect((await echo(kernel, 'x', 'Other')).status).toBe('not-found');
    expect((await echo(kernel, 'secret')).status).toBe('denied');
    expect(await echo(kernel, 'public')).toEqual({ status: 'ok', text: 'e:public' });

    const events = recordEvents(kernel);
    let failed = nextEvent(kernel, 'reload-error');
    await dir.write('codev.config.ts', configTs(`{ permissions: { deny: ['Bash(oops'] } }`));
    expect(await failed).toMatchObject({ kept: true, generation: { number: 2 }, errors: [{ code: 'CONFIG_INVALID', file: dir.path('codev.config.ts') }] });
    failed = nextEvent(kernel, 'reload-error');
    await dir.write('codev.config.ts', `export default {{{\n`);
    expect(await failed).toMatchObject({ kept: true, errors: [{ code: 'CONFIG_LOAD_FAILED', file: dir.path('codev.config.ts'), line: 1 }] });
    expect(events.reload).toEqual([]);
    expect(kernel.generation.number).toBe(2);
    expect((await echo(kernel, 'secret')).status).toBe('denied');
    expect(kernel.errors).toEqual([]);
  });

  it('a config created after start is picked up', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'e:') });
    const kernel = await watching(dir);
    expect(kernel.configFile).toBeUndefined();
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('codev.config.json', JSON.stringify({ permissions: { deny: ['Echo'] } }));
    expect((await reloaded).diff.tools.removed).toEqual(['Echo']);
    expect(kernel.configFile).toBe(dir.path('codev.config.json'));
  });

  it('the reload event lists tools, hooks and rules added, removed and changed', async () => {
    const kit = (tools: string, hooks: string, rules: string) => `${PLUGIN_IMPORTS}
const tool = (name) => buildTool({ name, description: name, inputSchema: z.object({}), call: () => ({ data: name }) });
const hook = (name) => defineHook({ name, event: 'PreToolUse', handler: () => undefined });
export default definePlugin({ name: 'kit', tools: [${tools}], hooks: [${hooks}], rules: [${rules}] });
`;
    const dir = await project({
      'plugins/kit.ts': kit(`tool('Alpha'), tool('Beta')`, `hook('audit'), hook('trace')`, `definePermissionRule({ name: 'strict', deny: ['Alpha(x:1)'] })`),
      'plugins/stable.ts': toolPlugin('Stable'),
    });
    const kernel = await watching(dir);
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/kit.ts', kit(`tool('Alpha'), tool('Gamma')`, `hook('audit'), hook('lint')`, `definePermissionRule({ name: 'strict', ask: ['Gamma'] })`));
    const { diff } = await reloaded;
    expect(diff.tools).toEqual({ added: ['Gamma'], removed: ['Beta'], changed: ['Alpha'] });
    expect(diff.hooks).toEqual({ added: ['kit:lint'], removed: ['kit:trace'], changed: ['kit:audit'] });
    expect(diff.rules).toEqual({ added: ['ask:plugin:Gamma'], removed: ['deny:plugin:Alpha(x:1)'], changed: ['set:kit:strict'] });
  });

  it('a plugin broken at startup stays guarded until it loads; other reloads keep the guard', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'e:'), 'plugins/broken.ts': 'export default {{{\n' });
    const kernel = await watching(dir);
    expect(kernel.errors.map((error) => error.code)).toEqual(['PLUGIN_LOAD_FAILED']);
    expect(kernel.ruleSets.map((set) => set.name)).toEqual([`unloaded rules from ${dir.path('plugins/broken.ts')}`]);
    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/echo.ts', toolPlugin('Echo', 'e2:'));
    const unrelated = await reloaded;
    expect(unrelated.errors).toEqual([]);
    expect(unrelated.diff.rules).toEqual({ added: [], removed: [], changed: [] });
    expect(kernel.errors.map((error) => error.code)).toEqual(['PLUGIN_LOAD_FAILED']);
    const guarded = await runTool({ name: 'Echo', input: { message: 'x' }, context: kernel.createToolUseContext() });
    expect(guarded.result.status).toBe('denied');
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/broken.ts', toolPlugin('Fixed'));
    const fixed = await reloaded;
    expect(fixed.diff.tools.added).toEqual(['Fixed']);
    expect(fixed.diff.rules.removed).toEqual([`set:unloaded rules from ${dir.path('plugins/broken.ts')}`]);
    expect(kernel.errors).toEqual([]);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'e2:x' });
  });

  it('an edited local settings file changes the local rules', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'e:') });
    const kernel = await watching(dir);
    const reloaded = nextEvent(kernel, 'reload');
    await dir.write('.codev/settings.local.json', JSON.stringify({ permissions: { deny: ['Echo(message:no)'] } }));
    expect((await reloaded).diff.rules.added).toEqual(['deny:local:Echo(message:no)']);
    expect((await echo(kernel, 'no')).status).toBe('denied');
  });

  it('a local settings file that is deleted and written again is still watched', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'e:'), '.codev/settings.local.json': JSON.stringify({ permissions: { deny: ['Echo(message:a)'] } }) });
    const kernel = await watching(dir);
    let reloaded = nextEvent(kernel, 'reload');
    await dir.remove('.codev/settings.local.json');
    expect((await reloaded).diff.rules.removed).toEqual(['deny:local:Echo(message:a)']);
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('.codev/settings.local.json', JSON.stringify({ permissions: { deny: ['Echo(message:b)'] } }));
    expect((await reloaded).diff.rules.added).toEqual(['deny:local:Echo(message:b)']);
  });

  it('a plugin folder added to the config is loaded, then watched', async () => {
    const dir = await project({ 'codev.config.json': '{}', 'plugins/echo.ts': toolPlugin('Echo', 'e:'), 'more/greet.ts': toolPlugin('Greet', 'g1:') });
    const kernel = await watching(dir);
    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('codev.config.json', JSON.stringify({ pluginDirs: ['plugins', 'more'] }));
    expect((await reloaded).diff.tools.added).toEqual(['Greet']);
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('more/greet.ts', toolPlugin('Greet', 'g2:'));
    expect((await reloaded).diff.tools.changed).toEqual(['Greet']);
    expect(await echo(kernel, 'x', 'Greet')).toEqual({ status: 'ok', text: 'g2:x' });
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('codev.config.json', '{}');
    expect((await reloaded).diff.tools.removed).toEqual(['Greet']);
  });

  it('close() stops watching and disposes the plugins; a later edit emits nothing', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await watching(dir);
    const events = recordEvents(kernel);
    await kernel.close();
    expect(pluginLog(log)).toEqual(['setup v1', 'dispose v1']);
    await kernel.close();
    await expect(kernel.reload()).rejects.toThrow('closed');
    // A second kernel on the same project proves the edit was seen by a watcher; the closed one stays silent.
    const witness = await watching(dir);
    const seen = nextEvent(witness, 'reload');
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v2', log }));
    await seen;
    expect(events.reload).toEqual([]);
    expect(events['reload-error']).toEqual([]);
    expect(kernel.generation.number).toBe(1);
  });
});

describe('kernel.reload()', () => {
  it('reloads on demand without a watcher and returns the new generation or the errors', async () => {
    const log = `log-${randomUUID()}`;
    const dir = await project({ 'plugins/echo.ts': versionedPlugin({ version: 'v1', log }) });
    const kernel = await createKernel({ cwd: dir.root, env: {} });
    kernels.push(kernel);
    await dir.write('plugins/echo.ts', versionedPlugin({ version: 'v2', log }));
    const result = await kernel.reload();
    expect(result).toMatchObject({ ok: true, generation: { number: 2 }, errors: [] });
    expect(result.ok && result.diff.tools.changed).toEqual(['Echo']);
    expect(await echo(kernel)).toEqual({ status: 'ok', text: 'v2:x' });
    await dir.write('codev.config.json', '{ "permissions": { "mode": "yolo" } }');
    const failed = await kernel.reload();
    expect(failed).toMatchObject({ ok: false, generation: { number: 2 }, errors: [{ code: 'CONFIG_INVALID', field: 'permissions.mode' }] });
    expect(kernel.generation.number).toBe(2);
    await expect.poll(() => pluginLog(log)).toEqual(['setup v1', 'setup v2', 'dispose v1']);
  });

  it('a context can carry a session over to the new generation: its added rules, mode and directory', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'v1:') });
    const kernel = await createKernel({ cwd: dir.root, env: {} });
    kernels.push(kernel);
    const first = kernel.createToolUseContext();
    first.permissionContext = { ...first.permissionContext, mode: 'acceptEdits', alwaysDenyRules: { ...first.permissionContext.alwaysDenyRules, session: ['Echo(message:stop)'] } };
    await dir.write('plugins/echo.ts', toolPlugin('Echo', 'v2:'));
    await kernel.reload();
    const next = kernel.createToolUseContext({ carryOver: first });
    expect(next.sessionDirectory).toBe(first.sessionDirectory);
    expect(next.permissionContext.mode).toBe('acceptEdits');
    expect(next.permissionContext.alwaysDenyRules.session).toEqual(['Echo(message:stop)']);
    expect(next.tools).toBe(kernel.tools);
    const stopped = await runTool({ name: 'Echo', input: { message: 'stop' }, context: next, canUseTool: allowAll });
    expect(stopped.result.status).toBe('denied');
    const ran = await runTool({ name: 'Echo', input: { message: 'go' }, context: next, canUseTool: allowAll });
    expect(resultText(ran.result)).toBe('v2:go');
  });
});
