import * as fs from 'node:fs/promises';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel } from '../../src/kernel/types.ts';
import { discoverPlugins } from '../../src/plugins/discover-plugins.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';
import { nextEvent } from './hot-reload-helpers.ts';

// Counts how often codev lists a folder (chokidar has its own fs, which this does not touch).
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, readdir: vi.fn(actual.readdir) };
});

const projects: TempProject[] = [];
const kernels: Kernel[] = [];
afterEach(async () => {
  await Promise.all(kernels.splice(0).map((kernel) => kernel.close()));
  await Promise.all(projects.splice(0).map((project) => project.cleanup()));
});

/** How many times the plugins folder was listed since the last call. */
function listingsOf(folder: string): () => number {
  const readdir = vi.mocked(fs.readdir);
  let seen = readdir.mock.calls.length;
  return () => {
    const calls = readdir.mock.calls.slice(seen);
    seen = readdir.mock.calls.length;
    return calls.filter(([directory]) => path.resolve(String(directory)) === folder).length;
  };
}

const pluginFiles = (kernel: Kernel) => kernel.generation.plugins.map((plugin) => path.relative(kernel.root, plugin.id));
const toolNames = (kernel: Kernel) => kernel.tools.map((tool) => tool.name).filter((name) => /^P[A-Z]/.test(name)).sort();

describe('hot reload without listing the plugin folder again', () => {
  it('a file added during a burst of saves appears, a removed one disappears, a renamed one moves; a folder plugin lists again', async () => {
    const dir = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/a.ts': toolPlugin('PA', 'a1:'), 'plugins/b.ts': toolPlugin('PB') } });
    projects.push(dir);
    const kernel = await createKernel({ cwd: dir.root, watch: true, env: {} });
    kernels.push(kernel);
    const listings = listingsOf(dir.path('plugins'));
    // The first burst lists the folder (the watcher started after the first listing); the next ones need not.
    let reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/a.ts', toolPlugin('PA', 'a2:'));
    await reloaded;
    expect(listings()).toBe(1);

    reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/a.ts', toolPlugin('PA', 'a3:'));
    await dir.write('plugins/c.ts', toolPlugin('PC'));
    await dir.write('plugins/a.ts', toolPlugin('PA', 'a4:'));
    let event = await reloaded;
    await expect.poll(() => toolNames(kernel)).toEqual(['PA', 'PB', 'PC']);
    expect(event.diff.tools.added).toContain('PC');
    expect(pluginFiles(kernel)).toEqual(['plugins/a.ts', 'plugins/b.ts', 'plugins/c.ts']);

    reloaded = nextEvent(kernel, 'reload');
    await dir.remove('plugins/b.ts');
    event = await reloaded;
    expect(event.diff.tools.removed).toEqual(['PB']);
    expect(pluginFiles(kernel)).toEqual(['plugins/a.ts', 'plugins/c.ts']);

    reloaded = nextEvent(kernel, 'reload');
    await rename(dir.path('plugins/c.ts'), dir.path('plugins/0c.ts'));
    await reloaded;
    await expect.poll(() => pluginFiles(kernel)).toEqual(['plugins/0c.ts', 'plugins/a.ts']);
    expect(toolNames(kernel)).toEqual(['PA', 'PC']);
    expect(listings()).toBe(0);

    // A folder plugin: the folder is listed again, and the plugin appears.
    reloaded = nextEvent(kernel, 'reload');
    await dir.write('plugins/f/index.ts', toolPlugin('PF'));
    await reloaded;
    await expect.poll(() => toolNames(kernel)).toEqual(['PA', 'PC', 'PF']);
    expect(listings()).toBeGreaterThan(0);
    // Whatever path each reload took, the plugins are the ones on disk, in discovery order.
    const onDisk = await discoverPlugins({ root: kernel.root, config: kernel.config });
    expect(kernel.generation.plugins.map((plugin) => plugin.id)).toEqual(onDisk.sources.map((source) => (source.kind === 'file' ? source.file : '')));
  });

  it('kernel.reload() lists the folder again, so a file the watcher never reported is found', async () => {
    const dir = await createTempProject({ files: { 'package.json': '{ "type": "module" }', 'plugins/a.ts': toolPlugin('PA') } });
    projects.push(dir);
    const kernel = await createKernel({ cwd: dir.root, env: {} });
    kernels.push(kernel);
    await dir.write('plugins/b.ts', toolPlugin('PB'));
    const listings = listingsOf(dir.path('plugins'));
    const result = await kernel.reload();
    expect(result.ok).toBe(true);
    expect(listings()).toBe(1);
    expect(toolNames(kernel)).toEqual(['PA', 'PB']);
  });
});
