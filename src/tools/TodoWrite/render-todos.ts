import type { TodoItem } from '../../tool/todo-item.ts';

const MARKS = { pending: '☐', in_progress: '◐', completed: '☒' } as const;

/**
 * The task list as a checklist, one task per line: `☒` done, `◐` in progress (named by its `activeForm`
 * when it has one), `☐` to do. An empty list says so.
 */
export function renderTodos(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return 'No tasks';
  return todos.map((todo) => `${MARKS[todo.status]} ${todo.status === 'in_progress' ? (todo.activeForm ?? todo.content) : todo.content}`).join('\n');
}
