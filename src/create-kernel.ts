import { createKernel as createBareKernel } from './kernel/create-kernel.ts';
import type { Kernel, KernelOptions } from './kernel/types.ts';
import { getAllBaseTools } from './tools/get-all-base-tools.ts';

/**
 * Loads a project into a kernel (see the kernel layer's `createKernel`) with codev's built-in tools as its
 * tool pack: `baseTools` defaults to `getAllBaseTools()`. The kernel itself knows no tool: `baseTools: []`
 * starts one with none, a filtered `getAllBaseTools()` with some, and a filtered pack plus your own tool in
 * `extraTools` replaces one. The pack goes through the same deny filtering, simple mode and hot-reload
 * generations as any other tool, and stays first in the pool (before the prompt-cache breakpoint).
 */
export function createKernel(options: KernelOptions = {}): Promise<Kernel> {
  return createBareKernel({ ...options, baseTools: options.baseTools ?? getAllBaseTools() });
}
