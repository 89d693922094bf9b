import { caseInsensitiveToolName } from './rules/known-tool-names.ts';
import { parsePermissionRule } from './rules/parse-rule.ts';
import {
  PERMISSION_RULE_SOURCES,
  type PermissionBehavior,
  type PermissionRule,
  type PermissionRuleValue,
  type RulesBySource,
  type ToolPermissionContext,
} from './types.ts';

/** The parsed rules of a permission context, by behaviour, in source order (policy first). */
export interface CollectedRules {
  allow: readonly PermissionRule[];
  deny: readonly PermissionRule[];
  ask: readonly PermissionRule[];
  /** Rule strings that did not parse: they are skipped, and reported here. */
  invalid: readonly { text: string; message: string }[];
}

const cache = new WeakMap<ToolPermissionContext, CollectedRules>();

/**
 * Parses every rule of the context once per context object. Contexts are replaced, never mutated, so the
 * cache cannot go stale. (Plugins' rule strings are in the context under the `plugin` source.) A deny or ask
 * rule naming a built-in tool in another case (`bash(ls)`) covers that tool, and one naming an MCP tool
 * (`mcp__GitHub`) covers it in any case; an allow rule stays exact.
 */
export function collectRules(context: ToolPermissionContext): CollectedRules {
  const cached = cache.get(context);
  if (cached) return cached;
  const invalid: { text: string; message: string }[] = [];
  const collect = (behavior: PermissionBehavior, bySource: RulesBySource) => {
    const rules: PermissionRule[] = [];
    for (const source of PERMISSION_RULE_SOURCES) {
      for (const text of bySource[source] ?? []) {
        try {
          rules.push({ source, behavior, text, value: widen(behavior, parsePermissionRule(text)) });
        } catch (error) {
          invalid.push({ text, message: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    return rules;
  };
  const collected: CollectedRules = {
    deny: collect('deny', context.alwaysDenyRules),
    ask: collect('ask', context.alwaysAskRules),
    allow: collect('allow', context.alwaysAllowRules),
    invalid,
  };
  cache.set(context, collected);
  return collected;
}

/**
 * A deny or ask rule's tool name made the built-in one it differs from only in case, and one naming an MCP
 * server or tool compared ignoring case (its tools are only known once the servers connect, too late to
 * refuse the rule): widening them is the safe side.
 */
function widen(behavior: PermissionBehavior, value: PermissionRuleValue): PermissionRuleValue {
  if (behavior === 'allow') return value;
  if (/^mcp__/i.test(value.toolName.trim())) return { ...value, ignoreCase: true };
  const toolName = caseInsensitiveToolName(value.toolName);
  return toolName === undefined ? value : { ...value, toolName };
}
