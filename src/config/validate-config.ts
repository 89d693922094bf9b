import { CodevError } from '../errors/codev-error.ts';
import { type CodevConfig, configSchema } from './config-schema.ts';
import { formatConfigIssues } from './format-config-issues.ts';
import { checkRuleLists } from '../permissions/check-rule-lists.ts';
import { BUILTIN_TOOL_NAMES } from '../permissions/rules/known-tool-names.ts';

/**
 * Validates a config value against the schema and applies defaults. Throws ONE `CONFIG_INVALID` whose
 * message lists every problem as `field: what was expected; got what`, with `file` and the first `field` set.
 *
 * @example
 * validateConfig({ value: { permissions: { mode: 'yolo' } }, file: '/p/codev.config.ts' });
 * // CONFIG_INVALID: Invalid config (1 problem):
 * //   - permissions.mode: expected one of default, acceptEdits, ...; got "yolo"
 */
export function validateConfig(options: { value: unknown; file?: string }): CodevConfig {
  const result = configSchema().safeParse(options.value ?? {}, { reportInput: true });
  if (result.success) {
    checkConfigRules(result.data, options.file);
    return result.data;
  }
  const issues = formatConfigIssues({ issues: result.error.issues, schema: configSchema() });
  const count = `${issues.length} problem${issues.length === 1 ? '' : 's'}`;
  const list = issues.map((issue) => `  - ${issue.field}: ${issue.problem}`).join('\n');
  throw new CodevError('CONFIG_INVALID', `Invalid config (${count}):\n${list}`, {
    file: options.file,
    field: issues[0]?.field,
    hint: 'fix the fields listed above; wrapping the config in defineConfig() lets the editor check them',
    cause: result.error,
  });
}

/**
 * A rule whose tool name is a built-in's in another case (`deny: ['bash(rm:*)']`) does nothing as written:
 * `RULE_INVALID` naming the file, the field and the rule meant. Names no built-in has wait for the plugins
 * and MCP servers (the kernel checks them again once they are loaded).
 */
function checkConfigRules(config: CodevConfig, file: string | undefined): void {
  const lists = (['allow', 'deny', 'ask'] as const).map((behavior) => ({ behavior, rules: config.permissions[behavior], field: `permissions.${behavior}`, ...(file && { file }) }));
  const { errors } = checkRuleLists({ lists, knownNames: BUILTIN_TOOL_NAMES, complete: false });
  if (errors[0]) throw errors[0];
}
