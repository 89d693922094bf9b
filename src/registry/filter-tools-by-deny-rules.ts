import { collectRules } from '../permissions/collect-rules.ts';
import { matchesToolName } from '../permissions/rules/match-tool-name.ts';
import type { ToolPermissionContext } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';

/**
 * Removes the tools a blanket deny rule names (`Bash`, `Bash(*)`, `mcp__server`, `mcp__server__*`, `*`).
 * A scoped deny (`Bash(rm *)`) keeps the tool visible: it only blocks matching calls.
 */
export function filterToolsByDenyRules<T extends Tool>(tools: readonly T[], permissionContext: ToolPermissionContext): T[] {
  const blanket = collectRules(permissionContext).deny.filter((rule) => rule.value.ruleContent === undefined);
  if (blanket.length === 0) return [...tools];
  return tools.filter((tool) => !blanket.some((rule) => matchesToolName(rule.value.toolName, tool)));
}
