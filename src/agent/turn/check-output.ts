import type Anthropic from '@anthropic-ai/sdk';
import type { ToolResultBlockParam } from '../../tool/types.ts';
import { parseJsonAnswer } from '../output/parse-json-answer.ts';
import { STRUCTURED_OUTPUT_TOOL_NAME } from '../output/structured-output-tool.ts';
import type { OutputIssue } from '../output/types.ts';
import { formatOutputIssues, validateOutput } from '../output/validate-output.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

const ACCEPTED = 'The answer matches the schema and was accepted.';
const NOT_RUN = `Not run: the final answer was given by ${STRUCTURED_OUTPUT_TOOL_NAME} in the same reply.`;
const NOT_RUN_AFTER_FAILURE = 'Not run: the query ended, its final answer did not match the output schema.';

/**
 * After `recordReply`, for an agent with an `outputSchema`: checks the final answer. A `StructuredOutput` call is the
 * answer: valid, it becomes the query's `output` and ends the work (other calls of the reply do not run; Stop
 * hooks still run); invalid, the model reads the issues as the call's error result and answers again. A reply
 * that ends the turn without the call is taken when its text is a matching JSON object, else the model is
 * asked for the call. After `outputRetries` retries (each an `output-retry` event) the query ends with an
 * `OUTPUT_INVALID` error and `output-invalid`.
 */
export const checkOutput: TurnStage = function checkOutput(state) {
  return state.agent.output ? check(state, state.agent.output) : undefined;
};

async function* check(state: TurnState, expected: NonNullable<TurnState['agent']['output']>): StageRun {
  const { turn } = state;
  const call = turn.toolUses.find((use) => use.name === STRUCTURED_OUTPUT_TOOL_NAME);
  if (!call && (turn.toolUses.length > 0 || turn.reply?.stop_reason !== 'end_turn' || state.output !== undefined)) return;
  const answer = call ? { value: call.input } : parseJsonAnswer(replyText(turn.reply));
  const checked = answer ? validateOutput(expected.validator, answer.value) : { ok: false as const, issues: [{ path: '', message: `no ${STRUCTURED_OUTPUT_TOOL_NAME} call: give the final answer by calling the ${STRUCTURED_OUTPUT_TOOL_NAME} tool` }] };
  const others = turn.toolUses.filter((use) => use !== call);
  if (checked.ok) {
    state.output = checked.output;
    if (!call) return;
    turn.toolUses = [];
    state.agent.messages.push({ role: 'user', content: [result(call.id, ACCEPTED, false), ...others.map((use) => result(use.id, NOT_RUN, true))] });
    return;
  }
  if (state.outputRetries >= expected.maxRetries) return yield* fail(state, { callId: call?.id, others: others.map((use) => use.id), issues: checked.issues });
  state.outputRetries++;
  yield { type: 'output-retry', attempt: state.outputRetries, maxRetries: expected.maxRetries, issues: checked.issues };
  const feedback = `The answer does not match the output schema:\n${formatOutputIssues(checked.issues)}\nCall ${STRUCTURED_OUTPUT_TOOL_NAME} again with a corrected answer.`;
  if (!call) {
    state.agent.messages.push({ role: 'user', content: feedback });
    return { type: 'next-turn' };
  }
  turn.results.push(result(call.id, feedback, true));
  turn.toolUses = others;
  // The reply's other calls run as usual and their results go with this one (collectMessages).
  if (others.length > 0) return;
  state.agent.messages.push({ role: 'user', content: turn.results as Anthropic.ToolResultBlockParam[] });
  return { type: 'next-turn' };
}

/** No retry left: every call of the reply gets a result (the transcript stays valid to go on with), then the error. */
async function* fail(state: TurnState, failure: { callId?: string; others: string[]; issues: OutputIssue[] }) {
  const { maxRetries } = state.agent.output!;
  const issues = formatOutputIssues(failure.issues);
  if (failure.callId) {
    state.agent.messages.push({ role: 'user', content: [result(failure.callId, `The answer does not match the output schema:\n${issues}`, true), ...failure.others.map((id) => result(id, NOT_RUN_AFTER_FAILURE, true))] });
  }
  yield { type: 'error' as const, error: { code: 'OUTPUT_INVALID' as const, message: `The final answer does not match the output schema${maxRetries > 0 ? ` after ${maxRetries} ${maxRetries === 1 ? 'retry' : 'retries'}` : ''}:\n${issues}` } };
  return { type: 'end' as const, reason: 'output-invalid' as const };
}

function result(id: string, content: string, isError: boolean): ToolResultBlockParam & Anthropic.ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: id, content, ...(isError && { is_error: true }) };
}

function replyText(reply: Anthropic.Message | undefined): string {
  return (reply?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}
