import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createKernel } from '../index.ts';
import type { Kernel, KernelOptions } from '../kernel/types.ts';

/** A kernel over a throwaway project folder, and a way to remove it. */
export interface TestKernel {
  kernel: Kernel;
  /** The project folder (absolute). */
  root: string;
  /** Closes the kernel and deletes the folder. */
  cleanup(): Promise<void>;
}

/**
 * Writes `files` (path → content, e.g. `{ 'codev.config.json': '...', 'plugins/x.ts': '...' }`) into a fresh
 * folder and loads a kernel from it. A `package.json` is added when missing so the config search stops
 * there. Pass `directory` to create the folder somewhere plugins can resolve your packages from (e.g. inside
 * your project); by default it is under the OS temp folder.
 */
export async function createTestKernel(options: { files?: Record<string, string>; directory?: string } & Omit<KernelOptions, 'cwd'> = {}): Promise<TestKernel> {
  const { files = {}, directory, ...kernelOptions } = options;
  const parent = directory ?? os.tmpdir();
  await mkdir(parent, { recursive: true });
  const root = await mkdtemp(path.join(parent, 'codev-kernel-'));
  const all = { 'package.json': '{ "type": "module" }\n', ...files };
  for (const [relative, content] of Object.entries(all)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  try {
    const kernel = await createKernel({ ...kernelOptions, cwd: root });
    return {
      kernel,
      root,
      cleanup: async () => {
        await kernel.close();
        await rm(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}
