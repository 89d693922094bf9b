import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { getBlanketDenyIndex } from './blanket-deny-index.ts';

/**
 * Removes the tools a blanket deny rule names (`Bash`, `Bash(*)`, `mcp__server`, `mcp__server__*`, `*`).
 * A scoped deny (`Bash(rm *)`) keeps the tool visible: it only blocks matching calls. The rules are
 * classified once per permission context (`getBlanketDenyIndex`), not once per tool.
 */
export function filterToolsByDenyRules<T extends Tool>(tools: readonly T[], permissionContext: ToolPermissionContext): T[] {
  const index = getBlanketDenyIndex(permissionContext);
  if (index === undefined) return [...tools];
  return tools.filter((tool) => !index.denies(tool.name));
}
