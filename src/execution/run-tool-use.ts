import { setMaxListeners } from 'node:events';
import { errorMessage } from '../errors/codev-error.ts';
import type { CanUseTool } from '../permissions/types.ts';
import { resultSize } from '../results/result-size.ts';
import { endToolSpan, reportDecision, startToolSpan } from '../telemetry/tool-span.ts';
import type { ToolUseBlock } from '../tool/types.ts';
import { buildResult } from './build-result.ts';
import { toolUseError } from './messages.ts';
import { STAGES } from './pipeline.ts';
import type { StageOutcome, StageResult, ToolCallState, ToolUseContext, ToolUseUpdate } from './types.ts';

/**
 * Runs one tool call through the whole lifecycle and yields its progress, then exactly one result.
 *
 * 1. Each stage of `STAGES` runs in order; the first that returns an outcome ends the call.
 * 2. Whatever happens (a tool that throws, a hook that hangs, a bug in codev) the last update is a
 *    `result` whose block the model can read: this generator does not throw.
 * 3. The decision and the result are reported as OpenTelemetry events on an `execute_tool` span (when it
 *    records), a child of the query's span; the call's context carries it, so a subagent nests under it.
 */
export async function* runToolUse(
  toolUse: ToolUseBlock,
  assistantMessage: unknown,
  canUseTool: CanUseTool,
  context: ToolUseContext,
): AsyncGenerator<ToolUseUpdate, void, void> {
  const span = startToolSpan({ toolName: toolUse.name, toolUseId: toolUse.id, parent: context.agentSpan });
  const state: ToolCallState = {
    request: { toolUse, assistantMessage, canUseTool, context },
    startedAt: performance.now(),
    additionalContext: [],
    span,
  };
  // Every call of a query listens to its one signal, and each waits on it at a few places (the call, a
  // file lock, a kill): parallel calls pass Node's default of 10 listeners without any leak.
  if (context.signal) setMaxListeners(0, context.signal);
  let outcome: StageOutcome | void = undefined;
  try {
    // Most stages return a plain value or a promise: only those that wait while they report progress are
    // generators, so a call pays for no generator layer (a few microtask turns each) where nothing is
    // yielded or where the progress is known at once (hooks that answered at once leave it in `state.updates`).
    for (let index = 0; index < STAGES.length; index++) {
      const step = STAGES[index]!(state);
      outcome = isAsyncGenerator(step) ? yield* step : isThenable(step) ? await step : step;
      if (state.updates !== undefined) {
        const updates = state.updates;
        state.updates = undefined;
        for (let update = 0; update < updates.length; update++) yield updates[update]!;
      }
      if (outcome) break;
    }
  } catch (error) {
    outcome = { status: 'error', content: toolUseError(`Error calling tool (${toolUse.name}): ${errorMessage(error)}`), errorCode: 'TOOL_FAILED' };
  }
  // The progress of hooks that answered at once, left by a stage that then threw, still reaches the caller.
  if (state.updates !== undefined) {
    const updates = state.updates;
    state.updates = undefined;
    for (let update = 0; update < updates.length; update++) yield updates[update]!;
  }
  const result = buildResult(state, outcome ?? undefined);
  // Events go only to a span that records them: without an OpenTelemetry SDK (or for a call not sampled)
  // nothing is built for them.
  if (span.isRecording()) {
    if (state.decision && state.tool) reportDecision({ span, tool: state.tool, toolUseId: toolUse.id, decision: state.decision });
    endToolSpan({ span, status: result.status, isError: result.isError, durationMs: result.durationMs, resultSize: resultSize(result.block), errorCode: result.errorCode, thrown: result.thrown });
  } else {
    span.end();
  }
  yield result;
}

function isAsyncGenerator(value: unknown): value is AsyncGenerator<ToolUseUpdate, StageResult, void> {
  return typeof value === 'object' && value !== null && typeof (value as { next?: unknown }).next === 'function' && Symbol.asyncIterator in value;
}

function isThenable(value: unknown): value is PromiseLike<StageResult> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
