/** A task list as a checklist: the state in words too (a check box alone is color and shape). */
import { html } from './html.ts';

type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed'; activeForm?: string };

const marks = { completed: '☑', in_progress: '◐', pending: '☐' } as const;
const words = { completed: 'done', in_progress: 'in progress', pending: 'to do' } as const;

export function TodoList(props: { todos: Todo[] }) {
  return html`<ul class="todos">
    ${props.todos.map(
      (todo, index) => html`<li key=${index} class=${`todo todo-${todo.status}`}>
        <span aria-hidden="true" class="todo-mark">${marks[todo.status] ?? '☐'}</span>
        <span class="visually-hidden">${words[todo.status] ?? todo.status}: </span>
        ${todo.status === 'in_progress' && todo.activeForm ? todo.activeForm : todo.content}
      </li>`,
    )}
  </ul>`;
}
