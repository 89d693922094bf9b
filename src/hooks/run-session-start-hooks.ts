import { errorMessage } from '../errors/codev-error.ts';
import { callHook } from './call-hook.ts';
import type { SessionHookRunOptions, SessionStartSource, ToolHook } from './types.ts';

/** The merged answer of the SessionStart hooks. */
export interface SessionStartResult {
  /** Each hook's `additionalContext`, in registration order. */
  additionalContext: string[];
  /** Hooks that threw or timed out: reported, never fatal. */
  failures: string[];
}

/** Runs the SessionStart hooks whose matcher takes the source, one after another in registration order. */
export async function runSessionStartHooks(options: SessionHookRunOptions & { source: SessionStartSource; model?: string }): Promise<SessionStartResult> {
  const result: SessionStartResult = { additionalContext: [], failures: [] };
  const { hooks, ...session } = options;
  for (const hook of hooks) {
    if (hook.event !== 'SessionStart' || !hook.matches(options.source)) continue;
    try {
      const answer = await callHook(hook as ToolHook<'SessionStart'>, { hookEventName: 'SessionStart', ...session });
      if (typeof answer?.additionalContext === 'string' && answer.additionalContext.trim() !== '') result.additionalContext.push(answer.additionalContext);
    } catch (error) {
      result.failures.push(errorMessage(error));
    }
  }
  return result;
}
