import { errorMessage } from '../errors/codev-error.ts';
import { callHook } from './call-hook.ts';
import type { SubagentHookRunOptions, ToolHook } from './types.ts';

/** The merged answer of the SubagentStop hooks. */
export interface SubagentStopResult {
  /** One per hook that blocked the stop, in registration order; empty when the subagent may end. */
  reasons: string[];
  /** Hooks that threw or timed out: reported, never fatal (they do not block). */
  failures: string[];
}

/**
 * Runs the SubagentStop hooks whose matcher takes the agent type, one after another in registration
 * order. Every matching hook runs, so each blocking hook's reason reaches the subagent.
 */
export async function runSubagentStopHooks(options: SubagentHookRunOptions & { stopHookActive: boolean; lastAssistantMessage?: string }): Promise<SubagentStopResult> {
  const result: SubagentStopResult = { reasons: [], failures: [] };
  const { hooks, ...subagent } = options;
  for (const hook of hooks) {
    if (hook.event !== 'SubagentStop' || !hook.matches(options.agentType)) continue;
    try {
      const answer = await callHook(hook as ToolHook<'SubagentStop'>, { hookEventName: 'SubagentStop', ...subagent });
      if (answer?.block === true) result.reasons.push(typeof answer.reason === 'string' && answer.reason.trim() !== '' ? answer.reason : `Hook '${hook.name}' asked you to continue.`);
    } catch (error) {
      result.failures.push(errorMessage(error));
    }
  }
  return result;
}
