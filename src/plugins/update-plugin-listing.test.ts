import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateConfig } from '../config/validate-config.ts';
import { discoverPlugins, discoveryOf, listPlugins, updatePluginListing, type PluginListing, type PluginPathEvent } from './discover-plugins.ts';
import { createTempProject, type TempProject } from './test-fixtures/create-temp-project.ts';

const fixtures: TempProject[] = [];
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((fixture) => fixture.cleanup()));
});

async function fixture(files: Record<string, string>): Promise<TempProject> {
  const created = await createTempProject({ files });
  fixtures.push(created);
  return created;
}

const files = (listing: PluginListing) => discoveryOf(listing).sources.map((source) => (source.kind === 'file' ? path.basename(path.dirname(source.file)) + '/' + path.basename(source.file) : 'inline'));

describe('updatePluginListing', () => {
  it('inserts an added top-level file at its sorted place, drops an unlinked one, and ignores changes', async () => {
    const dir = await fixture({ 'plugins/b.ts': '', 'plugins/d.ts': '', 'plugins/f/index.ts': '' });
    const config = validateConfig({ value: {} });
    const listing = await listPlugins({ root: dir.root, config });
    expect(files(listing)).toEqual(['plugins/b.ts', 'plugins/d.ts', 'f/index.ts']);
    await dir.write('plugins/a.ts', '');
    await dir.write('plugins/e.ts', '');
    await dir.remove('plugins/d.ts');
    const events: PluginPathEvent[] = [
      { event: 'change', file: dir.path('plugins/b.ts') },
      { event: 'add', file: dir.path('plugins/e.ts') },
      { event: 'add', file: dir.path('plugins/a.ts') },
      { event: 'unlink', file: dir.path('plugins/d.ts') },
    ];
    const updated = updatePluginListing(listing, events);
    expect(updated && files(updated)).toEqual(['plugins/a.ts', 'plugins/b.ts', 'plugins/e.ts', 'f/index.ts']);
    // The same as listing the folder again.
    expect(updated && discoveryOf(updated)).toEqual(await discoverPlugins({ root: dir.root, config }));
    expect(files(listing)).toEqual(['plugins/b.ts', 'plugins/d.ts', 'f/index.ts']);
  });

  it('applies a rename (unlink + add) and a file added then removed within one burst', async () => {
    const dir = await fixture({ 'plugins/a.ts': '', 'plugins/m.ts': '' });
    const config = validateConfig({ value: {} });
    const listing = await listPlugins({ root: dir.root, config });
    await rename(dir.path('plugins/a.ts'), dir.path('plugins/z.ts'));
    const updated = updatePluginListing(listing, [
      { event: 'unlink', file: dir.path('plugins/a.ts') },
      { event: 'add', file: dir.path('plugins/z.ts') },
      { event: 'add', file: dir.path('plugins/tmp.ts') },
      { event: 'unlink', file: dir.path('plugins/tmp.ts') },
      { event: 'add', file: dir.path('plugins/z.ts') },
    ]);
    expect(updated && files(updated)).toEqual(['plugins/m.ts', 'plugins/z.ts']);
    expect(updated && discoveryOf(updated)).toEqual(await discoverPlugins({ root: dir.root, config }));
  });

  it('skips files discovery would skip (tests, declarations, dotfiles, other extensions)', async () => {
    const dir = await fixture({ 'plugins/a.ts': '' });
    const listing = await listPlugins({ root: dir.root, config: validateConfig({ value: {} }) });
    const names = ['a.test.ts', 'b.d.ts', '.c.ts', 'd.json', 'e.md'];
    const updated = updatePluginListing(listing, names.map((name) => ({ event: 'add', file: dir.path(`plugins/${name}`) })));
    expect(updated && files(updated)).toEqual(['plugins/a.ts']);
  });

  it('gives up (undefined) on what it cannot apply: folders, index files, config entries, an unreadable folder, unknown events', async () => {
    const dir = await fixture({ 'plugins/a.ts': '', 'extra/x.ts': '' });
    const listing = await listPlugins({ root: dir.root, config: validateConfig({ value: { plugins: ['./extra/x'] } }) });
    const cases: PluginPathEvent[] = [
      { event: 'addDir', file: dir.path('plugins/f') },
      { event: 'unlinkDir', file: dir.path('plugins/f') },
      { event: 'add', file: dir.path('plugins/f/index.ts') },
      { event: 'unlink', file: dir.path('plugins/f/index.mjs') },
      { event: 'unlink', file: dir.path('extra/x.ts') },
      { event: 'add', file: dir.path('extra/x.mjs') },
      { event: 'raw', file: dir.path('plugins/a.ts') },
    ];
    for (const event of cases) expect(updatePluginListing(listing, [event]), `${event.event} ${event.file}`).toBeUndefined();
    // A change to a config entry's file is fine: it resolves the same.
    expect(updatePluginListing(listing, [{ event: 'change', file: dir.path('extra/x.ts') }])).toBeDefined();
    await rm(dir.path('plugins'), { recursive: true });
    const missing = await listPlugins({ root: dir.root, config: validateConfig({ value: {} }) });
    expect(updatePluginListing(missing, [{ event: 'add', file: dir.path('plugins/a.ts') }])).toBeUndefined();
  });

  it('keeps a file listed by the config once, at the config position', async () => {
    const dir = await fixture({ 'plugins/a.ts': '', 'plugins/b.ts': '' });
    const config = validateConfig({ value: { plugins: ['./plugins/b.ts'] } });
    const listing = await listPlugins({ root: dir.root, config });
    await dir.write('plugins/c.ts', '');
    const updated = updatePluginListing(listing, [{ event: 'add', file: dir.path('plugins/c.ts') }]);
    expect(updated && files(updated)).toEqual(['plugins/b.ts', 'plugins/a.ts', 'plugins/c.ts']);
    expect(updated && discoveryOf(updated)).toEqual(await discoverPlugins({ root: dir.root, config }));
  });
});
