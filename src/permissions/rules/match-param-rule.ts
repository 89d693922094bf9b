import type { PermissionBehavior } from '../types.ts';
import { matchWildcard } from './match-wildcard.ts';

/** A parameter rule, e.g. `model:opus` → `{ param: 'model', value: 'opus' }`. */
export interface ParamRule {
  param: string;
  /** Compared with the input's value as a string; `*` is a wildcard, `\*` a literal star. */
  value: string;
}

/** Fields that carry a tool's primary content; their own rule syntax (command, path, domain) covers them. */
export const PRIMARY_CONTENT_FIELDS: ReadonlySet<string> = new Set(['command', 'file_path', 'path', 'notebook_path', 'url']);

/** The only parameters a command tool's `param:value` rule may name; `npm:*` there is a legacy prefix. */
export const COMMAND_TOOL_PARAMETERS: ReadonlySet<string> = new Set([
  'run_in_background',
  'dangerouslyDisableSandbox',
  'timeout',
  'description',
]);

const COMMAND_TOOLS: ReadonlySet<string> = new Set(['Bash', 'PowerShell', 'Monitor']);
/** Tools whose content is a path or `domain:` pattern, never a parameter rule. */
const CONTENT_TOOLS: ReadonlySet<string> = new Set(['Read', 'Edit', 'WebFetch']);
const PARAM_RULE = /^([A-Za-z_][A-Za-z0-9_]*):(.*)$/s;
const MAX_PARSED = 2_000;
/** Rule content → its reading (null: not a parameter rule). The engine asks for every deny and ask rule on every call. */
const parsed = new Map<string, Readonly<ParamRule> | null>();

/**
 * Recognises the form `identifier:value` (value trimmed, non-empty). The form alone is ambiguous (`npm:*`
 * is a legacy Bash prefix, `domain:x` a WebFetch rule, `plugin:agent` a namespaced name): use
 * {@link appliesAsParamRule} to decide by tool.
 */
export function parseParamRule(ruleContent: string): Readonly<ParamRule> | undefined {
  let rule = parsed.get(ruleContent);
  if (rule === undefined) {
    rule = readParamRule(ruleContent) ?? null;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(ruleContent, rule);
  }
  return rule ?? undefined;
}

function readParamRule(ruleContent: string): ParamRule | undefined {
  const found = PARAM_RULE.exec(ruleContent.trim());
  if (!found) return undefined;
  const value = found[2]!.trim();
  return value === '' ? undefined : Object.freeze({ param: found[1]!, value });
}

/**
 * Does a deny/ask `Tool(param:value)` rule match this input? Only top-level scalar fields (string, number,
 * boolean, bigint), compared as strings (`true`, `5`), as sent before any normalization. Unset and `null`
 * params never match; primary content fields are refused.
 */
export function matchParamRule(ruleContent: string, input: Record<string, unknown>): boolean {
  const rule = parseParamRule(ruleContent);
  if (rule === undefined || PRIMARY_CONTENT_FIELDS.has(rule.param)) return false;
  if (typeof input !== 'object' || input === null || !Object.hasOwn(input, rule.param)) return false;
  const actual = input[rule.param];
  if (!['string', 'number', 'boolean', 'bigint'].includes(typeof actual)) return false;
  return matchWildcard(rule.value, String(actual));
}

/**
 * Is this rule content a parameter rule for this tool? Never for Read, Edit and WebFetch (paths, domains);
 * for Bash, PowerShell and Monitor only when naming one of {@link COMMAND_TOOL_PARAMETERS}; for any other tool
 * when it has the `param:value` form and, if `inputFields` (the tool's top-level input keys) is given, names
 * one of them, so `Agent(my-plugin:reviewer)` stays a name rule. Primary content fields never qualify.
 * For deny and ask, callers may check both readings of ambiguous content to fail closed.
 */
export function appliesAsParamRule(options: { toolName: string; ruleContent: string; inputFields?: readonly string[] }): boolean {
  const rule = parseParamRule(options.ruleContent);
  if (rule === undefined || PRIMARY_CONTENT_FIELDS.has(rule.param) || CONTENT_TOOLS.has(options.toolName)) return false;
  if (COMMAND_TOOLS.has(options.toolName)) return COMMAND_TOOL_PARAMETERS.has(rule.param);
  return options.inputFields === undefined || options.inputFields.includes(rule.param);
}

/**
 * A warning when a `param:value` rule will be ignored: it names a primary content field, or it is an allow
 * rule (parameter rules only deny and ask). Undefined when the rule is usable or is not a parameter rule.
 */
export function validateParamRule(ruleContent: string, behavior: PermissionBehavior): string | undefined {
  const rule = parseParamRule(ruleContent);
  if (rule === undefined) return undefined;
  if (PRIMARY_CONTENT_FIELDS.has(rule.param)) {
    return `Parameter rule "${ruleContent}" is ignored: "${rule.param}" is a primary content field; write the tool's own pattern instead`;
  }
  if (behavior === 'allow') return `Parameter rule "${ruleContent}" is ignored: parameter rules can only deny or ask`;
  return undefined;
}
