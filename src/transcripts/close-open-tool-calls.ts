import type Anthropic from '@anthropic-ai/sdk';

/** What the model reads for a tool call whose run a crash cut short. */
export const INTERRUPTED_TOOL_RESULT = 'The tool call was interrupted: codev stopped before it finished, so it may have run in part or not at all. Check its effects before trying it again.';

/**
 * The tool results a transcript lacks: a session that stopped during its tool calls (a crash, `kill -9`)
 * ends with an assistant message whose `tool_use` blocks have no `tool_result`, which the Messages API
 * refuses. Returns the user message that answers each of them as interrupted (an error result), to append,
 * or undefined when every call has its result.
 */
export function closeOpenToolCalls(messages: readonly Anthropic.MessageParam[]): Anthropic.MessageParam | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || typeof last.content === 'string') return undefined;
  const open = last.content.filter((block): block is Anthropic.ToolUseBlockParam => block.type === 'tool_use');
  if (open.length === 0) return undefined;
  return {
    role: 'user',
    content: open.map((block) => ({ type: 'tool_result' as const, tool_use_id: block.id, is_error: true, content: INTERRUPTED_TOOL_RESULT })),
  };
}
