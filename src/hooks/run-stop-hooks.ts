import { runEachHook } from './run-each-hook.ts';
import type { StopOutput } from './types.ts';
import type { SessionHookRunOptions } from './hook-run-options.ts';

/** Stop (or SubagentStop) hooks may keep an agent going this many times in a row; at the next block it ends anyway, with a warning. */
export const MAX_STOP_HOOK_BLOCKS = 8;

/** The merged answer of the Stop or SubagentStop hooks. */
export interface StopHooksResult {
  /** One per hook that blocked the stop, in registration order; empty when the agent may end. */
  reasons: string[];
  /** True when a Stop hook asked to end now (`stop`), which wins over every block. */
  stopped: boolean;
  /** Hooks that threw or timed out: reported, never fatal (they do not block). */
  failures: string[];
}

/**
 * Runs the hooks of an agent that is about to end its turn, one after another in registration order, so
 * each blocking hook's reason reaches the model: Stop for the top-level agent (every hook: the event takes
 * no matcher), SubagentStop for a subagent (those whose matcher takes its type). A `stop` empties `reasons`.
 */
export async function runStopHooks(
  options: SessionHookRunOptions & { stopHookActive: boolean; lastAssistantMessage?: string; subagent?: { agentId: string; agentType: string } },
): Promise<StopHooksResult> {
  const { hooks, subagent, ...common } = options;
  const result: StopHooksResult = { reasons: [], stopped: false, failures: [] };
  const onAnswer = (answer: StopOutput | undefined, hook: { name: string }) => {
    if (answer?.stop === true) result.stopped = true;
    if (answer?.block === true) result.reasons.push(typeof answer.reason === 'string' && answer.reason.trim() !== '' ? answer.reason : `Hook '${hook.name}' asked you to continue.`);
  };
  result.failures = subagent
    ? await runEachHook({ hooks, event: 'SubagentStop', matchName: subagent.agentType, input: { hookEventName: 'SubagentStop', ...common, ...subagent }, onAnswer })
    : await runEachHook({ hooks, event: 'Stop', input: { hookEventName: 'Stop', ...common }, onAnswer });
  if (result.stopped) result.reasons = [];
  return result;
}
