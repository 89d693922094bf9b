import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { getSessionState } from '../session/get-session-state.ts';
import type { BackgroundTask, BackgroundTaskStatus } from '../session/types.ts';
import type { EnvironmentPolicy } from '../processes/environment-policy.ts';
import { startShellProcess, type ShellIsolation } from './start-shell-process.ts';
import { waitForTask } from './wait-for-task.ts';

/** The lifetime of a background command unless the call sets its own. */
export const DEFAULT_BACKGROUND_TIMEOUT_MS = 1_800_000;

/**
 * Starts a command in the background: stdout and stderr go to `<sessionDirectory>/tasks/<id>.output`, and
 * the task is registered in the session's `tasks` so TaskOutput and TaskStop can find it. The process tree
 * is killed after `timeoutMs`, and when codev ends. `stop()` resolves once the tree is gone, and rejects
 * with `PROCESS_KILL_FAILED` when some of it could not be killed.
 */
export function startBackgroundShellTask(options: {
  command: string;
  description?: string;
  cwd: string;
  sessionDirectory: string;
  isolation: ShellIsolation;
  /** Which of codev's environment variables the command receives (see `commandEnvironment`). */
  environment?: EnvironmentPolicy;
  timeoutMs?: number;
  /** The agent that started it (see `BackgroundTask.owner`). */
  owner?: string;
}): BackgroundTask {
  const id = `b${randomBytes(4).toString('hex')}`;
  const directory = path.join(options.sessionDirectory, 'tasks');
  mkdirSync(directory, { recursive: true });
  const outputFile = path.join(directory, `${id}.output`);
  const descriptor = openSync(outputFile, 'a');
  let status: BackgroundTaskStatus = 'running';
  let exitCode: number | undefined;
  let shell;
  try {
    shell = startShellProcess({ ...options, stdio: ['ignore', descriptor, descriptor] });
  } finally {
    closeSync(descriptor);
  }
  // Background tasks must not keep codev alive; they end with codev (see endWithCodev).
  shell.child.unref();
  const lifetime = setTimeout(() => {
    stop().catch((error: Error) => {
      try {
        appendFileSync(outputFile, `\ncodev: ${error.message}\n`);
      } catch {
        // The session folder is gone.
      }
    });
  }, options.timeoutMs ?? DEFAULT_BACKGROUND_TIMEOUT_MS);
  lifetime.unref();
  const running = shell;
  const finished = shell.exited.then((result) => {
    clearTimeout(lifetime);
    exitCode = result.exitCode ?? undefined;
    if (status === 'running') status = result.exitCode === 0 ? 'completed' : 'failed';
  });
  let stopping: Promise<void> | undefined;
  function stop(): Promise<void> {
    if (stopping || status !== 'running') return stopping ?? Promise.resolve();
    status = 'killed';
    return (stopping = running.kill().then((error) => {
      // A survivor may be the shell itself, stuck: its exit is not waited for then.
      if (error) throw error;
      return finished;
    }));
  }
  const task: BackgroundTask = {
    id,
    type: 'bash',
    description: options.description ?? options.command,
    command: options.command,
    outputFile,
    startedAt: Date.now(),
    owner: options.owner,
    status: () => status,
    exitCode: () => exitCode,
    wait: ({ timeoutMs, signal }) => waitForTask({ finished, timeoutMs, signal }),
    stop,
  };
  getSessionState({ sessionDirectory: options.sessionDirectory }).tasks.set(id, task);
  return task;
}
