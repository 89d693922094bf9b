import { disposeSessionFiles } from './dispose-session-files.ts';
import { releaseSessionState } from './get-session-state.ts';

/** How long ending a session waits for its background tasks to stop before it goes on without them. */
const STOP_TASKS_TIMEOUT_MS = 5_000;

/**
 * Ends a session in this process:
 * 1. forgets its state and its subagents' (`releaseSessionState`) and runs what they registered to end with
 *    them (`onEnd`: the REPL kills their workers);
 * 2. stops the background tasks still running in them (they write into the folder), waiting 5 s at most;
 * 3. disposes of its files (`disposeSessionFiles`) when codev created its folder (`owned`).
 * Never throws: a folder that cannot be removed is left to the next start's sweep.
 */
export async function endSession(options: { sessionDirectory: string; owned: boolean }): Promise<void> {
  const states = releaseSessionState(options.sessionDirectory);
  for (const state of states) {
    for (const cleanup of state.onEnd) {
      try {
        cleanup();
      } catch {
        // A cleanup that fails must not keep the session from ending.
      }
    }
  }
  const running = states.flatMap((state) => [...state.tasks.values()]).filter((task) => task.status() === 'running');
  if (running.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_TASKS_TIMEOUT_MS)));
    await Promise.race([Promise.allSettled(running.map((task) => task.stop())), timeout]);
    clearTimeout(timer);
  }
  if (!options.owned) return;
  await disposeSessionFiles({ sessionDirectory: options.sessionDirectory, reason: 'closed' }).catch(() => undefined);
}
