import { runPostToolUseHooks } from '../../hooks/run-post-tool-use-hooks.ts';
import type { Stage } from '../types.ts';
import { forwardHookProgress, hookCallBase } from '../hook-call-base.ts';
import { mapOutput } from './map-result.ts';

/**
 * Stage 9: PostToolUse hooks. They may add context or feedback, stop the turn, or replace the output:
 * MCP tools take any replacement; other tools only one that matches their `outputSchema`. Each hook's
 * progress is yielded as it runs.
 */
export const runAfterHooks: Stage = async function* runAfterHooks(state) {
  const { context } = state.request;
  if (!context.hooks.some((hook) => hook.event === 'PostToolUse')) return;
  const tool = state.tool!;
  const result = yield* forwardHookProgress(state, runPostToolUseHooks({
    event: 'PostToolUse',
    ...hookCallBase(state),
    durationMs: performance.now() - state.startedAt,
    toolResponse: state.output,
    acceptOutput: (value) => tool.isMcp || (tool.outputSchema?.safeParse(value).success ?? false),
  }));
  for (const failed of result.failures) context.onWarning?.(failed);
  state.additionalContext.push(...result.additionalContext, ...result.feedback);
  if (result.updatedOutput) {
    state.output = result.updatedOutput.value;
    await mapOutput(state);
  }
  if (result.stop) {
    state.additionalContext.push(`Stopped by PostToolUse hook '${result.stop.hookName}': ${result.stop.reason}`);
    state.preventContinuation = true;
  }
};
