import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import type { UnloadedSource } from '../permissions/types.ts';
import { unloadedSourcesRule } from '../permissions/unloaded-sources-rule.ts';

let last: { key: string; set: PermissionRuleSet } | undefined;

/**
 * When a plugin or a settings file could not be loaded, its deny and ask rules are unknown. Rather than
 * run as if they did not exist, every call asks (and so is denied where nobody can answer) until it loads.
 * The same failures give the same rule set object, so a reload that fixes nothing else shows no change.
 */
export function failedSourceGuard(failures: readonly UnloadedSource[]): PermissionRuleSet | undefined {
  if (failures.length === 0) return undefined;
  const key = JSON.stringify(failures.map(({ kind, file, hint }) => [kind, file, hint]));
  if (last?.key === key) return last.set;
  last = { key, set: unloadedSourcesRule(failures) };
  return last.set;
}
