/**
 * The end of a chaos run's workers: each still running is stopped with SIGTERM (SIGKILL after 20 s); one
 * that is not running exited on its own, since the scenario replaces every worker it kills. Returns the
 * problems: a worker that died by itself, or one that did not stop on SIGTERM.
 */
import { isRunning, stopChaosWorker, type ChaosWorker } from './chaos-workers.ts';

export async function stopEveryWorker(workers: readonly ChaosWorker[]): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all(
    workers.map(async (worker) => {
      if (!isRunning(worker)) {
        if (worker.child.signalCode !== 'SIGTERM' && worker.child.signalCode !== 'SIGKILL' && worker.child.exitCode !== 0) problems.push(`worker ${worker.slot} (pid ${worker.child.pid}) exited on its own (${worker.child.signalCode ?? worker.child.exitCode}):\n${worker.stderr().slice(-2_000)}`);
        return;
      }
      if (!(await stopChaosWorker(worker))) problems.push(`worker ${worker.slot} (pid ${worker.child.pid}) did not stop within 20 s of SIGTERM:\n${worker.stderr().slice(-2_000)}`);
    }),
  );
  return problems;
}
