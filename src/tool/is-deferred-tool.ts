import type { Tool } from './types.ts';

/** The env the deferral policy reads: `CODEV_TOOL_SEARCH=false` sends every tool up front. */
export type ToolSearchEnv = Readonly<Record<string, string | undefined>>;

/** Is tool search on? On unless `CODEV_TOOL_SEARCH` is `false` (or `0`/`off`). */
export function isToolSearchEnabled(env: ToolSearchEnv = process.env): boolean {
  const value = env.CODEV_TOOL_SEARCH?.trim().toLowerCase();
  return value !== 'false' && value !== '0' && value !== 'off';
}

/**
 * Is this tool's schema held back until ToolSearch loads it? `shouldDefer` tools and MCP tools are, unless
 * they say `alwaysLoad`; with tool search off, nothing is.
 */
export function isDeferredTool(tool: Pick<Tool, 'shouldDefer' | 'isMcp' | 'alwaysLoad'>, env: ToolSearchEnv = process.env): boolean {
  if (tool.alwaysLoad) return false;
  if (!tool.shouldDefer && !tool.isMcp) return false;
  return isToolSearchEnabled(env);
}
