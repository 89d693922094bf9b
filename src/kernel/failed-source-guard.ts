import { definePermissionRule, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';

let last: PermissionRuleSet | undefined;

/**
 * When a plugin or a settings file could not be loaded, its deny and ask rules are unknown. Rather than
 * run as if they did not exist, every call asks (and so is denied where nobody can answer) until it loads.
 * The same failures give the same rule set object, so a reload that fixes nothing else shows no change.
 */
export function failedSourceGuard(failures: readonly string[]): PermissionRuleSet | undefined {
  if (failures.length === 0) return undefined;
  const name = `unloaded rules from ${failures.join(', ')}`;
  if (last?.name === name) return last;
  last = definePermissionRule({ name, check: () => 'ask' });
  return last;
}
