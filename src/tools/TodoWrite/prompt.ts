/** The one-line description of TodoWrite. */
export const TODO_WRITE_DESCRIPTION = 'Create and update the task list of the current session';

/** The text the model reads for TodoWrite. */
export const TODO_WRITE_PROMPT = `Keeps a structured task list for this session: it tracks your progress on a multi-step task and shows the user where you are. Each call replaces the whole list.

When to use it:
- The task needs three or more distinct steps, or careful planning.
- The user gives several tasks (a numbered or comma-separated list), or asks for a task list.
- New instructions arrive: add them as tasks.
- You start a task: mark it in_progress before you begin. You finish one: mark it completed at once, do not batch completions.

When not to use it: a single straightforward task, a trivial one, or a purely conversational request.

Each task has:
- content: what to do, in the imperative ("Run the tests").
- status: pending, in_progress or completed. At most one task is in_progress at a time.
- activeForm: the same task in the present continuous ("Running the tests"), shown while it runs.

Mark a task completed only when it is fully done: not when tests fail, the work is partial, or errors are unresolved; then keep it in_progress and add a task for what blocks it. Remove tasks that are no longer relevant. When every task is completed the list is cleared.`;

/** What the model reads after a successful TodoWrite. */
export const TODO_WRITE_RESULT = 'Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable.';
