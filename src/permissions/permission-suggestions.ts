import { formatPermissionRule } from './rules/parse-rule.ts';
import { isInWorkingDirectories } from './path-containment.ts';
import type { PreparedCall } from './prepare-call.ts';
import type { PermissionUpdate } from './types.ts';

const MAX_SUGGESTED_RULES = 5;

/**
 * The "always allow" choices offered for an ask: one rule per shell subcommand (at most five), one `Edit`
 * or `Read` rule per path that needs one (not a command's own files inside the working directories), one `WebFetch(domain:…)` per host, else the whole tool. None for a command that
 * did not parse: a rule the user cannot read in full must not be offered.
 */
export function permissionSuggestions(call: PreparedCall, workingDirectories: readonly string[]): PermissionUpdate[] {
  const rules: string[] = [];
  for (const { analysis } of call.commands) {
    if (!analysis.ok) return [];
    for (const command of analysis.commands) rules.push(formatPermissionRule({ toolName: call.tool.name, ruleContent: command.text }));
  }
  for (const entry of call.paths) {
    // A command's own files inside the working directories come with the command; a guess never needs a rule.
    if (entry.origin === 'possible' || entry.recursive || (entry.origin === 'operand' && isInWorkingDirectories(entry.variants.real, workingDirectories) && isInWorkingDirectories(entry.variants.lexical, workingDirectories))) continue;
    rules.push(formatPermissionRule({ toolName: entry.access === 'write' ? 'Edit' : 'Read', ruleContent: `//${entry.variants.real.replace(/^\/+/, '').replace(/[*?[\]]/g, '\\$&')}` }));
  }
  for (const url of call.urls) {
    try {
      rules.push(formatPermissionRule({ toolName: 'WebFetch', ruleContent: `domain:${new URL(url).hostname}` }));
    } catch {
      return [];
    }
  }
  if (call.targets.length === 0) rules.push(call.tool.name);
  const unique = [...new Set(rules)];
  if (unique.length === 0 || unique.length > MAX_SUGGESTED_RULES) return [];
  return [{ type: 'addRules', behavior: 'allow', rules: unique, destination: 'local' }];
}
