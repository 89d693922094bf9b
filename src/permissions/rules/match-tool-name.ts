import type { PermissionRuleValue } from '../types.ts';
import { normalizeToolName } from './legacy-tool-names.ts';
import { matchWildcard } from './match-wildcard.ts';

/**
 * Does a rule's tool name cover this tool? Exact names (legacy rule names normalized); `mcp__server` covers
 * every tool of that server; a `*` makes the name a glob over the whole tool name (`mcp__github__get_*`,
 * `mcp__github__*`, `mcp__*`, `*`). Canonical names only: aliases and labels never match.
 * For allow rules, skip the rule when {@link validateAllowRule} warns: unanchored globs only deny and ask.
 * `ignoreCase` compares both names in lower case (deny and ask rules naming MCP tools).
 */
export function matchesToolName(ruleToolName: string, tool: { name: string }, options: { ignoreCase?: boolean } = {}): boolean {
  const written = normalizeToolName(ruleToolName.trim());
  const ruleName = options.ignoreCase ? written.toLowerCase() : written;
  const toolName = options.ignoreCase ? tool.name.toLowerCase() : tool.name;
  if (ruleName === '') return false;
  if (ruleName === toolName) return true;
  if (ruleName.includes('*')) return matchWildcard(ruleName, toolName);
  return isMcpServerName(ruleName) && toolName.startsWith(`${ruleName}__`);
}

/**
 * True for a whole-tool rule: no content. The parser already turns `Tool(*)` and `Tool()` into no content;
 * empty and `*` content are accepted here too for values built by hand.
 */
export function isBlanketRule(rule: PermissionRuleValue): boolean {
  if (rule.ruleContent === undefined) return true;
  const content = rule.ruleContent.trim();
  return content === '' || content === '*';
}

/**
 * True for a tool-name glob that does not start with a literal `mcp__<server>__`: `*`, `B*`, `mcp__*`,
 * `mcp__git*`. Such globs may deny or ask, but must never allow.
 */
export function isUnanchoredGlob(toolName: string): boolean {
  const star = toolName.indexOf('*');
  if (star === -1) return false;
  const [prefix, server, ...rest] = toolName.slice(0, star).split('__');
  return !(prefix === 'mcp' && server !== undefined && server !== '' && rest.length > 0);
}

/** A warning when an allow rule will be ignored because its tool name is an unanchored glob; else undefined. */
export function validateAllowRule(rule: PermissionRuleValue): string | undefined {
  if (!isUnanchoredGlob(rule.toolName)) return undefined;
  return (
    `Allow rule "${rule.toolName}" is ignored: an allow glob must start with a literal "mcp__<server>__" ` +
    `(e.g. "mcp__github__*"); unanchored globs can only deny or ask`
  );
}

/** `mcp__server`: exactly two `__`-separated parts, the server non-empty. */
export function isMcpServerName(name: string): boolean {
  const parts = name.split('__');
  return parts.length === 2 && parts[0] === 'mcp' && parts[1] !== '';
}
