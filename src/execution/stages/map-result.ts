import { errorMessage } from '../../errors/codev-error.ts';
import { withheldVariables } from '../../processes/command-environment.ts';
import { persistLargeResult } from '../../results/persist-large-result.ts';
import { hasMediaBlocks, resultSize } from '../../results/result-size.ts';
import { toolUseError } from '../messages.ts';
import { redactResultBlock } from '../redact-result-block.ts';
import type { Stage, StageOutcome, ToolCallState } from '../types.ts';

/**
 * Maps the current output to the `tool_result` block: empty results say so, results over the tool's
 * `maxResultSizeChars` are persisted to disk and replaced by a preview and the path. A result that stays
 * inline is mapped at once (no promise); only one that is persisted returns a promise.
 */
export function mapOutput(state: ToolCallState): void | Promise<void> {
  const tool = state.tool!;
  const { toolUse, context } = state.request;
  let block = tool.mapToolResultToToolResultBlockParam(state.output, toolUse.id);
  const size = resultSize(block);
  if (size === 0 && (typeof block.content === 'string' || block.content.length === 0)) {
    block = { ...block, content: `(${tool.name} completed with no output)` };
  }
  // What `persistLargeResult` returns unchanged, decided here without its promise.
  const threshold = tool.maxResultSizeChars;
  if (!Number.isFinite(threshold) || resultSize(block) <= threshold || hasMediaBlocks(block)) {
    state.block = block;
    state.persistedPath = undefined;
    return;
  }
  // The file outlives the call beside the saved session: what buildResult will redact is redacted before it is written.
  block = redactResultBlock(block, withheldVariables({ policy: context.environment }));
  return persistLargeResult({ block, threshold, sessionDirectory: context.sessionDirectory, resultsDirectory: context.resultsDirectory }).then((persisted) => {
    state.block = persisted.block;
    state.persistedPath = persisted.persistedPath;
  });
}

/** Stage 8: result mapping. A mapper that throws is the tool's bug, reported to the model as an error. */
export const mapResult: Stage = function mapResult(state) {
  let mapped: void | Promise<void>;
  try {
    mapped = mapOutput(state);
  } catch (error) {
    return unmappable(state, error);
  }
  if (mapped) return mapped.then(() => undefined, (error: unknown) => unmappable(state, error));
};

function unmappable(state: ToolCallState, error: unknown): StageOutcome {
  return { status: 'error', content: toolUseError(`Error: ${state.tool!.name} returned a result that could not be mapped: ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
}
