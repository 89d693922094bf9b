import type { CodevError } from '../errors/codev-error.ts';
import { checkRuleLists, type RuleList } from '../permissions/check-rule-lists.ts';
import { BUILTIN_TOOL_NAMES } from '../permissions/rules/known-tool-names.ts';
import type { PermissionBehavior } from '../permissions/types.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import type { Tool } from '../tool/types.ts';

const BEHAVIORS: readonly PermissionBehavior[] = ['allow', 'deny', 'ask'];

/**
 * The rules of a generation checked against its complete registry (built-ins, plugin, MCP and extra tools):
 * each one's tool name in the wrong case, or a near miss of a tool that exists, is a `RULE_INVALID` naming
 * its file and field; a name no tool has is a warning. See `checkRuleLists`.
 */
export function checkGenerationRules(options: {
  config: { permissions?: Partial<Record<PermissionBehavior, readonly string[]>> };
  configFile?: string;
  settings: { permissions?: Partial<Record<PermissionBehavior, readonly string[]>> };
  localSettingsFile: string;
  commandLine: Partial<Record<PermissionBehavior, readonly string[] | undefined>>;
  plugins: readonly LoadedPlugin[];
  tools: readonly Tool[];
}): { errors: CodevError[]; warnings: string[] } {
  const lists: RuleList[] = BEHAVIORS.flatMap((behavior) => [
    { behavior, rules: options.config.permissions?.[behavior] ?? [], field: `permissions.${behavior}`, ...(options.configFile && { file: options.configFile }) },
    { behavior, rules: options.settings.permissions?.[behavior] ?? [], field: `permissions.${behavior}`, file: options.localSettingsFile },
    { behavior, rules: options.commandLine[behavior] ?? [], field: `--${behavior}` },
    ...options.plugins.flatMap((plugin) => plugin.ruleSets.map((set) => ({ behavior, rules: set[behavior], field: `${set.name}.${behavior}`, file: plugin.file ?? plugin.id }))),
  ]);
  const knownNames = [...BUILTIN_TOOL_NAMES, ...options.tools.map((tool) => tool.name)];
  return checkRuleLists({ lists, knownNames, complete: true });
}
