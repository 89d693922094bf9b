import { CodevError } from '../../errors/codev-error.ts';
import { checkRuleLists } from '../../permissions/check-rule-lists.ts';
import { BUILTIN_TOOL_NAMES } from '../../permissions/rules/known-tool-names.ts';

/**
 * Checks the tool names of `--allow`, `--deny` and `--ask` before anything loads or runs: one that is a
 * built-in's in another case (`--deny 'bash(ls)'`) is a `RULE_INVALID` naming the flag and the rule meant
 * (exit 2, as a usage error). Names no built-in has are checked again once the plugins and MCP servers are
 * loaded; rules that do not parse are left to the command's own check.
 */
export function checkRuleFlags(values: { allow?: readonly string[]; deny?: readonly string[]; ask?: readonly string[] }): void {
  const lists = (['allow', 'deny', 'ask'] as const).map((behavior) => ({ behavior, rules: values[behavior] ?? [], field: `--${behavior}` }));
  const { errors } = checkRuleLists({ lists, knownNames: BUILTIN_TOOL_NAMES, complete: false });
  if (errors[0]) throw errors[0];
}

/** A `RULE_INVALID` the loaded project found (a near miss of a plugin's tool, a wrong-case rule in local settings): the command does not run. */
export function throwRuleErrors(errors: readonly CodevError[]): void {
  const invalid = errors.find((error) => error.code === 'RULE_INVALID');
  if (invalid) throw invalid;
}
