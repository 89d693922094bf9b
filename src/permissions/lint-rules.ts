import { collectRules } from './collect-rules.ts';
import { validateDomainRule } from './rules/match-domain.ts';
import { validateParamRule } from './rules/match-param-rule.ts';
import { validateAllowRule } from './rules/match-tool-name.ts';
import { validateRuleContent } from './rules/validate-rule-content.ts';
import type { ToolPermissionContext } from './types.ts';

/** Tools whose rule content has its own grammar, where `a:b` is not a parameter rule. */
const OWN_GRAMMAR = new Set(['Bash', 'PowerShell', 'Monitor', 'Read', 'Edit', 'WebFetch']);

/**
 * Warnings for rules that will not do what they say: strings that do not parse, unanchored allow globs
 * (ignored, since they would approve every tool), WebFetch rules that are not domain patterns, parameter
 * rules on primary content fields or used to allow, command and path patterns that cannot mean what they
 * look like (see `validateRuleContent`). Each names the rule and its source. (Tool names that name no tool
 * are checked against the registry by `checkRuleLists`.)
 */
export function lintRules(context: ToolPermissionContext): string[] {
  const rules = collectRules(context);
  const warnings = rules.invalid.map((entry) => entry.message);
  for (const rule of [...rules.allow, ...rules.deny, ...rules.ask]) {
    const { toolName, ruleContent } = rule.value;
    const where = `(${rule.behavior} rule from ${rule.source})`;
    const allowGlob = rule.behavior === 'allow' ? validateAllowRule(rule.value) : undefined;
    if (allowGlob) warnings.push(`${allowGlob} ${where}`);
    if (ruleContent === undefined) continue;
    const content = validateRuleContent(toolName, ruleContent);
    if (content) warnings.push(`${content} ${where}`);
    if (toolName === 'WebFetch') {
      const domain = validateDomainRule(ruleContent);
      if (domain) warnings.push(`${domain} ${where}`);
    } else if (!OWN_GRAMMAR.has(toolName)) {
      const parameter = validateParamRule(ruleContent, rule.behavior);
      if (parameter) warnings.push(`${parameter} ${where}`);
    }
  }
  return warnings;
}
