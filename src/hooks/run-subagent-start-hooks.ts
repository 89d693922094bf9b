import { errorMessage } from '../errors/codev-error.ts';
import { callHook } from './call-hook.ts';
import type { SubagentHookRunOptions, ToolHook } from './types.ts';

/** The merged answer of the SubagentStart hooks. */
export interface SubagentStartResult {
  /** Each hook's `additionalContext`, in registration order. */
  additionalContext: string[];
  /** Hooks that threw or timed out: reported, never fatal (the subagent starts anyway). */
  failures: string[];
}

/** Runs the SubagentStart hooks whose matcher takes the agent type, one after another in registration order. */
export async function runSubagentStartHooks(options: SubagentHookRunOptions): Promise<SubagentStartResult> {
  const result: SubagentStartResult = { additionalContext: [], failures: [] };
  const { hooks, ...subagent } = options;
  for (const hook of hooks) {
    if (hook.event !== 'SubagentStart' || !hook.matches(options.agentType)) continue;
    try {
      const answer = await callHook(hook as ToolHook<'SubagentStart'>, { hookEventName: 'SubagentStart', ...subagent });
      if (typeof answer?.additionalContext === 'string' && answer.additionalContext.trim() !== '') result.additionalContext.push(answer.additionalContext);
    } catch (error) {
      result.failures.push(errorMessage(error));
    }
  }
  return result;
}
