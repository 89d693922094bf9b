import { definePermissionRule, type PermissionRuleSet } from './define-permission-rule.ts';
import type { UnloadedSource } from './types.ts';

const sourcesOf = new WeakMap<PermissionRuleSet, readonly UnloadedSource[]>();

/**
 * The rule set that stands in for sources whose rules are unknown (a plugin or settings file that never
 * loaded): it asks for every call. The engine reports its ask as `unloadedSource`, naming the files and
 * their fixes, and offers no allow rule: none would settle it.
 */
export function unloadedSourcesRule(sources: readonly UnloadedSource[]): PermissionRuleSet {
  const set = definePermissionRule({ name: `unloaded rules from ${sources.map((source) => source.file).join(', ')}`, check: () => 'ask' });
  sourcesOf.set(set, Object.freeze([...sources]));
  return set;
}

/** The sources a rule set made by `unloadedSourcesRule` stands in for; undefined for any other set. */
export function unloadedSourcesOf(set: PermissionRuleSet): readonly UnloadedSource[] | undefined {
  return sourcesOf.get(set);
}

/** Why the call asks, and how to stop it: which files failed, and their fixes. */
export function unloadedSourcesMessage(toolName: string, sources: readonly UnloadedSource[]): string {
  const failed = sources.map((source) => (source.kind === 'plugin' ? `the plugin ${source.file} failed to load` : `the settings file ${source.file} could not be read`));
  const fixes = sources.map((source) => source.hint ?? (source.kind === 'plugin' ? `fix the plugin file ${source.file}` : `fix the settings file ${source.file}`));
  const [their, it] = sources.length === 1 ? ['its', 'it loads'] : ['their', 'they load'];
  return `This ${toolName} call needs approval because ${failed.join(' and ')}: ${their} permission rules are unknown, so codev asks before every call until ${it}. No allow rule or permission mode lets it run unasked. To fix it: ${fixes.join('; ')}.`;
}
