import type Anthropic from '@anthropic-ai/sdk';
import type { ToolUseContext } from '../execution/types.ts';
import { runUserPromptSubmitHooks } from '../hooks/run-user-prompt-submit-hooks.ts';
import type { TaskNotification } from '../tasks/take-task-notifications.ts';
import { pendingTaskNotifications } from './pending-task-notifications.ts';

/** How a query starts: its first user message, or the UserPromptSubmit hook that refused the prompt. */
export type QueryStart =
  | { type: 'message'; message: Anthropic.MessageParam; notifications: TaskNotification[] }
  | { type: 'blocked'; hookName: string; reason: string };

/**
 * The first user message of a query: the prompt, then each UserPromptSubmit hook's `additionalContext`
 * as a `<system-reminder>` text block, then the notifications of ended background tasks (a plain string
 * when there is nothing but the prompt). The hooks run only when `runHooks` (the top-level agent); when
 * one blocks there is no message, and the notifications stay pending for the next query. Hook failures
 * go to the context's `onWarning`.
 */
export async function startQueryMessage(options: { prompt: string; context: ToolUseContext; signal: AbortSignal; runHooks: boolean }): Promise<QueryStart> {
  const { prompt, context } = options;
  let reminders: Anthropic.TextBlockParam[] = [];
  if (options.runHooks && !options.signal.aborted) {
    const hooks = await runUserPromptSubmitHooks({ hooks: context.hooks, prompt, cwd: context.cwd, permissionMode: context.permissionContext.mode, signal: options.signal });
    for (const failure of hooks.failures) context.onWarning?.(failure);
    if (hooks.blocked) return { type: 'blocked', ...hooks.blocked };
    reminders = hooks.additionalContext.map((text) => ({ type: 'text', text: `<system-reminder>${text}</system-reminder>` }));
  }
  const waiting = pendingTaskNotifications(context);
  const extra = [...reminders, ...waiting.blocks];
  const content = extra.length === 0 ? prompt : [{ type: 'text' as const, text: prompt }, ...extra];
  return { type: 'message', message: { role: 'user', content }, notifications: waiting.notifications };
}
