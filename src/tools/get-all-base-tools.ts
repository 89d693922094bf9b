import type { Tool } from '../tool/types.ts';
import { BUILTIN_TOOLS } from './index.ts';

/**
 * Every built-in tool, enabled or not, in a fixed order: codev's tool pack. `createKernel` composes it as
 * `baseTools` unless told otherwise; pass a filtered copy to start a kernel with some of them, or with your
 * own tool in place of one (`getAllBaseTools().filter((tool) => tool.name !== 'Bash')` plus your `Bash` in
 * `extraTools`).
 */
export function getAllBaseTools(): readonly Tool[] {
  return BUILTIN_TOOLS;
}
