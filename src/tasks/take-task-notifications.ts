import { getSessionState } from '../session/get-session-state.ts';
import { MAIN_AGENT_ID } from '../tool/agent-id-of.ts';
import type { BackgroundTask } from '../session/types.ts';

/** A background task that ended since the model last heard of it. */
export interface TaskNotification {
  taskId: string;
  taskType: BackgroundTask['type'];
  status: Exclude<ReturnType<BackgroundTask['status']>, 'running'>;
  description: string;
  exitCode?: number;
  outputFile: string;
  /** What the model reads: a `<task-notification>` block. */
  text: string;
}

/**
 * The background tasks `owner` started (`main` or a subagent's id) that ended and that its model has not
 * heard of (no notification yet, no TaskOutput of the end, no TaskStop), in start order; each is marked as
 * told, so it is given once. Tasks with no owner belong to `main`.
 */
export function takeTaskNotifications(options: { sessionDirectory: string; owner: string }): TaskNotification[] {
  const state = getSessionState(options);
  const notifications: TaskNotification[] = [];
  for (const task of state.tasks.values()) {
    const status = task.status();
    if (status === 'running' || state.settledTasks.has(task.id) || (task.owner ?? MAIN_AGENT_ID) !== options.owner) continue;
    state.settledTasks.add(task.id);
    const exitCode = task.exitCode();
    const what = task.type === 'agent' ? `Agent "${task.description}"` : `Background command "${task.description}"`;
    const ended = status === 'completed' ? 'completed' : status === 'failed' ? `failed${exitCode === undefined ? '' : ` with exit code ${exitCode}`}` : 'was stopped';
    const text = [
      '<task-notification>',
      `<task-id>${task.id}</task-id>`,
      `<task-type>${task.type === 'bash' ? 'local_bash' : task.type}</task-type>`,
      `<status>${status}</status>`,
      `<summary>${what} ${ended}</summary>`,
      `Read its output with TaskOutput (task_id "${task.id}") or from ${task.outputFile}.`,
      '</task-notification>',
    ].join('\n');
    notifications.push({ taskId: task.id, taskType: task.type, status, description: task.description, exitCode, outputFile: task.outputFile, text });
  }
  return notifications;
}
