import { z } from 'zod';
import { lazySchema } from '../../tool/lazy-schema.ts';
import { compileHookMatcher } from '../hook-matcher.ts';
import { HOOK_EVENTS, type HookEvent } from '../types.ts';
import type { ClaudeCodeHooksSettings, CommandHookConfig } from './types.ts';

const schemas = lazySchema(() => {
  const matcher = z.string().superRefine((value, context) => {
    try {
      compileHookMatcher(value);
    } catch {
      context.addIssue({ code: 'custom', message: 'expected names (tools, or agent types for Subagent events) separated by "|" or a valid regular expression' });
    }
  });
  const command = z.string().trim().min(1, 'expected a shell command such as "./hooks/check.sh"');
  /** Seconds, like Claude Code; at most a day. */
  const timeout = z.number().positive().max(86_400);
  const onFailure = z.enum(['continue', 'block']);

  /** A flat command hook entry of `hooks: [...]`: `{ event, matcher?, command, timeout?, onFailure? }`. */
  const commandHookConfig = z.strictObject({
    type: z.literal('command').optional(),
    event: z.enum(HOOK_EVENTS as [HookEvent, ...HookEvent[]]),
    matcher: matcher.optional(),
    command,
    timeout: timeout.optional(),
    onFailure: onFailure.optional(),
    name: z.string().min(1).optional(),
  });

  const handlerSchema = z.strictObject({
    type: z.literal('command', 'only command hooks are supported (type: "command")'),
    command,
    timeout: timeout.optional(),
    onFailure: onFailure.optional(),
    statusMessage: z.string().optional(),
  });

  const groupList = z.array(z.strictObject({ matcher: matcher.optional(), hooks: z.array(handlerSchema) })).optional();

  /** Claude Code's settings shape `{ PreToolUse: [{ matcher, hooks: [{ type: 'command', command, timeout }] }] }` (the events of `HOOK_EVENTS`). */
  const claudeCodeHooks = z.strictObject(Object.fromEntries(HOOK_EVENTS.map((event) => [event, groupList])) as Record<HookEvent, typeof groupList>);

  return { commandHookConfig, claudeCodeHooks };
});

/** A command hook entry of the config's `hooks` list, made at its first use. */
export const commandHookConfigSchema = (): ReturnType<typeof schemas>['commandHookConfig'] => schemas().commandHookConfig;

/** Claude Code's `hooks` settings block, made at its first use. */
export const claudeCodeHooksSchema = (): ReturnType<typeof schemas>['claudeCodeHooks'] => schemas().claudeCodeHooks;

/** Claude Code's nested settings shape as flat command hook entries, in order. */
export function flattenClaudeCodeHooks(settings: ClaudeCodeHooksSettings): CommandHookConfig[] {
  return HOOK_EVENTS.flatMap((event) =>
    (settings[event] ?? []).flatMap((group) =>
      group.hooks.map((handler): CommandHookConfig => ({
        event,
        ...(group.matcher === undefined ? {} : { matcher: group.matcher }),
        command: handler.command,
        ...(handler.timeout === undefined ? {} : { timeout: handler.timeout }),
        ...(handler.onFailure === undefined ? {} : { onFailure: handler.onFailure }),
      })),
    ),
  );
}
