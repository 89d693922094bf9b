export { claudeCodeHooksSchema, commandHookConfigSchema, flattenClaudeCodeHooks } from './command-hook-schema.ts';
export { type CommandHookOptions, DEFAULT_COMMAND_HOOK_TIMEOUT_SECONDS, DEFAULT_PROMPT_HOOK_TIMEOUT_SECONDS, defineCommandHook } from './define-command-hook.ts';
export { toToolHooks } from './to-tool-hooks.ts';
export type * from './types.ts';
