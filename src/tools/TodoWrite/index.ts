import { z } from 'zod';
import type { TodoProgress } from '../../progress/types.ts';
import { getSessionState } from '../../session/get-session-state.ts';
import { agentIdOf } from '../../tool/agent-id-of.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import type { TodoItem } from '../../tool/todo-item.ts';
import { TODO_WRITE_DESCRIPTION, TODO_WRITE_PROMPT, TODO_WRITE_RESULT } from './prompt.ts';
import { renderTodos } from './render-todos.ts';

export { renderTodos } from './render-todos.ts';

const todoSchema = z.strictObject({
  content: z.string().trim().min(1).describe('What to do, in the imperative ("Run the tests")'),
  status: z.enum(['pending', 'in_progress', 'completed']),
  activeForm: z.string().trim().min(1).optional().describe('The task in the present continuous ("Running the tests"), shown while it is in progress'),
});

const inputSchema = z.strictObject({
  todos: z.array(todoSchema).describe('The updated task list: it replaces the whole list'),
});

/** What TodoWrite returns: the list before the call and the list kept (empty once every task was completed). */
export interface TodoWriteOutput {
  oldTodos: readonly TodoItem[];
  newTodos: readonly TodoItem[];
}

/**
 * TodoWrite: the task list the model keeps for the agent it runs in (the session state's `todos`, by agent
 * id, so a subagent keeps its own). Each call replaces the list; at most one task may be in progress; a list
 * whose tasks are all completed is cleared. Every change is reported as `todos` progress, for UIs.
 */
export const todoWriteTool = buildBuiltinTool<typeof inputSchema, TodoWriteOutput, TodoProgress>({
  name: 'TodoWrite',
  searchHint: 'task list todo plan progress checklist',
  inputSchema,
  description: TODO_WRITE_DESCRIPTION,
  prompt: () => TODO_WRITE_PROMPT,
  isReadOnly: () => true,
  userFacingName: () => 'Update Todos',
  getActivityDescription: () => 'Updating the task list',
  renderToolUseMessage: (input) => (input.todos ? `${input.todos.length} task(s)` : ''),
  renderToolResultMessage: (output) => (output.newTodos.length === 0 && output.oldTodos.length > 0 ? '☒ All tasks completed' : renderTodos(output.newTodos)),
  validateInput: (input) => {
    const running = input.todos.filter((todo) => todo.status === 'in_progress').length;
    if (running > 1) return { result: false, message: `${running} tasks are in_progress: at most one may be at a time. Mark the others pending or completed.`, errorCode: 1 };
    return { result: true };
  },
  call(input, context) {
    const agentId = agentIdOf(context);
    const lists = getSessionState(context).todos;
    const oldTodos = lists.get(agentId) ?? [];
    const newTodos = input.todos.every((todo) => todo.status === 'completed') ? [] : Object.freeze(input.todos.map(toItem));
    if (newTodos.length === 0) lists.delete(agentId);
    else lists.set(agentId, newTodos);
    context.onProgress({ type: 'todos', agentId, todos: newTodos });
    return { data: { oldTodos, newTodos } };
  },
  mapToolResultToToolResultBlockParam: (_output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: TODO_WRITE_RESULT }),
});

/** A task as kept: frozen, without an absent `activeForm`. */
function toItem(todo: z.output<typeof todoSchema>): TodoItem {
  return Object.freeze(todo.activeForm === undefined ? { content: todo.content, status: todo.status } : { content: todo.content, status: todo.status, activeForm: todo.activeForm });
}
