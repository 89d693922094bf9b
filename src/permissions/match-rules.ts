import type { PreparedCall, PreparedPath } from './prepare-call.ts';
import { matchDomainRule } from './rules/match-domain.ts';
import { matchNamePattern } from './rules/match-name-pattern.ts';
import { appliesAsParamRule, matchParamRule } from './rules/match-param-rule.ts';
import { matchPathRule } from './rules/match-path-rule.ts';
import { matchesToolName, validateAllowRule } from './rules/match-tool-name.ts';
import { matchCommandRules } from './shell/match-command-rules.ts';
import { unreadableCodeReason } from './shell/unreadable-code-reason.ts';
import type { PermissionRule, PermissionRuleValue } from './types.ts';

/**
 * A deny or ask rule that matches a call. `certain: false` when it only could: the call holds code or
 * files no analysis can see (`reason` says what), and a rule that cannot be checked must not be skipped.
 */
export interface RuleMatch {
  rule: PermissionRule;
  certain: boolean;
  reason?: string;
}

/**
 * The first deny (or ask) rule that matches any part of the call: the tool by name, any subcommand of a
 * shell command, any path variant (the link or its target), any URL, any name, or a parameter. Certain
 * matches come first; then a rule that could match what cannot be read: opaque or computed shell code
 * (see `findPossibleMatch`), or a file only known at run time under a Read or Edit rule.
 */
export function findMatchingRule(call: PreparedCall, rules: readonly PermissionRule[], behavior: 'deny' | 'ask'): RuleMatch | undefined {
  const commandRules: PermissionRule[] = [];
  for (const rule of candidateRules(rules, call.tool)) {
    const { toolName, ruleContent } = rule.value;
    if (ruleContent === undefined) {
      if (namesTool(rule.value, call.tool)) return { rule, certain: true };
      continue;
    }
    if (pathRuleApplies(rule) && call.paths.some((entry) => pathAccessCovered(rule, entry, behavior) && matchPath(call, rule, entry, behavior))) return { rule, certain: true };
    const ownRule = namesTool(rule.value, call.tool);
    if (!ownRule && !(toolName === 'WebFetch' && call.urls.length > 0)) continue;
    // A `param:value` reading that does not match falls through to the other readings (`Bash(timeout:*)` is
    // also a legacy command prefix): for a deny, trying every reading is the safe side.
    if (parameterRule(rule, call) && matchParamRule(ruleContent, call.input)) return { rule, certain: true };
    if (toolName === 'WebFetch' && call.urls.some((url) => matchDomainRule(ruleContent, url, { aliases: true }))) return { rule, certain: true };
    if (call.names.some((name) => matchNamePattern(ruleContent, name))) return { rule, certain: true };
    if (ownRule && call.commands.length > 0) commandRules.push(rule);
  }
  let possible: RuleMatch | undefined;
  // All command rules at once: the shell matcher prepares each subcommand's readings once for every rule.
  for (const { command, analysis } of call.commands) {
    if (commandRules.length === 0) break;
    const match = matchCommandRules({ analysis, command, rules: commandRules, behavior });
    if (!match || !('rule' in match)) continue;
    if (match.certain) return { rule: match.rule, certain: true };
    possible ??= { rule: match.rule, certain: false, reason: match.reason };
  }
  return possible ?? unresolvedFileMatch(call, rules) ?? unsandboxedCodeMatch(call, rules);
}

/** A Read rule (any file) or Edit rule (a written file) that a file only known at run time could fall under. */
function unresolvedFileMatch(call: PreparedCall, rules: readonly PermissionRule[]): RuleMatch | undefined {
  const written = call.unresolvedWrites[0];
  const read = call.unresolvedReads[0];
  if (written === undefined && read === undefined) return undefined;
  const rule = rules.find((candidate) => pathRuleApplies(candidate) && (candidate.value.toolName === 'Read' || written !== undefined));
  if (!rule) return undefined;
  return { rule, certain: false, reason: `it touches a file whose name is only known at run time (${written ?? read})` };
}

/**
 * A Read or Edit rule that code no analysis reads could break (`python3 -c 'open(".env")'`) when it runs
 * outside the sandbox. Inside it, the sandbox hides what Read rules deny and makes read-only what Edit rules
 * deny, so the rules hold whatever the code does.
 */
function unsandboxedCodeMatch(call: PreparedCall, rules: readonly PermissionRule[]): RuleMatch | undefined {
  if (call.commands.length === 0) return undefined;
  const rule = rules.find(pathRuleApplies);
  if (!rule) return undefined;
  for (const { analysis, sandboxed } of call.commands) {
    const reason = sandboxed ? undefined : unreadableCodeReason(analysis);
    if (reason) return { rule, certain: false, reason: `${reason}, and it does not run in the sandbox, which would hold it to the rule` };
  }
  return undefined;
}

