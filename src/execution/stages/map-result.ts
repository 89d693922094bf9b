import { errorMessage } from '../../errors/codev-error.ts';
import { persistLargeResult } from '../../results/persist-large-result.ts';
import { resultSize } from '../../results/result-size.ts';
import { toolUseError } from '../messages.ts';
import type { Stage, ToolCallState } from '../types.ts';

/**
 * Maps the current output to the `tool_result` block: empty results say so, results over the tool's
 * `maxResultSizeChars` are persisted to disk and replaced by a preview and the path.
 */
export async function mapOutput(state: ToolCallState): Promise<void> {
  const tool = state.tool!;
  const { toolUse, context } = state.request;
  let block = tool.mapToolResultToToolResultBlockParam(state.output, toolUse.id);
  if (resultSize(block) === 0 && (typeof block.content === 'string' || block.content.length === 0)) {
    block = { ...block, content: `(${tool.name} completed with no output)` };
  }
  const persisted = await persistLargeResult({ block, threshold: tool.maxResultSizeChars, sessionDirectory: context.sessionDirectory });
  state.block = persisted.block;
  state.persistedPath = persisted.persistedPath;
}

/** Stage 8: result mapping. A mapper that throws is the tool's bug, reported to the model as an error. */
export const mapResult: Stage = async function mapResult(state) {
  try {
    await mapOutput(state);
  } catch (error) {
    return { status: 'error', content: toolUseError(`Error: ${state.tool!.name} returned a result that could not be mapped: ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
  }
};
