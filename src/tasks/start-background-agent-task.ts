import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../errors/codev-error.ts';
import { getSessionState } from '../session/get-session-state.ts';
import type { BackgroundTask, BackgroundTaskStatus } from '../session/types.ts';
import { waitForTask } from './wait-for-task.ts';

/** What a background agent run reports as it goes. */
export interface AgentTaskLog {
  /** Appends one line to the task's output file. */
  line(text: string): void;
}

/**
 * Runs `run` in the background as a task of the session (type `agent`, id `id`): what it logs, then its
 * final report, go to `<sessionDirectory>/tasks/<id>.output`, readable through TaskOutput while it runs;
 * TaskStop aborts its signal and waits for it to wind down. A run that throws ends the task as `failed`
 * with the error at the end of the file.
 */
export function startBackgroundAgentTask(options: {
  id: string;
  sessionDirectory: string;
  description: string;
  prompt: string;
  /** The agent that started it (see `BackgroundTask.owner`). */
  owner?: string;
  run(options: { signal: AbortSignal; log: AgentTaskLog }): Promise<string>;
}): BackgroundTask {
  const directory = path.join(options.sessionDirectory, 'tasks');
  mkdirSync(directory, { recursive: true });
  const outputFile = path.join(directory, `${options.id}.output`);
  writeFileSync(outputFile, '');
  const append = (text: string) => {
    try {
      appendFileSync(outputFile, text.endsWith('\n') ? text : `${text}\n`);
    } catch {
      // The session folder went away (a test cleaned up, a user deleted it): the run itself goes on.
    }
  };
  const controller = new AbortController();
  let status: BackgroundTaskStatus = 'running';
  const finished = Promise.resolve()
    .then(() => options.run({ signal: controller.signal, log: { line: append } }))
    .then(
      (report) => {
        append(`\n${report}`);
        if (status === 'running') status = 'completed';
      },
      (error) => {
        append(`\nError: ${errorMessage(error)}`);
        if (status === 'running') status = 'failed';
      },
    );
  const task: BackgroundTask = {
    id: options.id,
    type: 'agent',
    description: options.description,
    command: options.prompt,
    outputFile,
    startedAt: Date.now(),
    owner: options.owner,
    status: () => status,
    exitCode: () => (status === 'completed' ? 0 : status === 'running' ? undefined : 1),
    wait: ({ timeoutMs, signal }) => waitForTask({ finished, timeoutMs, signal }),
    async stop() {
      if (status !== 'running') return;
      status = 'killed';
      controller.abort(new Error('stopped by TaskStop'));
      await finished;
    },
  };
  getSessionState({ sessionDirectory: options.sessionDirectory }).tasks.set(options.id, task);
  return task;
}
