/** The background task runtime: shell processes in their own process group, tasks in the session state. */
export { readTaskOutput } from './read-task-output.ts';
export { startBackgroundAgentTask, type AgentTaskLog } from './start-background-agent-task.ts';
export { startBackgroundShellTask, DEFAULT_BACKGROUND_TIMEOUT_MS } from './start-background-shell-task.ts';
export { startShellProcess, type ShellIsolation, type ShellProcess } from './start-shell-process.ts';
export { waitForTask } from './wait-for-task.ts';
