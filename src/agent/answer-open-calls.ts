import type Anthropic from '@anthropic-ai/sdk';
import type { ToolResultBlockParam } from '../tool/types.ts';
import { INTERRUPT_MESSAGE } from './interrupt-message.ts';

/** What the model reads for a call whose result never came: its query stopped while the call waited or ran. */
export const STOPPED_TOOL_RESULT = 'The tool call was interrupted: the query stopped before its result came, so it may have run in part or not at all. Check its effects before trying it again.';

/**
 * The user message that answers the calls of the conversation's last message, for a query that stopped
 * between the model's calls and their results (its reader stopped reading, or a stage threw): the results
 * that came (`results`), the others as interrupted, then the interrupt note. Undefined when the last message
 * is not the model's or made no call: the conversation is one the API takes as it is.
 */
export function answerOpenCalls(messages: readonly Anthropic.MessageParam[], results: readonly ToolResultBlockParam[]): Anthropic.MessageParam | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || typeof last.content === 'string') return undefined;
  const calls = last.content.filter((block) => block.type === 'tool_use');
  if (calls.length === 0) return undefined;
  const answers = calls.map((call): Anthropic.ToolResultBlockParam => (results.find((result) => result.tool_use_id === call.id) as Anthropic.ToolResultBlockParam | undefined) ?? { type: 'tool_result', tool_use_id: call.id, is_error: true, content: STOPPED_TOOL_RESULT });
  return { role: 'user', content: [...answers, { type: 'text', text: INTERRUPT_MESSAGE }] };
}
