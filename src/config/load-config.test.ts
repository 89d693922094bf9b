import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { isPlugin } from '../plugins/define-plugin.ts';
import { codevModule, createTempProject, type TempProject } from '../plugins/test-fixtures/create-temp-project.ts';
import { loadConfig } from './load-config.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

async function project(files: Record<string, string>, location?: 'repo' | 'os-tmpdir'): Promise<TempProject> {
  const created = await createTempProject({ files: { 'package.json': '{"name":"fixture","type":"module"}', ...files }, location });
  projects.push(created);
  return created;
}

async function failure(cwd: string): Promise<CodevError> {
  const error = await loadConfig({ cwd }).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CodevError.isInstance(error)) throw new Error(`expected a CodevError, got ${String(error)}`);
  return error;
}

const TS_CONFIG = `import { z } from 'zod';
import { defineConfig } from '${codevModule('config/define-config.ts')}';
import { mode } from './helper.ts';

const Backend = z.enum(['searxng', 'tavily']);
export default defineConfig({
  permissions: { mode, deny: ['Bash(git push *)'] },
  tools: { WebSearch: { backend: Backend.parse('searxng') } },
});
`;

describe('loadConfig', () => {
  it('returns defaults and the project root when there is no config', async () => {
    const fixture = await project({ 'src/index.ts': '' });
    const loaded = await loadConfig({ cwd: fixture.path('src') });
    expect(loaded.file).toBeUndefined();
    expect(loaded.root).toBe(fixture.root);
    expect(loaded.config.pluginDirs).toEqual(['plugins']);
  });

  it('loads codev.config.ts importing a local helper and zod', async () => {
    const fixture = await project({ 'codev.config.ts': TS_CONFIG, 'helper.ts': "export const mode: 'plan' | 'default' = 'plan';\n" });
    const loaded = await loadConfig({ cwd: fixture.root });
    expect(loaded.file).toBe(fixture.path('codev.config.ts'));
    expect(loaded.root).toBe(fixture.root);
    expect(loaded.config.permissions).toMatchObject({ mode: 'plan', deny: ['Bash(git push *)'] });
    expect(loaded.config.tools).toEqual({ WebSearch: { backend: 'searxng' } });
  });

  it('sees an edit of the config and of the file it imports on the next load', async () => {
    const fixture = await project({ 'codev.config.ts': TS_CONFIG, 'helper.ts': "export const mode = 'plan';\n" });
    expect((await loadConfig({ cwd: fixture.root })).config.permissions.mode).toBe('plan');
    await fixture.write('helper.ts', "export const mode = 'acceptEdits';\n");
    expect((await loadConfig({ cwd: fixture.root })).config.permissions.mode).toBe('acceptEdits');
    await fixture.write('codev.config.ts', "export default { model: 'edited' };\n");
    expect((await loadConfig({ cwd: fixture.root })).config.model).toBe('edited');
  });

  it.each([
    ['.codevrc', 'model: rc-yaml\n'],
    ['.codevrc.json', '{ "model": "rc-json" }'],
    ['.codevrc.yaml', 'model: rc-yaml\n'],
    ['.codevrc.yml', 'model: rc-yml\n'],
    ['.codevrc.js', "export default { model: 'rc-js' };\n"],
    ['.codevrc.mjs', "export default { model: 'rc-mjs' };\n"],
    ['.codevrc.ts', "const model: string = 'rc-ts';\nexport default { model };\n"],
    ['.codevrc.mts', "const model: string = 'rc-mts';\nexport default { model };\n"],
    ['codev.config.mts', "export default { model: 'config-mts' as string };\n"],
    ['codev.config.js', "export default { model: 'config-js' };\n"],
    ['codev.config.mjs', "export default { model: 'config-mjs' };\n"],
    ['codev.config.json', '{ "model": "config-json" }'],
  ])('finds %s', async (name, content) => {
    const fixture = await project({ [name]: content });
    const loaded = await loadConfig({ cwd: fixture.root });
    expect(loaded.file).toBe(fixture.path(name));
    expect(loaded.config.model).toMatch(/^(rc|config)-/);
  });

  it('never reads the codev key of package.json (npm rewrites it), and warns about one', async () => {
    const fixture = await project({ 'package.json': '{ "name": "x", "codev": { "model": "from-package", "permissions": { "mode": "bypassPermissions" } } }', 'codev.config.json': '{ "model": "other" }' });
    const loaded = await loadConfig({ cwd: fixture.root });
    expect(loaded.file).toBe(fixture.path('codev.config.json'));
    expect(loaded.config.model).toBe('other');
    expect(loaded.warnings).toEqual([expect.stringContaining(fixture.path('package.json'))]);
    const alone = await project({ 'package.json': '{ "name": "x", "codev": { "permissions": { "mode": "bypassPermissions" } } }' });
    const none = await loadConfig({ cwd: alone.root });
    expect(none.file).toBeUndefined();
    expect(none.config.permissions?.mode).toBeUndefined();
  });

  it('refuses two config files, without importing either: a planted one can neither shadow nor run', async () => {
    const planted = "import { writeFileSync } from 'node:fs'; writeFileSync('PWNED', ''); export default { model: 'planted' };\n";
    const beside = await project({ 'codev.config.ts': "export default { model: 'main' };\n", '.codevrc.mjs': planted });
    await expect(loadConfig({ cwd: beside.root })).rejects.toMatchObject({ code: 'CONFIG_INVALID', file: beside.path('.codevrc.mjs') });
    const nearer = await project({ 'codev.config.ts': "export default { model: 'main' };\n", 'src/codev.config.mjs': planted });
    await expect(loadConfig({ cwd: nearer.path('src') })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(existsSync(beside.path('PWNED')) || existsSync(nearer.path('src/PWNED')) || existsSync('PWNED')).toBe(false);
  });

  it('takes an empty file or a folder with a config name for no config', async () => {
    const fixture = await project({ 'codev.config.ts': "export default { model: 'main' };\n", '.codevrc': '', '.codevrc.json/keep': '' });
    expect((await loadConfig({ cwd: fixture.root })).config.model).toBe('main');
  });

  it('searches upward from a subfolder to the project root', async () => {
    const fixture = await project({ 'codev.config.json': '{ "model": "top" }', 'src/deep/file.ts': '' });
    const loaded = await loadConfig({ cwd: fixture.path('src/deep') });
    expect(loaded.config.model).toBe('top');
    expect(loaded.root).toBe(fixture.root);
  });

  it('does not climb out of a nested project into its parent', async () => {
    const fixture = await project({ 'codev.config.json': '{ "model": "parent" }', 'child/package.json': '{}', 'child/src/a.ts': '' });
    const loaded = await loadConfig({ cwd: fixture.path('child/src') });
    expect(loaded.file).toBeUndefined();
    expect(loaded.root).toBe(fixture.path('child'));
    expect(loaded.config.model).toBeUndefined();
  });

  it('searches only cwd when there is no project root above it', async () => {
    const fixture = await createTempProject({ location: 'os-tmpdir', files: { 'codev.config.json': '{ "model": "here" }', 'sub/a.txt': '' } });
    projects.push(fixture);
    expect((await loadConfig({ cwd: fixture.root })).config.model).toBe('here');
    const nested = await loadConfig({ cwd: fixture.path('sub') });
    expect(nested.file).toBeUndefined();
    expect(nested.root).toBe(fixture.path('sub'));
  });

  it('keeps inline plugins from a TS config', async () => {
    const fixture = await project({
      'codev.config.ts': `import { definePlugin } from '${codevModule('plugins/define-plugin.ts')}';\nexport default { plugins: ['./a.ts', definePlugin({ name: 'inline' })] };\n`,
    });
    const { config } = await loadConfig({ cwd: fixture.root });
    expect(config.plugins[0]).toBe('./a.ts');
    expect(isPlugin(config.plugins[1])).toBe(true);
  });

  it('reports a syntax error with file, line and column', async () => {
    const fixture = await project({ 'codev.config.ts': "export default {\n  model: 'x',,\n};\n" });
    const error = await failure(fixture.root);
    expect(error.code).toBe('CONFIG_LOAD_FAILED');
    expect(error).toMatchObject({ file: fixture.path('codev.config.ts'), line: 2, column: 14 });
    expect(error.hint).toContain('syntax');
  });

  it('locates a throw at import time and a missing import', async () => {
    const throwing = await project({ 'codev.config.ts': "const a = 1;\nthrow new Error('config exploded');\nexport default {};\n" });
    expect(await failure(throwing.root)).toMatchObject({ code: 'CONFIG_LOAD_FAILED', file: throwing.path('codev.config.ts'), line: 2 });
    const missing = await project({ 'codev.config.ts': "import { x } from './nope.ts';\nexport default { model: x };\n" });
    const error = await failure(missing.root);
    expect(error).toMatchObject({ code: 'CONFIG_LOAD_FAILED', file: missing.path('codev.config.ts'), line: 1, column: 19 });
    expect(error.message).toContain("Cannot find module './nope.ts'");
    expect(error.hint).toContain('./nope.ts');
  });

  it('points at the imported file when the error is there', async () => {
    const fixture = await project({ 'codev.config.ts': "import { mode } from './helper.ts';\nexport default { permissions: { mode } };\n", 'helper.ts': 'export const mode = ;\n' });
    const error = await failure(fixture.root);
    expect(error).toMatchObject({ code: 'CONFIG_LOAD_FAILED', file: fixture.path('helper.ts'), line: 1 });
    expect(error.message).toContain(`imported by ${fixture.path('codev.config.ts')}`);
  });

  it('locates JSON and YAML parse errors', async () => {
    const json = await project({ '.codevrc.json': '{\n  "model": "x",,\n}\n' });
    expect(await failure(json.root)).toMatchObject({ code: 'CONFIG_LOAD_FAILED', file: json.path('.codevrc.json'), line: 2, column: 16 });
    const yaml = await project({ '.codevrc.yaml': 'model: x\n  bad: indentation\n' });
    expect(await failure(yaml.root)).toMatchObject({ code: 'CONFIG_LOAD_FAILED', file: yaml.path('.codevrc.yaml'), line: 2 });
  });

  it('reports schema problems as one CONFIG_INVALID naming the file', async () => {
    const fixture = await project({ 'codev.config.ts': "export default { permissions: { mode: 'yolo', allow: ['Bash(ok)', 'Bash('] }, unknown: 1 };\n" });
    const error = await failure(fixture.root);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.file).toBe(fixture.path('codev.config.ts'));
    expect(error.field).toBe('permissions.mode');
    expect(error.message).toContain('permissions.allow[1]: expected a permission rule');
    expect(error.message).toContain('unknown: unknown key');
  });

  it('reports a TS config without a default export', async () => {
    const fixture = await project({ 'codev.config.ts': 'export const config = {};\n' });
    expect(await failure(fixture.root)).toMatchObject({ code: 'CONFIG_INVALID', file: fixture.path('codev.config.ts') });
  });
});
