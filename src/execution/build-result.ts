import { withheldVariables } from '../processes/command-environment.ts';
import type { ToolResultBlockParam, ToolResultContentBlock } from '../tool/types.ts';
import { redactOutput } from './redact-output.ts';
import { redactResultBlock } from './redact-result-block.ts';
import type { StageOutcome, ToolCallState, ToolResultUpdate } from './types.ts';

/**
 * The final result update of a call: the tool's block on success, the outcome's text (as an error block)
 * otherwise, with hook context appended as reminders the model reads next to the result. The values of
 * the variables kept from commands as secrets (see `withheldVariables`) are redacted here, in the block and
 * in the output data, the one place every result passes before the model, the transcript and the caller see it.
 */
export function buildResult(state: ToolCallState, outcome: StageOutcome | undefined): ToolResultUpdate {
  const { toolUse } = state.request;
  const base: ToolResultBlockParam = outcome
    ? { type: 'tool_result', tool_use_id: toolUse.id, content: outcome.content, is_error: true }
    : state.block!;
  // A tool may fail without throwing (Bash with a non-zero exit): its block says so, and so does the result.
  const isError = base.is_error === true;
  const withheld = withheldVariables({ policy: state.request.context.environment });
  const block = redactResultBlock(appendContext(base, state.additionalContext), withheld);
  return {
    type: 'result',
    toolUseId: toolUse.id,
    toolName: state.tool?.name ?? toolUse.name,
    status: outcome?.status ?? 'ok',
    isError,
    block,
    decision: state.decision,
    output: outcome ? undefined : redactOutput(state.output, withheld),
    preventContinuation: outcome?.preventContinuation ?? state.preventContinuation,
    errorCode: outcome?.errorCode,
    thrown: outcome?.thrown,
    interrupt: outcome?.interrupt ?? state.interrupt,
    persistedPath: state.persistedPath,
    durationMs: performance.now() - state.startedAt,
  };
}

function appendContext(block: ToolResultBlockParam, context: readonly string[]): ToolResultBlockParam {
  if (context.length === 0) return block;
  const reminders: ToolResultContentBlock[] = context.map((text) => ({ type: 'text', text: `<system-reminder>${text}</system-reminder>` }));
  const content: ToolResultContentBlock[] = typeof block.content === 'string' ? [{ type: 'text', text: block.content }] : [...block.content];
  return { ...block, content: [...content, ...reminders] };
}
