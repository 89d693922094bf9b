import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createKernel } from '../../src/index.ts';
import type { Kernel } from '../../src/kernel/types.ts';
import { createTempProject, type TempProject } from '../../src/plugins/test-fixtures/create-temp-project.ts';
import { PLUGIN_IMPORTS, toolPlugin } from '../../src/plugins/test-fixtures/plugin-sources.ts';

// Short, yet long enough for a good plugin to load on a busy machine (its imports transpiled while timed).
// That a load ends at all is vitest's timeout (20 s, far above this): no test here asserts how fast.
const LOAD_TIMEOUT_MS = 2_000;
/** A host whose event loop a plugin froze counts no tick at all; one that keeps running counts more than this, however loaded the machine. */
const LIVE_TICKS = 2;

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

/** Counts event-loop turns while `work` runs: a frozen host counts none. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number }> {
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 20);
  try {
    const value = await work();
    return { value, ticks };
  } finally {
    clearInterval(ticker);
  }
}

const HANGING_IMPORT = `${toolPlugin('Hang')}\nawait new Promise(() => {});\n`;
const LOOPING_IMPORT = `${toolPlugin('Loop')}\nwhile (true) {}\n`;
const HANGING_SETUP = `${PLUGIN_IMPORTS}
export default definePlugin({ name: 'stuck', setup: () => new Promise(() => {}) });
`;

describe('plugins that fail to load', () => {
  it.each([
    ['a top-level await that never settles', HANGING_IMPORT],
    ['a synchronous loop at import', LOOPING_IMPORT],
    ['a setup() that never settles', HANGING_SETUP],
  ])('%s is LOAD_TIMEOUT, the host keeps running and the other plugins load', async (_, source) => {
    const dir = await project({ 'plugins/bad.ts': source, 'plugins/good.ts': toolPlugin('Good') });
    const { value: kernel, ticks } = await ticksDuring(() => createKernel({ cwd: dir.root, env: {}, mcp: false, loadTimeoutMs: LOAD_TIMEOUT_MS }));
    kernels.push(kernel);
    // 20 ms ticks over at least the timeout: a frozen event loop would count none.
    expect(ticks).toBeGreaterThan(LIVE_TICKS);
    expect(kernel.errors.map((error) => error.code)).toEqual(['LOAD_TIMEOUT']);
    expect(kernel.errors[0]!.file).toBe(dir.path('plugins/bad.ts'));
    expect(kernel.tools.map((tool) => tool.name)).toContain('Good');
  });

  it('a plugin that throws at import or in setup() is PLUGIN_LOAD_FAILED at its line, and the others load', async () => {
    const dir = await project({
      'plugins/throws.ts': `${toolPlugin('Throws')}\nthrow new Error('broken at import');\n`,
      'plugins/setup-throws.ts': `${PLUGIN_IMPORTS}\nexport default definePlugin({ name: 'setup-throws', setup() { throw new Error('broken setup'); } });\n`,
      'plugins/good.ts': toolPlugin('Good'),
    });
    const kernel = await createKernel({ cwd: dir.root, env: {}, mcp: false, loadTimeoutMs: LOAD_TIMEOUT_MS });
    kernels.push(kernel);
    const byFile = new Map(kernel.errors.map((error) => [error.file, error]));
    const throwLine = `${toolPlugin('Throws')}\n`.split('\n').length;
    expect(byFile.get(dir.path('plugins/throws.ts'))).toMatchObject({ code: 'PLUGIN_LOAD_FAILED', line: throwLine });
    expect(byFile.get(dir.path('plugins/setup-throws.ts'))).toMatchObject({ code: 'PLUGIN_LOAD_FAILED' });
    expect(kernel.tools.map((tool) => tool.name)).toContain('Good');
  });

  it('a config file that loops at import is LOAD_TIMEOUT, not a frozen start', async () => {
    const dir = await project({ 'codev.config.ts': 'while (true) {}\nexport default {};\n' });
    const { value: error, ticks } = await ticksDuring(() => createKernel({ cwd: dir.root, env: {}, mcp: false, loadTimeoutMs: LOAD_TIMEOUT_MS }).then(
      (kernel) => kernels.push(kernel),
      (reason: unknown) => reason,
    ));
    expect(error).toMatchObject({ code: 'LOAD_TIMEOUT', file: dir.path('codev.config.ts') });
    expect(ticks).toBeGreaterThan(LIVE_TICKS);
  });

  it('a watched kernel stays usable: a plugin saved with a loop keeps its last good version, and reload and close return', async () => {
    const dir = await project({ 'plugins/echo.ts': toolPlugin('Echo', 'v1:') });
    const kernel = await createKernel({ cwd: dir.root, env: {}, mcp: false, loadTimeoutMs: LOAD_TIMEOUT_MS, watch: true });
    kernels.push(kernel);
    expect(kernel.errors).toEqual([]);
    for (const broken of [LOOPING_IMPORT.replace("'Loop'", "'Echo'"), HANGING_IMPORT.replace("'Hang'", "'Echo'")]) {
      await writeFile(dir.path('plugins/echo.ts'), broken);
      const reloaded = await kernel.reload();
      expect(reloaded.errors.map((error) => error.code)).toEqual(['LOAD_TIMEOUT']);
      expect(kernel.tools.map((tool) => tool.name)).toContain('Echo');
    }
    await writeFile(dir.path('plugins/echo.ts'), toolPlugin('Echo', 'v2:'));
    const fixed = await kernel.reload();
    expect(fixed.errors).toEqual([]);
    await kernel.close();
  });
});
