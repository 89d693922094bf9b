import { collectRules } from './collect-rules.ts';
import type { PermissionRule, ToolPermissionContext } from './types.ts';

/** The Read deny and ask rules that name paths (`Read(.env)`, not a bare `Read`): what refuses a read of a file. */
export function readPathRules(permissionContext: ToolPermissionContext): { deny: PermissionRule[]; ask: PermissionRule[] } {
  const rules = collectRules(permissionContext);
  return { deny: rules.deny.filter(isReadPathRule), ask: rules.ask.filter(isReadPathRule) };
}

function isReadPathRule(rule: PermissionRule): boolean {
  return rule.value.toolName === 'Read' && rule.value.ruleContent !== undefined;
}
