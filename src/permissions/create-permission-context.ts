import type { PermissionMode, RulesBySource, ToolPermissionContext } from './types.ts';

/** A permission context with empty rule lists, for tests and scripts. */
export function createPermissionContext(options: {
  mode?: PermissionMode;
  allow?: RulesBySource;
  deny?: RulesBySource;
  ask?: RulesBySource;
  additionalWorkingDirectories?: readonly string[];
} = {}): ToolPermissionContext {
  return Object.freeze({
    mode: options.mode ?? 'default',
    alwaysAllowRules: options.allow ?? {},
    alwaysDenyRules: options.deny ?? {},
    alwaysAskRules: options.ask ?? {},
    additionalWorkingDirectories: options.additionalWorkingDirectories ?? [],
  });
}

/** A copy of the context with rules added to one source. */
export function addRulesToContext(options: {
  context: ToolPermissionContext;
  behavior: 'allow' | 'deny' | 'ask';
  source: keyof RulesBySource;
  rules: readonly string[];
}): ToolPermissionContext {
  const key = options.behavior === 'allow' ? 'alwaysAllowRules' : options.behavior === 'deny' ? 'alwaysDenyRules' : 'alwaysAskRules';
  const current = options.context[key];
  const existing = current[options.source] ?? [];
  const merged = [...existing, ...options.rules.filter((rule) => !existing.includes(rule))];
  return Object.freeze({ ...options.context, [key]: { ...current, [options.source]: merged } });
}

/** A copy of the context without the rules of one source (all three lists). */
export function removeRuleSource(context: ToolPermissionContext, source: keyof RulesBySource): ToolPermissionContext {
  const lists = ['alwaysAllowRules', 'alwaysDenyRules', 'alwaysAskRules'] as const;
  if (lists.every((key) => context[key][source] === undefined)) return context;
  const without = (rules: RulesBySource): RulesBySource => Object.fromEntries(Object.entries(rules).filter(([key]) => key !== source));
  return Object.freeze({ ...context, alwaysAllowRules: without(context.alwaysAllowRules), alwaysDenyRules: without(context.alwaysDenyRules), alwaysAskRules: without(context.alwaysAskRules) });
}
