import { collectRules } from '../permissions/collect-rules.ts';
import { normalizeToolName } from '../permissions/rules/legacy-tool-names.ts';
import { isMcpServerName } from '../permissions/rules/match-tool-name.ts';
import { matchWildcardParts, splitWildcard } from '../permissions/rules/match-wildcard.ts';
import type { PermissionRule, ToolPermissionContext } from '../permissions/types.ts';

/**
 * The blanket deny rules of a permission context, classified once: which tool names they remove. Same answers
 * as `matchesToolName` on every blanket rule, without re-reading the rules for every tool:
 * - exact names (legacy rule names normalized, and a glob's own text, which `matchesToolName` matches as is);
 * - prefixes: `mcp__server` (as `mcp__server__`) and globs whose only `*` ends them (`mcp__server__*`, `Bash*`, `*`);
 * - other globs, already split into their literal parts.
 */
export interface BlanketDenyIndex {
  /** True when a blanket deny rule names this tool. */
  denies(toolName: string): boolean;
}

/** Keyed by the context's parsed deny rules, which `collectRules` keeps per context object (never mutated). */
const cache = new WeakMap<readonly PermissionRule[], BlanketDenyIndex | undefined>();

/** The context's blanket deny index; undefined when it has no blanket deny rule (nothing is removed). */
export function getBlanketDenyIndex(permissionContext: ToolPermissionContext): BlanketDenyIndex | undefined {
  const deny = collectRules(permissionContext).deny;
  if (cache.has(deny)) return cache.get(deny);
  const index = buildIndex(deny.filter((rule) => rule.value.ruleContent === undefined));
  cache.set(deny, index);
  return index;
}

function buildIndex(blanket: readonly PermissionRule[]): BlanketDenyIndex | undefined {
  if (blanket.length === 0) return undefined;
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  const globs: string[][] = [];
  for (const rule of blanket) {
    const name = normalizeToolName(rule.value.toolName.trim());
    if (name === '') continue;
    exact.add(name);
    if (name.includes('*')) {
      const parts = splitWildcard(name);
      if (parts.length === 1) exact.add(parts[0]!);
      else if (parts.length === 2 && parts[1] === '') prefixes.add(parts[0]!);
      else globs.push(parts);
    } else if (isMcpServerName(name)) {
      prefixes.add(`${name}__`);
    }
  }
  const prefixList = [...prefixes];
  return {
    denies(toolName) {
      if (exact.has(toolName)) return true;
      for (const prefix of prefixList) if (toolName.startsWith(prefix)) return true;
      for (const parts of globs) if (matchWildcardParts(parts, toolName)) return true;
      return false;
    },
  };
}
