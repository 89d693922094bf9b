import { utimesSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel } from '../../kernel/create-kernel.ts';
import type { Kernel } from '../../kernel/types.ts';
import { createTempProject, type TempProject } from '../../plugins/test-fixtures/create-temp-project.ts';
import { createKernelCache } from './create-kernel-cache.ts';

let project: TempProject;
const LONG_AGO = new Date(Date.now() - 60_000);

beforeAll(async () => {
  project = await createTempProject({ location: 'os-tmpdir', files: { 'package.json': '{ "type": "module" }' } });
  // A project saved long before the worker loads it: the cache keeps what it loads.
  utimesSync(project.path('package.json'), LONG_AGO, LONG_AGO);
});
afterAll(async () => {
  await project?.cleanup();
});

/** A closed kernel refuses to reload: how a test sees that the cache closed it. */
async function isClosed(kernel: Kernel): Promise<boolean> {
  return kernel.reload().then(
    () => false,
    () => true,
  );
}

const load = () => createKernel({ cwd: project.root });
const acquire = (cache: ReturnType<typeof createKernelCache>, key: string) => cache.acquire({ key, projectDirectory: project.root, load });

describe('createKernelCache', () => {
  it('gives jobs of one key the same kernel, loaded once even when they ask at the same time', async () => {
    const cache = createKernelCache();
    const [first, second] = await Promise.all([acquire(cache, 'a'), acquire(cache, 'a')]);
    const other = await acquire(cache, 'b');
    expect(first.kernel).toBe(second.kernel);
    expect(other.kernel).not.toBe(first.kernel);
    await Promise.all([first.release(), second.release(), other.release()]);
    await cache.close();
  });

  it('keeps at most `size` kernels, closing the least recently used once no job holds it', async () => {
    const cache = createKernelCache({ size: 2 });
    const a = await acquire(cache, 'a');
    const b = await acquire(cache, 'b');
    await b.release();
    const c = await acquire(cache, 'c');
    // a is the least recently used, but its job still runs: it closes when that job ends.
    expect(await isClosed(a.kernel)).toBe(false);
    await a.release();
    expect(await isClosed(a.kernel)).toBe(true);
    expect(await isClosed(b.kernel)).toBe(false);
    const again = await acquire(cache, 'b');
    expect(again.kernel).toBe(b.kernel);
    await Promise.all([again.release(), c.release()]);
    await cache.close();
    expect(await isClosed(b.kernel)).toBe(true);
    expect(await isClosed(c.kernel)).toBe(true);
  });

  it('closes with the worker: every kernel no job holds at once, a held one when its job ends', async () => {
    const cache = createKernelCache();
    const held = await acquire(cache, 'a');
    const idle = await acquire(cache, 'b');
    await idle.release();
    await cache.close();
    expect(await isClosed(idle.kernel)).toBe(true);
    expect(await isClosed(held.kernel)).toBe(false);
    await held.release();
    expect(await isClosed(held.kernel)).toBe(true);
  });
});
