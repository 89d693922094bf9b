import { runPostToolUseHooks, type PostToolUseResult } from '../../hooks/run-post-tool-use-hooks.ts';
import type { Stage, StageResult, ToolCallState, ToolUseUpdate } from '../types.ts';
import { hasMatchingHook, hookCallBase } from '../hook-call-base.ts';
import { mapOutput } from './map-result.ts';

/**
 * Stage 9: PostToolUse hooks. They may add context or feedback, stop the turn, or replace the output:
 * MCP tools take any replacement; other tools only one that matches their `outputSchema`. Each hook's
 * progress is yielded as it runs. Without a PostToolUse hook that takes the tool, the stage does nothing.
 */
export const runAfterHooks: Stage = function runAfterHooks(state) {
  if (!hasMatchingHook(state.request.context.hooks, 'PostToolUse', state.tool!.name)) return;
  return afterHooks(state);
};

async function* afterHooks(state: ToolCallState): AsyncGenerator<ToolUseUpdate, StageResult, void> {
  const { context, toolUse } = state.request;
  const tool = state.tool!;
  // Object.assign, not a spread followed by more keys (a slow path on Node 20).
  const run = runPostToolUseHooks(Object.assign(hookCallBase(state), {
    event: 'PostToolUse' as const,
    durationMs: performance.now() - state.startedAt,
    toolResponse: state.output,
    acceptOutput: (value: unknown) => tool.isMcp || (tool.outputSchema?.safeParse(value).success ?? false),
  }));
  let result: PostToolUseResult;
  while (true) {
    const step = await run.next();
    if (step.done) {
      result = step.value;
      break;
    }
    yield { type: 'progress', toolUseId: toolUse.id, toolName: tool.name, progress: step.value };
  }
  for (const failed of result.failures) context.onWarning?.(failed);
  if (result.additionalContext.length > 0 || result.feedback.length > 0) state.additionalContext.push(...result.additionalContext, ...result.feedback);
  if (result.updatedOutput) {
    state.output = result.updatedOutput.value;
    await mapOutput(state);
  }
  if (result.stop) {
    state.additionalContext.push(`Stopped by PostToolUse hook '${result.stop.hookName}': ${result.stop.reason}`);
    state.preventContinuation = true;
  }
}
