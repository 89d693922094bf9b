/**
 * `codev/plugin`: what a plugin, a config file or a tool's own test needs, and nothing more. Importing it
 * loads the kernel's vocabulary (the tool contract, hooks, permission rules, plugins, config, errors), not
 * the built-in tools, the agent loop or MCP: a plugin that imports `buildTool` from here costs about as much
 * as importing zod. Every name here is also exported by `codev`, as the same value.
 */

// Defining tools, hooks, rules, plugins and config
export { buildTool, isTool, DEFAULT_MAX_RESULT_SIZE_CHARS } from './tool/build-tool.ts';
export { defineHook, isToolHook } from './hooks/define-hook.ts';
export { definePermissionRule, isPermissionRuleSet } from './permissions/define-permission-rule.ts';
export type { PermissionRuleDefinition, PermissionRuleFunction, PermissionRuleSet } from './permissions/define-permission-rule.ts';
export { definePlugin, isPlugin } from './plugins/define-plugin.ts';
export type { Plugin, PluginContext, PluginDefinition, PluginContributions } from './plugins/define-plugin.ts';
export { defineConfig } from './config/define-config.ts';
export type { CodevConfig, CodevConfigInput, McpServerConfig } from './config/config-schema.ts';

// Types of the contracts
export { PERMISSION_MODES, PERMISSION_RULE_SOURCES } from './permissions/types.ts';
export type * from './permissions/types.ts';
export type * from './tool/types.ts';
export type * from './hooks/types.ts';
export type { PermissionRequestRunOptions, SessionHookRunOptions, SubagentHookRunOptions } from './hooks/hook-run-options.ts';
export type { CommandHookConfig, CommandHookOnFailure } from './hooks/command/types.ts';
export type * from './progress/types.ts';

// Errors
export { CodevError } from './errors/codev-error.ts';
export type { CodevErrorDetails } from './errors/codev-error.ts';
export { ERROR_CODES } from './errors/codes.ts';
export type { CodevErrorCode } from './errors/codes.ts';
