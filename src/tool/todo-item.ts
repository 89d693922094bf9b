/** One entry of the task list an agent keeps with TodoWrite. Types only. */

/** Where a task stands: at most one is `in_progress` at a time. */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** A task of the agent's list, as the model wrote it. */
export interface TodoItem {
  /** What to do, imperative ("Run the tests"). */
  content: string;
  status: TodoStatus;
  /** The same task in the present continuous ("Running the tests"), shown while it is in progress. */
  activeForm?: string;
}