/** The whole-tool allow rule naming the call's tool, if any. */
export function findBlanketRule(call: PreparedCall, allRules: readonly PermissionRule[]): PermissionRule | undefined {
  return perTool(blanketRules, allRules, call.tool, () => usableAllowRules(allRules).find((rule) => rule.value.ruleContent === undefined && namesTool(rule.value, call.tool)) ?? null) ?? undefined;
}

/**
 * The allow rules that together cover what a call is: every subcommand of every shell command, every URL
 * and every name; for a tool whose only targets are paths (Read, Edit), every path. Undefined when
 * something is left uncovered or the call has no targets. Files a command touches are approved on their
 * own (see `approveCall`).
 */
export function coverTargets(call: PreparedCall, allRules: readonly PermissionRule[]): PermissionRule[] | undefined {
  const rules = usableAllowRules(allRules);
  if (call.targets.length === 0) return undefined;
  const used: PermissionRule[] = [];
  const own = perTool(ownContentRules, allRules, call.tool, () => rules.filter((rule) => rule.value.ruleContent !== undefined && namesTool(rule.value, call.tool)));
  for (const { command, analysis } of call.commands) {
    const match = matchCommandRules({ analysis, command, rules: own, behavior: 'allow' });
    if (!match) return undefined;
    used.push(...('rules' in match ? match.rules : [match.rule]));
  }
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
  if (call.commands.length === 0 && call.urls.length === 0 && call.names.length === 0) {
    for (const entry of call.paths) {
      const rule = coverPath(call, allRules, entry);
      if (!rule) return undefined;
      used.push(rule);
    }
  }
  return used.length > 0 ? used : undefined;
}

/** The Read or Edit allow rule covering one path (both the link and its target), if any. */
export function coverPath(call: PreparedCall, allRules: readonly PermissionRule[], entry: PreparedPath): PermissionRule | undefined {
  if (entry.recursive) return undefined;
  return usableAllowRules(allRules).find((candidate) => pathRuleApplies(candidate) && pathAccessCovered(candidate, entry, 'allow') && matchPath(call, candidate, entry, 'allow'));
}

export function pathRuleApplies(rule: PermissionRule): boolean {
  return rule.value.ruleContent !== undefined && (rule.value.toolName === 'Read' || rule.value.toolName === 'Edit');
}

/** A Read deny/ask also covers writes; an Edit allow also grants reads; an Edit deny/ask covers writes only. */
export function pathAccessCovered(rule: PermissionRule, entry: PreparedPath, behavior: 'allow' | 'deny' | 'ask'): boolean {
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
function namesTool(rule: PermissionRuleValue, tool: { name: string }): boolean {
  let byRule = nameMatches.get(tool.name);
  if (!byRule) {
    if (nameMatches.size >= MAX_TOOLS) nameMatches.clear();
    nameMatches.set(tool.name, (byRule = new Map()));
  }
  // A NUL cannot be in a rule's name: it keeps the case-blind comparison apart from the exact one.
  const key = rule.ignoreCase ? `\0${rule.toolName}` : rule.toolName;
  let matched = byRule.get(key);
  if (matched === undefined) {
    if (byRule.size >= MAX_RULE_NAMES) byRule.clear();
    byRule.set(key, (matched = matchesToolName(rule.toolName, tool, { ignoreCase: rule.ignoreCase })));
  }
  return matched;
}

/** Per rule list (lists are cached per permission context and never mutated), per tool name: a value worked out once. */
type PerTool<Value> = WeakMap<readonly PermissionRule[], Map<string, Value>>;

const candidates: PerTool<readonly PermissionRule[]> = new WeakMap();
const blanketRules: PerTool<PermissionRule | null> = new WeakMap();
const ownContentRules: PerTool<PermissionRule[]> = new WeakMap();

function perTool<Value>(cache: PerTool<Value>, rules: readonly PermissionRule[], tool: { name: string }, compute: () => Value): Value {
  let byTool = cache.get(rules);
  if (!byTool) cache.set(rules, (byTool = new Map()));
  let value = byTool.get(tool.name);
  if (value === undefined && !byTool.has(tool.name)) {
    if (byTool.size >= MAX_TOOLS) byTool.clear();
    byTool.set(tool.name, (value = compute()));
  }
  return value as Value;
}

/**
 * The deny or ask rules that can match some call of this tool, in their order: rules naming the tool, path
 * rules (Read, Edit), and WebFetch content rules (they meet any call's URLs). `findMatchingRule` skips every
 * other rule whatever the call, so a call walks only these, with their classification done once per rule list.
 */
function candidateRules(rules: readonly PermissionRule[], tool: { name: string }): readonly PermissionRule[] {
  return perTool(candidates, rules, tool, () =>
    rules.filter((rule) => pathRuleApplies(rule) || namesTool(rule.value, tool) || (rule.value.ruleContent !== undefined && rule.value.toolName === 'WebFetch')),
  );
}
