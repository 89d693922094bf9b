import type { ToolUseContext } from '../execution/types.ts';
import { MAX_STOP_HOOK_BLOCKS, runStopHooks } from '../hooks/run-stop-hooks.ts';

/**
 * Runs the Stop hooks (SubagentStop for a `subagent`) when an agent is about to end its turn. Returns the
 * next user message (the blocking hooks' reasons) when the agent should run on, or undefined when it ends:
 * no hook blocked, one asked to `stop`, or {@link MAX_STOP_HOOK_BLOCKS} blocks were already honoured in a
 * row (then with a warning). `blocks` is that count so far; `stopHookActive` is true once it is above 0.
 * Hook failures and the warning go to `warn` (default: the context's `onWarning`).
 */
export async function continueAfterStopHooks(options: {
  context: ToolUseContext;
  signal: AbortSignal;
  blocks: number;
  /** The text of the model's last turn. */
  lastAssistantMessage: string;
  subagent?: { agentId: string; agentType: string };
  warn?: (message: string) => void;
}): Promise<string | undefined> {
  const { context, subagent } = options;
  const warn = options.warn ?? ((message: string) => context.onWarning?.(message));
  const stop = await runStopHooks({
    hooks: context.hooks,
    cwd: context.cwd,
    permissionMode: context.permissionContext.mode,
    signal: options.signal,
    stopHookActive: options.blocks > 0,
    lastAssistantMessage: options.lastAssistantMessage,
    ...(subagent && { subagent }),
  });
  stop.failures.forEach(warn);
  if (stop.reasons.length === 0 || options.signal.aborted) return undefined;
  if (options.blocks >= MAX_STOP_HOOK_BLOCKS) {
    warn(subagent
      ? `SubagentStop hooks blocked the stop of ${subagent.agentId} ${MAX_STOP_HOOK_BLOCKS} times in a row; it ended anyway.`
      : `Stop hooks blocked the stop ${MAX_STOP_HOOK_BLOCKS} times in a row; the agent ended anyway.`);
    return undefined;
  }
  return stop.reasons.join('\n\n');
}
