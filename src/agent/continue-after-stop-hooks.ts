import type Anthropic from '@anthropic-ai/sdk';
import type { ToolUseContext } from '../execution/types.ts';
import { MAX_STOP_HOOK_BLOCKS, runStopHooks } from '../hooks/run-stop-hooks.ts';

/**
 * Runs the Stop hooks when the top-level agent is about to end its query. Returns the next user message
 * (the blocking hooks' reasons) when the agent should run on, or undefined when it ends: no hook blocked,
 * one asked to `stop`, or {@link MAX_STOP_HOOK_BLOCKS} blocks were already honoured in this query (then
 * with a warning). `blocks` is that count so far; `stopHookActive` is true once it is above 0. The hooks
 * read the text of `message`, the model's last turn. Hook failures go to the context's `onWarning`.
 */
export async function continueAfterStopHooks(options: { context: ToolUseContext; signal: AbortSignal; blocks: number; message: Anthropic.Message }): Promise<string | undefined> {
  const { context } = options;
  const stop = await runStopHooks({
    hooks: context.hooks,
    cwd: context.cwd,
    permissionMode: context.permissionContext.mode,
    signal: options.signal,
    stopHookActive: options.blocks > 0,
    lastAssistantMessage: options.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n\n').trim(),
  });
  for (const failure of stop.failures) context.onWarning?.(failure);
  if (stop.reasons.length === 0 || options.signal.aborted) return undefined;
  if (options.blocks >= MAX_STOP_HOOK_BLOCKS) {
    context.onWarning?.(`Stop hooks blocked the stop ${MAX_STOP_HOOK_BLOCKS} times in a row; the agent ended anyway.`);
    return undefined;
  }
  return stop.reasons.join('\n\n');
}
