import { BUILTIN_TOOLS } from '../tools/index.ts';
import type { Tool } from '../tool/types.ts';

/** Every built-in tool, enabled or not, in a fixed order. */
export function getAllBaseTools(): readonly Tool[] {
  return BUILTIN_TOOLS;
}
