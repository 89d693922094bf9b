import type Anthropic from '@anthropic-ai/sdk';
import { loadGrammarForBashCalls } from '../../execution/load-grammar-for-bash-calls.ts';
import { runToolUses } from '../../execution/run-tool-uses.ts';
import type { CanUseTool } from '../../permissions/types.ts';
import type { ToolResultBlockParam, ToolUseBlock } from '../../tool/types.ts';
import { toolCallRecord } from './tool-call-record.ts';
import type { TurnStage } from './types.ts';

/** What the model reads for a waiting call nobody approved (a new prompt came instead, or no answer was given for it). */
export const NOT_APPROVED_MESSAGE = 'The user did not approve this tool call, so it did not run.';

/**
 * Before the prompt, when the session ended with calls waiting for approval: each is answered from
 * `state.approvals`. An approved call runs now through the whole pipeline (its input validated, hooks and
 * rules applied again: a deny rule still wins; the approval answers its ask); a refused or unanswered one
 * gets a refusal as its result. With the results of the calls that ran before the pause (they do not run
 * again), in the order the model made the calls, they become the next user message.
 */
export const settlePendingCalls: TurnStage = async function* settlePendingCalls(state) {
  const { agent } = state;
  const pending = agent.transcript.pending;
  if (!pending) return;
  const approvals = state.approvals ?? {};
  const approved = pending.toolUses.filter((use) => approvals[use.id]?.behavior === 'allow');
  const results = new Map<string, ToolResultBlockParam>(pending.results.map((block) => [block.tool_use_id, block]));
  for (const use of pending.toolUses) {
    const answer = approvals[use.id];
    if (answer?.behavior === 'allow') continue;
    const message = answer?.behavior === 'deny' && answer.message?.trim() ? `The user refused this tool call: ${answer.message.trim()}` : NOT_APPROVED_MESSAGE;
    results.set(use.id, { type: 'tool_result', tool_use_id: use.id, is_error: true, content: message });
  }
  if (approved.length > 0) {
    const canUseTool: CanUseTool = (_tool, _input, options) => {
      const answer = approvals[options.toolUseId];
      return answer?.behavior === 'allow' ? { behavior: 'allow', ...(answer.updatedInput && { updatedInput: answer.updatedInput }) } : { behavior: 'deny', message: NOT_APPROVED_MESSAGE };
    };
    const toolUses: ToolUseBlock[] = approved.map((use) => ({ type: 'tool_use', id: use.id, name: use.name, input: use.input }));
    await loadGrammarForBashCalls(toolUses);
    for (const use of toolUses) yield { type: 'tool-call', toolUseId: use.id, toolName: use.name, input: use.input };
    for await (const update of runToolUses({ toolUses, canUseTool, context: state.context, maxConcurrency: agent.maxToolConcurrency })) {
      if (update.type === 'progress') {
        yield { type: 'tool-progress', toolUseId: update.toolUseId, toolName: update.toolName, progress: update.progress };
        continue;
      }
      results.set(update.toolUseId, update.block);
      if (agent.transcript.keepsRecords) agent.transcript.record(toolCallRecord(update));
      yield { type: 'tool-result', toolUseId: update.toolUseId, toolName: update.toolName, isError: update.isError, status: update.status, block: update.block, decision: update.decision, output: update.output, errorCode: update.errorCode, durationMs: update.durationMs };
    }
  }
  const order = lastToolUseOrder(agent.messages);
  const content = [...results.values()].sort((left, right) => (order.get(left.tool_use_id) ?? 0) - (order.get(right.tool_use_id) ?? 0));
  agent.transcript.settlePending();
  agent.messages.push({ role: 'user', content: content as Anthropic.ToolResultBlockParam[] });
};

/** The position of each tool call in the last assistant message. */
function lastToolUseOrder(messages: readonly Anthropic.MessageParam[]): Map<string, number> {
  const last = [...messages].reverse().find((message) => message.role === 'assistant');
  const blocks = last && typeof last.content !== 'string' ? last.content : [];
  return new Map(blocks.flatMap((block, index) => (block.type === 'tool_use' ? [[block.id, index] as const] : [])));
}
