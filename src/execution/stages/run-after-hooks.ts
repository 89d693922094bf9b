import { errorMessage } from '../../errors/codev-error.ts';
import { matchingHooks } from '../../hooks/matching-hooks.ts';
import { runPostToolUseHooks, type PostToolUseResult } from '../../hooks/run-post-tool-use-hooks.ts';
import { isMcpOutput } from '../../tool/is-mcp-output.ts';
import type { Tool } from '../../tool/types.ts';
import { hookCallBase } from '../hook-call-base.ts';
import { runHookStage, type HookUpdates } from '../run-hook-stage.ts';
import type { Stage, StageResult, ToolCallState } from '../types.ts';
import { mapOutput } from './map-result.ts';

/**
 * Stage 9: PostToolUse hooks. They may add context or feedback, stop the turn, or replace the output:
 * MCP tools take text or a list of content blocks (see `isMcpOutput`); other tools only one that matches
 * their `outputSchema`. Each hook's progress is yielded as it runs. Without a PostToolUse hook that takes the tool, the stage does nothing.
 */
export const runAfterHooks: Stage = function runAfterHooks(state) {
  if (matchingHooks(state.request.context.hooks, 'PostToolUse', state.tool!.name).length === 0) return;
  return runHookStage(state, startHooks, applyAnswer);
};

function startHooks(state: ToolCallState, progress: HookUpdates): PostToolUseResult | Promise<PostToolUseResult> {
  // Object.assign, not a spread followed by more keys (a slow path on Node 20).
  return runPostToolUseHooks(
    Object.assign(hookCallBase(state), {
      event: 'PostToolUse' as const,
      durationMs: performance.now() - state.startedAt,
      toolResponse: state.output,
      acceptOutput: outputCheck(state.tool!),
    }),
    progress,
  );
}

function applyAnswer(state: ToolCallState, result: PostToolUseResult): StageResult | Promise<StageResult> {
  const { context } = state.request;
  for (const failed of result.failures) context.onWarning?.(failed);
  if (result.additionalContext.length > 0 || result.feedback.length > 0) state.additionalContext.push(...result.additionalContext, ...result.feedback);
  if (result.updatedOutput) {
    const replaced = replaceOutput(state, result.updatedOutput);
    if (replaced) return replaced.then(() => applyStop(state, result));
  }
  applyStop(state, result);
}

/**
 * Maps a hook's replacement output. One the tool cannot map is that hook's failure, reported, and the call
 * keeps its own output: it already ran, and reported as failed the model would make it again.
 */
function replaceOutput(state: ToolCallState, updated: NonNullable<PostToolUseResult['updatedOutput']>): void | Promise<void> {
  const own = { output: state.output, block: state.block, persistedPath: state.persistedPath };
  const keepOwn = (error: unknown): void => {
    Object.assign(state, own);
    state.request.context.onWarning?.(`Hook '${updated.hookName}' returned an updatedOutput that ${state.tool!.name} could not map (${errorMessage(error)}); it was ignored`);
  };
  state.output = updated.value;
  try {
    const mapped = mapOutput(state);
    if (mapped) return mapped.catch(keepOwn);
  } catch (error) {
    keepOwn(error);
  }
}

function applyStop(state: ToolCallState, result: PostToolUseResult): void {
  if (!result.stop) return;
  state.additionalContext.push(`Stopped by PostToolUse hook '${result.stop.hookName}': ${result.stop.reason}`);
  state.preventContinuation = true;
}

/** Whether a hook's replacement output is taken, one function per tool (not one per call). */
const outputChecks = new WeakMap<Tool, (value: unknown) => boolean>();

function outputCheck(tool: Tool): (value: unknown) => boolean {
  let check = outputChecks.get(tool);
  if (check === undefined) {
    check = tool.isMcp ? isMcpOutput : (value) => tool.outputSchema?.safeParse(value).success ?? false;
    outputChecks.set(tool, check);
  }
  return check;
}
