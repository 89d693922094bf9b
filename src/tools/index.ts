import type { Tool } from '../tool/types.ts';

/**
 * The built-in tools, in a fixed order. Each lives in its own folder (`src/tools/<Name>/`); this list is the
 * only place that knows them all. Built-ins are added by the local-tools, web-tools and agent issues.
 */
export const BUILTIN_TOOLS: readonly Tool[] = Object.freeze([]);
