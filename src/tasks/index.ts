/** The background task runtime: shell processes in their own process group, tasks in the session state. */
export { OWNER_MARKER_KEY, createCommandMarker, type CommandMarker } from './command-marker.ts';
export { endWithCodev } from './end-with-codev.ts';
export { findMarkedProcesses } from './find-marked-processes.ts';
export { killProcessTree, KILL_GRACE_MS, SWEEP_BUDGET_MS } from './kill-process-tree.ts';
export { readTaskOutput } from './read-task-output.ts';
export { startBackgroundAgentTask, type AgentTaskLog } from './start-background-agent-task.ts';
export { startBackgroundShellTask, DEFAULT_BACKGROUND_TIMEOUT_MS } from './start-background-shell-task.ts';
export { startShellProcess, type ShellIsolation, type ShellProcess } from './start-shell-process.ts';
export { waitForTask } from './wait-for-task.ts';
