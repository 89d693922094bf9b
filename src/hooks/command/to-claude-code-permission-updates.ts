import { parsePermissionRule } from '../../permissions/rules/parse-rule.ts';
import type { PermissionUpdate } from '../../permissions/types.ts';

/**
 * codev's "always allow" choices in Claude Code's `PermissionUpdate` shape, for `permission_suggestions`:
 * rules as `{ toolName, ruleContent? }` values, destination `localSettings` or `session`.
 */
export function toClaudeCodePermissionUpdates(updates: readonly PermissionUpdate[]): Record<string, unknown>[] {
  return updates.map((update) => ({
    type: update.type,
    rules: update.rules.map((rule) => parsePermissionRule(rule)),
    behavior: update.behavior,
    destination: update.destination === 'local' ? 'localSettings' : 'session',
  }));
}
