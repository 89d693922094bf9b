import { definePermissionRule, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';

/**
 * When a plugin or a settings file could not be loaded, its deny and ask rules are unknown. Rather than
 * run as if they did not exist, every call asks (and so is denied where nobody can answer) until it loads.
 */
export function failedSourceGuard(failures: readonly string[]): PermissionRuleSet | undefined {
  if (failures.length === 0) return undefined;
  return definePermissionRule({
    name: `unloaded rules from ${failures.join(', ')}`,
    check: () => 'ask',
  });
}
