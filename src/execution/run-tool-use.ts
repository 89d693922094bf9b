import { setMaxListeners } from 'node:events';
import { errorMessage } from '../errors/codev-error.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { resultSize } from '../results/result-size.ts';
import { endToolSpan, reportDecision, startToolSpan } from '../telemetry/tool-span.ts';
import type { ToolUseBlock } from '../tool/types.ts';
import { buildResult } from './build-result.ts';
import { toolUseError } from './messages.ts';
import { STAGES } from './pipeline.ts';
import type { StageOutcome, ToolCallState, ToolUseContext, ToolUseUpdate } from './types.ts';

/**
 * Runs one tool call through the whole lifecycle and yields its progress, then exactly one result.
 *
 * 1. Each stage of `STAGES` runs in order; the first that returns an outcome ends the call.
 * 2. Whatever happens (a tool that throws, a hook that hangs, a bug in codev) the last update is a
 *    `result` whose block the model can read: this generator does not throw.
 * 3. The decision and the result are reported as OpenTelemetry events on a `codev.tool_use` span.
 */
export async function* runToolUse(
  toolUse: ToolUseBlock,
  assistantMessage: unknown,
  canUseTool: CanUseTool,
  context: ToolUseContext,
): AsyncGenerator<ToolUseUpdate, void, void> {
  const state: ToolCallState = {
    request: { toolUse, assistantMessage, canUseTool, context },
    startedAt: performance.now(),
    additionalContext: [],
  };
  // Every call of a query listens to its one signal, and each waits on it at a few places (the call, a
  // file lock, a kill): parallel calls pass Node's default of 10 listeners without any leak.
  if (context.signal) setMaxListeners(0, context.signal);
  const span = startToolSpan({ toolName: toolUse.name, toolUseId: toolUse.id });
  let outcome: StageOutcome | void = undefined;
  try {
    for (const stage of STAGES) {
      outcome = yield* stage(state);
      if (outcome) break;
    }
  } catch (error) {
    outcome = { status: 'error', content: toolUseError(`Error calling tool (${toolUse.name}): ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
  }
  if (state.decision && state.tool) reportDecision({ span, tool: state.tool, toolUseId: toolUse.id, decision: state.decision });
  const result = buildResult(state, outcome ?? undefined);
  endToolSpan({ span, status: result.status, isError: result.isError, durationMs: result.durationMs, resultSize: resultSize(result.block) });
  yield result;
}
