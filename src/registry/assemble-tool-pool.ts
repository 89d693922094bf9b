import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { filterToolsByDenyRules } from './filter-tools-by-deny-rules.ts';
import { getTools, type RegistryOptions } from './get-tools.ts';

const byName = (a: Tool, b: Tool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The tool pool sent to the model: built-ins sorted by name, then the other tools (plugins, MCP) that
 * survive the deny rules and are enabled, sorted by name; a name already taken is dropped, so built-ins win.
 * The order is stable across calls, which keeps the prompt cache warm (its breakpoint sits after the
 * last built-in).
 */
export function assembleToolPool(permissionContext: ToolPermissionContext, extraTools: readonly Tool[], options: RegistryOptions = {}): Tool[] {
  const builtins = getTools(permissionContext, options).sort(byName);
  const others = filterToolsByDenyRules(extraTools, permissionContext).filter(safeIsEnabled).sort(byName);
  const seen = new Set<string>();
  const pool: Tool[] = [];
  for (const tool of [...builtins, ...others]) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    pool.push(tool);
  }
  return pool;
}

/** Built-ins and the other tools together, neither deduplicated nor sorted (for counting and thresholds). */
export function getMergedTools(permissionContext: ToolPermissionContext, extraTools: readonly Tool[], options: RegistryOptions = {}): Tool[] {
  return [...getTools(permissionContext, options), ...extraTools];
}

function safeIsEnabled(tool: Tool): boolean {
  try {
    return tool.isEnabled();
  } catch {
    return false;
  }
}
