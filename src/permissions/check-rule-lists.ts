import { CodevError } from '../errors/codev-error.ts';
import { checkRuleContent } from './rules/check-rule-content.ts';
import { checkRuleToolName } from './rules/check-rule-tool-name.ts';
import { parsePermissionRule } from './rules/parse-rule.ts';
import type { PermissionBehavior, PermissionRuleValue } from './types.ts';

/** Rule strings as written in one place: `permissions.deny` of a config file, `--deny` of a command line. */
export interface RuleList {
  behavior: PermissionBehavior;
  rules: readonly string[];
  /** Where the list is written, absolute; absent for a command line. */
  file?: string;
  /** The list's field (`permissions.deny`) or flag (`--deny`). */
  field: string;
}

/** What {@link checkRuleLists} found: `RULE_INVALID` errors naming file and field, and warnings. */
export interface RuleListProblems {
  errors: CodevError[];
  warnings: string[];
}

/**
 * Finds the rules that can do nothing as written: a tool name in the wrong case, or (once `complete`, the
 * plugins and MCP servers loaded) a near miss of a tool that exists, are `RULE_INVALID` with the name meant,
 * and so is a deny or ask rule whose content matches nothing (see `checkRuleContent`);
 * a name no tool has yet is a warning (see `checkRuleToolName`). Rules that do not parse are left to the
 * parser's own report. `knownNames`: the tools there are (the built-ins when not complete).
 */
export function checkRuleLists(options: { lists: readonly RuleList[]; knownNames: readonly string[]; complete: boolean }): RuleListProblems {
  const problems: RuleListProblems = { errors: [], warnings: [] };
  for (const list of options.lists) {
    list.rules.forEach((text, index) => {
      let value: PermissionRuleValue;
      try {
        value = parsePermissionRule(text);
      } catch {
        return;
      }
      const field = list.field.startsWith('--') ? list.field : `${list.field}[${index}]`;
      const content = checkRuleContent({ behavior: list.behavior, value });
      if (content) {
        problems.errors.push(
          new CodevError('RULE_INVALID', `The ${list.behavior} rule "${text}" can never match: ${content.message}`, {
            ...(list.file && { file: list.file }),
            field,
            hint: content.suggestion ? `write "${content.suggestion}"` : 'write "WebFetch(domain:example.com)"',
          }),
        );
        return;
      }
      const problem = checkRuleToolName({ toolName: value.toolName, knownNames: options.knownNames, complete: options.complete });
      if (!problem) return;
      if (problem.severity === 'warning') {
        problems.warnings.push(`The ${list.behavior} rule "${text}" (${list.file ? `${list.file}, ` : ''}${field}): ${problem.message}`);
        return;
      }
      const fixed = problem.suggestion === undefined ? undefined : text.trim().replace(/^[^(]+/, problem.suggestion);
      problems.errors.push(
        new CodevError('RULE_INVALID', `The ${list.behavior} rule "${text}" can never match: ${problem.message}`, {
          ...(list.file && { file: list.file }),
          field,
          hint: fixed ? `write "${fixed}"` : 'write the tool name exactly as `codev tools` lists it',
        }),
      );
    });
  }
  return problems;
}
