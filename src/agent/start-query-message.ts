import type Anthropic from '@anthropic-ai/sdk';
import type { ToolUseContext } from '../execution/types.ts';
import { runSessionStartHooks } from '../hooks/run-session-start-hooks.ts';
import type { SessionStartSource } from '../hooks/session-hook-types.ts';
import { runUserPromptSubmitHooks } from '../hooks/run-user-prompt-submit-hooks.ts';
import type { TaskNotification } from '../tasks/take-task-notifications.ts';
import { pendingTaskNotifications } from './pending-task-notifications.ts';
import { promptText, toContentBlocks } from './prompt-input.ts';

/** How a query starts: its first user message, or the UserPromptSubmit hook that refused the prompt. */
export type QueryStart =
  | { type: 'message'; message: Anthropic.MessageParam; notifications: TaskNotification[] }
  | { type: 'blocked'; hookName: string; reason: string };

/** An agent's SessionStart state: whether its hooks ran, and their context not yet sent; `resume` when a persisted session was loaded. */
export interface SessionStartState {
  started: boolean;
  pending: string[];
  source: SessionStartSource;
}

/**
 * The first user message of a query: the prompt (a string, or its blocks: text, images, documents), then each SessionStart hook's `additionalContext` (first
 * query only), then each UserPromptSubmit hook's, as `<system-reminder>` text blocks, then the
 * notifications of ended background tasks (a plain string when there is nothing but a string prompt). The
 * hooks read the prompt's text, and run only when `runHooks` (the top-level agent); SessionStart once per `session`. When a prompt hook
 * blocks there is no message, and the session context and notifications stay pending for the next query.
 * Hook failures go to the context's `onWarning`.
 */
export async function startQueryMessage(options: { prompt: string | Anthropic.ContentBlockParam[]; context: ToolUseContext; signal: AbortSignal; runHooks: boolean; session: SessionStartState }): Promise<QueryStart> {
  const { prompt, context, session, signal } = options;
  let reminders: string[] = [];
  if (options.runHooks && !signal.aborted) {
    const agent = { hooks: context.hooks, cwd: context.cwd, permissionMode: context.permissionContext.mode, signal };
    if (!session.started) {
      session.started = true;
      const started = await runSessionStartHooks({ ...agent, source: session.source, ...(context.agent && { model: context.agent.model }) });
      for (const failure of started.failures) context.onWarning?.(failure);
      session.pending.push(...started.additionalContext);
    }
    const hooks = await runUserPromptSubmitHooks({ ...agent, prompt: promptText(prompt) });
    for (const failure of hooks.failures) context.onWarning?.(failure);
    if (hooks.blocked) return { type: 'blocked', ...hooks.blocked };
    reminders = [...session.pending.splice(0), ...hooks.additionalContext];
  }
  const waiting = pendingTaskNotifications(context);
  const extra = [...reminders.map((text) => ({ type: 'text' as const, text: `<system-reminder>${text}</system-reminder>` })), ...waiting.blocks];
  const content = extra.length === 0 ? prompt : [...toContentBlocks(prompt), ...extra];
  return { type: 'message', message: { role: 'user', content }, notifications: waiting.notifications };
}
