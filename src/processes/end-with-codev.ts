import type { ChildProcess } from 'node:child_process';
import { findMarkedProcesses } from './find-marked-processes.ts';
import { startExitWatchdog } from './start-exit-watchdog.ts';

/** Signals that end codev when nothing else listens to them: without a watchdog, its commands are killed first. */
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** SIGKILL rounds of the exit sweep; the watchdog goes on after codev is gone. */
const EXIT_SWEEP_ROUNDS = 5;

const groups = new Set<number>();
let installed = false;

/**
 * Spawns a command (`spawnCommand` must start it `detached`, in its own process group) so that it, and
 * everything it starts, does not outlive codev. Its group is remembered until it closes. The first call
 * also sets up, once per process and before that first command starts (so no command can run without it):
 *
 * 1. on `exit`: SIGKILL to every remembered group and to every process with this codev's mark;
 * 2. for every other end, signals and SIGKILL of codev included: the watchdog (see {@link startExitWatchdog}),
 *    which sweeps the mark once codev is gone;
 * 3. where there is no watchdog (no `/proc`: macOS), on SIGINT, SIGTERM and SIGHUP when no one else listens
 *    (so the signal is about to end codev): SIGKILL to the groups, then the signal again, with its default
 *    action. Not where the watchdog runs: a listener would make these signals wait for a free event loop.
 */
export function endWithCodev(spawnCommand: () => ChildProcess): ChildProcess {
  if (!installed) install();
  const child = spawnCommand();
  const pid = child.pid;
  if (pid === undefined) return child;
  groups.add(pid);
  child.once('close', () => groups.delete(pid));
  return child;
}

function install(): void {
  installed = true;
  process.once('exit', killEverything);
  if (startExitWatchdog()?.pid !== undefined) return;
  for (const name of ENDING_SIGNALS) {
    const onSignal = () => {
      // Someone else decides what this signal does (the CLI's Ctrl-C interrupts a turn): codev goes on.
      if (process.listenerCount(name) > 1) return;
      killEverything();
      process.off(name, onSignal);
      process.kill(process.pid, name);
    };
    process.on(name, onSignal);
  }
}

function killEverything(): void {
  for (const pid of groups) signal(-pid, 'SIGKILL');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let round = 0; round < EXIT_SWEEP_ROUNDS; round++) {
    const marked = [...(findMarkedProcesses()?.values() ?? [])].flat();
    if (marked.length === 0) return;
    for (const pid of marked) signal(pid, 'SIGKILL');
    // Synchronous: an exit handler cannot wait for a timer.
    Atomics.wait(pause, 0, 0, 2 ** round);
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
