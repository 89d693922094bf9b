import { isToolHook } from '../define-hook.ts';
import type { ToolHook } from '../types.ts';
import { defineCommandHook, type CommandHookOptions } from './define-command-hook.ts';
import type { CommandHookConfig } from './types.ts';

const made = new WeakMap<CommandHookConfig, { projectDir: string; environment: CommandHookOptions['environment']; hook: ToolHook }>();

/**
 * The config's `hooks` as `ToolHook`s: `defineHook` objects as they are, command entries through
 * `defineCommandHook`. The same entry and project give the same hook object, so a reload that keeps the
 * config shows no hook change.
 */
export function toToolHooks(entries: readonly (ToolHook | CommandHookConfig)[], options: CommandHookOptions): ToolHook[] {
  return entries.map((entry) => {
    if (isToolHook(entry)) return entry;
    const cached = made.get(entry);
    if (cached && cached.projectDir === options.projectDir && cached.environment === options.environment) return cached.hook;
    const hook = defineCommandHook(entry, options);
    made.set(entry, { projectDir: options.projectDir, environment: options.environment, hook });
    return hook;
  });
}
