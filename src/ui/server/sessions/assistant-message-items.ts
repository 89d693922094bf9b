import type { TodoItem } from '../../../tool/todo-item.ts';
import type { MessageEntry } from '../../../transcripts/types.ts';
import { fileDiffOf } from './file-diff-of.ts';
import { applyToolCallRecord } from './record-items.ts';
import { putItem, type TimelineState, type ToolCallItem } from './timeline-state.ts';

/** An assistant message: text, thinking (redacted or not) and tool calls, each its own item, in order. */
export function addAssistantMessage(state: TimelineState, entry: MessageEntry): void {
  const { content } = entry.message;
  const { timestamp } = entry;
  if (typeof content === 'string') {
    if (content !== '') putItem(state, { kind: 'text', id: `${entry.uuid}:0`, timestamp, text: content });
    return;
  }
  content.forEach((block, index) => {
    const id = `${entry.uuid}:${index}`;
    if (block.type === 'text') putItem(state, { kind: 'text', id, timestamp, text: block.text });
    else if (block.type === 'thinking') putItem(state, { kind: 'thinking', id, timestamp, text: block.thinking, redacted: false });
    else if (block.type === 'redacted_thinking') putItem(state, { kind: 'thinking', id, timestamp, text: '', redacted: true });
    else if (block.type === 'tool_use' || block.type === 'server_tool_use') addToolCall(state, { id: block.id, timestamp, toolName: block.name, input: block.input });
  });
}

function addToolCall(state: TimelineState, call: { id: string; timestamp: string; toolName: string; input: unknown }): void {
  const diff = fileDiffOf(call.toolName, call.input);
  const todos = call.toolName === 'TodoWrite' ? todosOf(call.input) : undefined;
  const item: ToolCallItem = { kind: 'tool-call', ...call, ...(diff && { diff }), ...(todos && { todos }) };
  if (todos) state.todos = todos;
  putItem(state, item);
  const early = state.toolRecords.get(call.id);
  if (early) applyToolCallRecord(state, early);
}

const STATUSES: readonly unknown[] = ['pending', 'in_progress', 'completed'];

function todosOf(input: unknown): TodoItem[] | undefined {
  const todos = (input as { todos?: unknown } | undefined)?.todos;
  if (!Array.isArray(todos)) return undefined;
  return todos.every((todo) => typeof todo?.content === 'string' && STATUSES.includes(todo.status)) ? (todos as TodoItem[]) : undefined;
}
