import { CodevError } from '../errors/codev-error.ts';
import type { Tool, ToolContext } from '../tool/types.ts';
import { checkRuleLists } from './check-rule-lists.ts';
import { BUILTIN_TOOL_NAMES } from './rules/known-tool-names.ts';
import { parsePermissionRule } from './rules/parse-rule.ts';
import type { RuleFunctionAnswer } from './types.ts';

/** A rule function: decides a call, or returns undefined to leave it to the other rules and the mode. */
export type PermissionRuleFunction = (
  tool: Tool,
  input: Record<string, unknown>,
  context: ToolContext,
) => RuleFunctionAnswer | Promise<RuleFunctionAnswer>;

/** A permission-rule plugin as written: rule strings, a function, or both. */
export interface PermissionRuleDefinition {
  name?: string;
  allow?: readonly string[];
  deny?: readonly string[];
  ask?: readonly string[];
  /** Runs after rule strings found no deny. A 'deny' or 'ask' always counts; an 'allow' never beats an ask rule. */
  check?: PermissionRuleFunction;
}

/** A normalized permission-rule set, made by `definePermissionRule`. */
export interface PermissionRuleSet {
  readonly name: string;
  readonly allow: readonly string[];
  readonly deny: readonly string[];
  readonly ask: readonly string[];
  readonly check?: PermissionRuleFunction;
}

const RULE_SET_MARKER = Symbol.for('codev.permissionRule');
const DEFINITION_KEYS: readonly string[] = ['name', 'allow', 'deny', 'ask', 'check'];

/**
 * Defines permission rules a plugin contributes. Rule strings are parsed now, so a typo fails at load time
 * (`RULE_INVALID`) instead of silently matching nothing.
 *
 * @example
 * export default definePermissionRule({ deny: ['Bash(git push *)'], ask: ['Edit(package.json)'] });
 * export default definePermissionRule((tool, input) => (tool.name === 'Write' ? 'ask' : undefined));
 */
export function definePermissionRule(definition: PermissionRuleDefinition | PermissionRuleFunction): PermissionRuleSet {
  const spec: PermissionRuleDefinition = typeof definition === 'function' ? { check: definition, name: definition.name || undefined } : definition;
  if (typeof spec !== 'object' || spec === null) {
    throw new CodevError('RULE_INVALID', 'definePermissionRule() expects rule strings or a function', {
      hint: 'pass { allow, deny, ask } or (tool, input) => "allow" | "deny" | "ask" | undefined',
    });
  }
  // A misspelt list (`denied`, `Deny`) would deny nothing without a word: every key is read or refused.
  const unknown = Object.keys(spec).find((key) => !DEFINITION_KEYS.includes(key));
  if (unknown !== undefined) {
    throw new CodevError('RULE_INVALID', `definePermissionRule() does not read \`${unknown}\``, { field: unknown, hint: `its keys are ${DEFINITION_KEYS.join(', ')}: e.g. deny: ["Bash(rm *)"]` });
  }
  if (spec.check !== undefined && typeof spec.check !== 'function') {
    throw new CodevError('RULE_INVALID', '`check` must be a function', { field: 'check', hint: 'use check(tool, input) { ... }' });
  }
  const lists = { allow: spec.allow ?? [], deny: spec.deny ?? [], ask: spec.ask ?? [] };
  for (const [behavior, rules] of Object.entries(lists)) {
    if (!Array.isArray(rules)) {
      throw new CodevError('RULE_INVALID', `\`${behavior}\` must be an array of rule strings`, { field: behavior, hint: `use ${behavior}: ["Bash(npm test)"]` });
    }
    rules.forEach((rule) => parsePermissionRule(rule));
  }
  // A rule naming a built-in in another case (`bash(rm:*)`) can do nothing as written: a load error, not a silent gap.
  const wrongName = checkRuleLists({ lists: (['allow', 'deny', 'ask'] as const).map((behavior) => ({ behavior, rules: lists[behavior], field: behavior })), knownNames: BUILTIN_TOOL_NAMES, complete: false }).errors[0];
  if (wrongName) throw wrongName;
  const ruleSet: PermissionRuleSet = {
    name: spec.name ?? 'rules',
    allow: Object.freeze([...lists.allow]),
    deny: Object.freeze([...lists.deny]),
    ask: Object.freeze([...lists.ask]),
    check: spec.check,
  };
  Object.defineProperty(ruleSet, RULE_SET_MARKER, { value: true });
  return Object.freeze(ruleSet);
}

/** True for a rule set made by `definePermissionRule` (from any copy of codev). */
export function isPermissionRuleSet(value: unknown): value is PermissionRuleSet {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[RULE_SET_MARKER] === true;
}
