import type { SessionHookRunOptions } from './hook-run-options.ts';
import { runEachHook } from './run-each-hook.ts';

/** The merged answer of the UserPromptSubmit hooks. */
export interface UserPromptSubmitResult {
  /** The first hook that blocked the prompt, with its reason; absent when the prompt may be sent. */
  blocked?: { hookName: string; reason: string };
  /** Each hook's `additionalContext`, in registration order. */
  additionalContext: string[];
  /** Hooks that threw or timed out: reported, never fatal (they do not block). */
  failures: string[];
}

/**
 * Runs every UserPromptSubmit hook (the event takes no matcher), one after another in registration order.
 * All of them run even after a block, as Claude Code runs them all, so a hook that logs prompts sees every one.
 */
export async function runUserPromptSubmitHooks(options: SessionHookRunOptions & { prompt: string }): Promise<UserPromptSubmitResult> {
  const { hooks, ...session } = options;
  const result: UserPromptSubmitResult = { additionalContext: [], failures: [] };
  result.failures = await runEachHook({
    hooks,
    event: 'UserPromptSubmit',
    input: { hookEventName: 'UserPromptSubmit', ...session },
    onAnswer: (answer, hook) => {
      if (answer?.block === true) result.blocked ??= { hookName: hook.name, reason: nonEmpty(answer.reason) ?? `Hook '${hook.name}' blocked the prompt.` };
      const context = nonEmpty(answer?.additionalContext);
      if (context !== undefined) result.additionalContext.push(context);
    },
  });
  return result;
}

function nonEmpty(text: unknown): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}
