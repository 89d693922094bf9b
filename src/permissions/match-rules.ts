import type { PreparedCall, PreparedPath } from './prepare-call.ts';
import { matchDomainRule } from './rules/match-domain.ts';
import { matchNamePattern } from './rules/match-name-pattern.ts';
import { appliesAsParamRule, matchParamRule } from './rules/match-param-rule.ts';
import { matchPathRule } from './rules/match-path-rule.ts';
import { matchesToolName, validateAllowRule } from './rules/match-tool-name.ts';
import { matchCommandRules } from './shell/match-command-rules.ts';
import type { PermissionRule } from './types.ts';

/**
 * The first deny (or ask) rule that matches any part of the call: the tool by name, any subcommand of a
 * shell command, any path variant (the link or its target), any URL, any name, or a parameter.
 */
export function findMatchingRule(call: PreparedCall, rules: readonly PermissionRule[], behavior: 'deny' | 'ask'): PermissionRule | undefined {
  const commandRules: PermissionRule[] = [];
  for (const rule of rules) {
    const { toolName, ruleContent } = rule.value;
    if (ruleContent === undefined) {
      if (namesTool(toolName, call.tool)) return rule;
      continue;
    }
    if (pathRuleApplies(rule) && call.paths.some((entry) => pathAccessCovered(rule, entry, behavior) && matchPath(call, rule, entry, behavior))) return rule;
    const ownRule = namesTool(toolName, call.tool);
    if (!ownRule && !(toolName === 'WebFetch' && call.urls.length > 0)) continue;
    // A `param:value` reading that does not match falls through to the other readings (`Bash(timeout:*)` is
    // also a legacy command prefix): for a deny, trying every reading is the safe side.
    if (parameterRule(rule, call) && matchParamRule(ruleContent, call.input)) return rule;
    if (toolName === 'WebFetch' && call.urls.some((url) => matchDomainRule(ruleContent, url, { aliases: true }))) return rule;
    if (call.names.some((name) => matchNamePattern(ruleContent, name))) return rule;
    if (ownRule && call.commands.length > 0) commandRules.push(rule);
  }
  // All command rules at once: the shell matcher prepares each subcommand's readings once for every rule.
  for (const { command, analysis } of call.commands) {
    if (commandRules.length === 0) break;
    const match = matchCommandRules({ analysis, command, rules: commandRules, behavior });
    if (match) return 'rule' in match ? match.rule : match.rules[0];
  }
  return undefined;
}

/**
 * The allow rules that together cover the whole call, or undefined. A whole-tool rule covers everything;
 * otherwise every target must be covered: every subcommand of every shell command, every path (both the
 * link and its target), every URL and every name. A call with no targets is covered only by a whole-tool rule.
 */
export function findCoveringAllowRules(call: PreparedCall, allRules: readonly PermissionRule[]): PermissionRule[] | undefined {
  const rules = usableAllowRules(allRules);
  const blanket = rules.find((rule) => rule.value.ruleContent === undefined && namesTool(rule.value.toolName, call.tool));
  if (blanket) return call.unresolvedWrites.length === 0 && call.paths.every((entry) => entry.origin !== 'redirect') ? [blanket] : coverTargets(call, rules, [blanket]);
  if (call.targets.length === 0) return undefined;
  return coverTargets(call, rules, []);
}

function coverTargets(call: PreparedCall, rules: readonly PermissionRule[], initial: PermissionRule[]): PermissionRule[] | undefined {
  if (call.unresolvedWrites.length > 0) return undefined;
  const used = [...initial];
  const own = rules.filter((rule) => rule.value.ruleContent !== undefined && namesTool(rule.value.toolName, call.tool));
  const hasBlanket = initial.length > 0;
  if (!hasBlanket) {
    for (const { command, analysis } of call.commands) {
      const match = matchCommandRules({ analysis, command, rules: own, behavior: 'allow' });
      if (!match) return undefined;
      used.push(...('rules' in match ? match.rules : [match.rule]));
    }
  }
  for (const entry of call.paths) {
    if (entry.origin === 'command' || (hasBlanket && entry.origin === 'tool')) continue;
    const rule = rules.find((candidate) => pathRuleApplies(candidate) && pathAccessCovered(candidate, entry, 'allow') && matchPath(call, candidate, entry, 'allow'));
    if (!rule) return undefined;
    used.push(rule);
  }
  if (!hasBlanket) {
    for (const url of call.urls) {
      const rule = rules.find((candidate) => candidate.value.toolName === 'WebFetch' && candidate.value.ruleContent !== undefined && matchDomainRule(candidate.value.ruleContent, url));
      if (!rule) return undefined;
      used.push(rule);
    }
    for (const name of call.names) {
      const rule = own.find((candidate) => !parameterRule(candidate, call) && matchNamePattern(candidate.value.ruleContent!, name));
      if (!rule) return undefined;
      used.push(rule);
    }
  }
  return used;
}

function pathRuleApplies(rule: PermissionRule): boolean {
  return rule.value.ruleContent !== undefined && (rule.value.toolName === 'Read' || rule.value.toolName === 'Edit');
}

/** A Read deny/ask also covers writes; an Edit allow also grants reads; an Edit deny/ask covers writes only. */
function pathAccessCovered(rule: PermissionRule, entry: PreparedPath, behavior: 'allow' | 'deny' | 'ask'): boolean {
  if (rule.value.toolName === 'Read') return behavior === 'allow' ? entry.access === 'read' : true;
  return behavior === 'allow' ? true : entry.access === 'write';
}

function matchPath(call: PreparedCall, rule: PermissionRule, entry: PreparedPath, behavior: 'allow' | 'deny' | 'ask'): boolean {
  return matchPathRule({
    pattern: rule.value.ruleContent!,
    variants: entry.variants,
    cwd: call.cwd,
    root: rule.root ?? call.root,
    home: call.home,
    behavior,
    realAnchors: call.realAnchors,
  });
}

function parameterRule(rule: PermissionRule, call: PreparedCall): boolean {
  if (rule.behavior === 'allow') return false;
  return appliesAsParamRule({ toolName: call.tool.name, ruleContent: rule.value.ruleContent!, inputFields: Object.keys(call.input) });
}

const usable = new WeakMap<readonly PermissionRule[], PermissionRule[]>();

/** The allow rules that can apply: unanchored allow globs (`*`, `mcp__*`) would approve every tool, so they are ignored. */
function usableAllowRules(rules: readonly PermissionRule[]): PermissionRule[] {
  let kept = usable.get(rules);
  if (!kept) usable.set(rules, (kept = rules.filter((rule) => validateAllowRule(rule.value) === undefined)));
  return kept;
}

const MAX_TOOLS = 2_000;
const MAX_RULE_NAMES = 2_000;
/** Tool name → rule tool name → match. Two lookups, no key strings built per rule and call. */
const nameMatches = new Map<string, Map<string, boolean>>();

/** `matchesToolName`, remembered: the same rules meet the same tools on every call. */
function namesTool(ruleToolName: string, tool: { name: string }): boolean {
  let byRule = nameMatches.get(tool.name);
  if (!byRule) {
    if (nameMatches.size >= MAX_TOOLS) nameMatches.clear();
    nameMatches.set(tool.name, (byRule = new Map()));
  }
  let matched = byRule.get(ruleToolName);
  if (matched === undefined) {
    if (byRule.size >= MAX_RULE_NAMES) byRule.clear();
    byRule.set(ruleToolName, (matched = matchesToolName(ruleToolName, tool)));
  }
  return matched;
}
