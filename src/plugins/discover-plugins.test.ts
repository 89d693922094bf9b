import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../config/validate-config.ts';
import { definePlugin } from './define-plugin.ts';
import { discoverPlugins } from './discover-plugins.ts';
import { createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';

const projects: TempProject[] = [];
afterEach(async () => Promise.all(projects.splice(0).map((project) => project.cleanup())));

async function project(files: Record<string, string>): Promise<TempProject> {
  const created = await createTempProject({ files: { 'package.json': '{}', ...files } });
  projects.push(created);
  return created;
}

describe('discoverPlugins', () => {
  it('lists plugin files and index folders by name, skipping tests, declarations, dotfiles and node_modules', async () => {
    const fixture = await project({
      'plugins/b.ts': '',
      'plugins/a.mjs': '',
      'plugins/c.mts': '',
      'plugins/d.js': '',
      'plugins/a.test.ts': '',
      'plugins/a.spec.mjs': '',
      'plugins/types.d.ts': '',
      'plugins/.hidden.ts': '',
      'plugins/readme.md': '',
      'plugins/data.json': '',
      'plugins/folder/index.ts': '',
      'plugins/folder/helper.ts': '',
      'plugins/js-folder/index.js': '',
      'plugins/empty-folder/helper.ts': '',
      'plugins/node_modules/x/index.ts': '',
      'plugins/.cache/index.ts': '',
      'plugins/nested/deeper/index.ts': '',
    });
    const { sources, errors } = await discoverPlugins({ root: fixture.root, config: validateConfig({ value: {} }) });
    expect(errors).toEqual([]);
    expect(sources.map((source) => (source.kind === 'file' ? source.file.slice(fixture.root.length + 1) : source.kind))).toEqual([
      'plugins/a.mjs',
      'plugins/b.ts',
      'plugins/c.mts',
      'plugins/d.js',
      'plugins/folder/index.ts',
      'plugins/js-folder/index.js',
    ]);
  });

  it('puts config plugins first, in order, then plugin folders; a file listed twice loads once', async () => {
    const fixture = await project({ 'plugins/a.ts': '', 'plugins/z.ts': '', 'extra/x.ts': '', 'tools/deploy/index.ts': '' });
    const inline = definePlugin({ name: 'inline' });
    const config = validateConfig({ value: { plugins: ['./plugins/z.ts', inline, 'tools/deploy', './extra/x'], pluginDirs: ['plugins', 'extra'] } });
    const { sources } = await discoverPlugins({ root: fixture.root, config, configFile: fixture.path('codev.config.ts') });
    expect(sources).toEqual([
      { kind: 'file', file: fixture.path('plugins/z.ts') },
      { kind: 'inline', plugin: inline, file: fixture.path('codev.config.ts') },
      { kind: 'file', file: fixture.path('tools/deploy/index.ts') },
      { kind: 'file', file: fixture.path('extra/x.ts') },
      { kind: 'file', file: fixture.path('plugins/a.ts') },
    ]);
  });

  it('passes a missing config entry through, so loading can report it', async () => {
    const fixture = await project({});
    const { sources } = await discoverPlugins({ root: fixture.root, config: validateConfig({ value: { plugins: ['./missing.ts', 'not-a-package-xyz'] } }) });
    expect(sources).toEqual([
      { kind: 'file', file: fixture.path('missing.ts') },
      { kind: 'file', file: fixture.path('not-a-package-xyz') },
    ]);
  });

  it('resolves a package name from the project', async () => {
    const fixture = await project({ 'node_modules/codev-plugin-demo/package.json': '{"name":"codev-plugin-demo","main":"main.js"}', 'node_modules/codev-plugin-demo/main.js': '' });
    const { sources } = await discoverPlugins({ root: fixture.root, config: validateConfig({ value: { plugins: ['codev-plugin-demo'] } }) });
    expect(sources).toEqual([{ kind: 'file', file: fixture.path('node_modules/codev-plugin-demo/main.js') }]);
  });

  it('accepts a missing default plugins folder but reports a missing configured one', async () => {
    const fixture = await project({ 'file.ts': '' });
    expect(await discoverPlugins({ root: fixture.root, config: validateConfig({ value: {} }) })).toEqual({ sources: [], errors: [] });
    const config = validateConfig({ value: { pluginDirs: ['plugins', 'custom', 'file.ts'] } });
    const { errors } = await discoverPlugins({ root: fixture.root, config, configFile: fixture.path('codev.config.ts') });
    expect(errors.map((error) => [error.code, error.field])).toEqual([
      ['PLUGIN_LOAD_FAILED', 'pluginDirs[1]'],
      ['PLUGIN_LOAD_FAILED', 'pluginDirs[2]'],
    ]);
    expect(errors[0]?.message).toContain(fixture.path('custom'));
    expect(errors[0]?.file).toBe(fixture.path('codev.config.ts'));
    expect(errors[1]?.message).toContain('is a file');
  });
});
