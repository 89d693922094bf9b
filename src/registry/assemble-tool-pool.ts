import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { getBlanketDenyIndex } from './blanket-deny-index.ts';
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
  const index = getBlanketDenyIndex(permissionContext);
  const others: Tool[] = [];
  for (const tool of extraTools) {
    if ((index === undefined || !index.denies(tool.name)) && safeIsEnabled(tool)) others.push(tool);
  }
  others.sort(byName);
  const pool: Tool[] = [];
  const builtinNames = new Set<string>();
  for (const tool of builtins) {
    if (builtinNames.has(tool.name)) continue;
    builtinNames.add(tool.name);
    pool.push(tool);
  }
  // `others` is sorted (stably), so a repeated name follows its first holder: comparing with the previous
  // name keeps the first of each, as a Set of every name would, without one.
  let previous: string | undefined;
  for (const tool of others) {
    if (tool.name === previous || builtinNames.has(tool.name)) continue;
    previous = tool.name;
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
