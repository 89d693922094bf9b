import { performance } from 'node:perf_hooks';
import { CodevError } from '../errors/codev-error.ts';
import { scanMarkedProcesses } from './scan-marked-processes.ts';

/** How long a command gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000;

/** How long SIGKILL rounds go on before what is left is reported as surviving. */
export const SWEEP_BUDGET_MS = 2_000;

/** How often the grace period looks whether everything is gone. */
const POLL_MS = 20;

/**
 * Ends a command started with `detached: true`: its process group, and every process carrying its mark
 * (`markerId`, see `createCommandMarker`), which finds what left the group (setsid, nohup, double forks, a
 * sandbox's own session) and what a bubblewrap still setting up had not yet tied to its parent.
 *
 * 1. SIGTERM to the group and to every marked process.
 * 2. Waits until the group's leader has exited and no marked process is left, at most `graceMs`.
 * 3. SIGKILL to the group; then SIGKILL to every marked process, scanning again until a scan finds none,
 *    at most `sweepMs`.
 *
 * Resolves once all of it is gone: to undefined, or to a `PROCESS_KILL_FAILED` error naming the processes
 * still there after the sweep. Without `/proc` (macOS) only the group is signalled.
 */
export async function killProcessTree(options: {
  pid: number;
  /** Settles when the group's leader has exited. */
  leaderExited: Promise<unknown>;
  markerId?: string;
  graceMs?: number;
  sweepMs?: number;
}): Promise<CodevError | undefined> {
  let leaderGone = false;
  void options.leaderExited.then(() => (leaderGone = true));
  const marked = async (withinMs: number) => (options.markerId === undefined ? [] : ((await scanMarkedProcesses({ withinMs }))?.get(options.markerId) ?? []));
  const groupSignalled = signal(-options.pid, 'SIGTERM');
  const graceEnd = performance.now() + (options.graceMs ?? KILL_GRACE_MS);
  const terminated = new Set<number>();
  let left: boolean;
  // Most commands end within milliseconds of SIGTERM: look soon at first, then less often.
  for (let poll = 0; ; poll++) {
    const pids = await marked(poll === 0 ? 0 : Math.min(2 ** poll, POLL_MS));
    for (const pid of pids) if (!terminated.has(pid) && terminated.add(pid)) signal(pid, 'SIGTERM');
    left = pids.length > 0;
    if ((!left && (leaderGone || !groupSignalled)) || performance.now() >= graceEnd) break;
  }
  // Children may outlive the shell that started them: kill the group either way.
  if (groupSignalled) signal(-options.pid, 'SIGKILL');
  // With no marked process left after the SIGTERM, none can appear: only a marked one could start it.
  const survivors = left ? await sweep({ marked, budgetMs: options.sweepMs ?? SWEEP_BUDGET_MS }) : [];
  if (survivors.length === 0) return undefined;
  return new CodevError('PROCESS_KILL_FAILED', `${survivors.length} process${survivors.length === 1 ? '' : 'es'} the command started could not be killed (pid ${survivors.join(', ')}).`, {
    hint: 'They may be stuck in the kernel (state D); check them with ps, and kill them by hand if they stay.',
  });
}

/** SIGKILL to every marked process, again until a scan begun after the last kill finds none. The survivors. */
async function sweep(options: { marked: (withinMs: number) => Promise<number[]>; budgetMs: number }): Promise<number[]> {
  const end = performance.now() + options.budgetMs;
  for (let round = 0; ; round++) {
    const pids = await options.marked(round === 0 ? 0 : Math.min(2 ** round, 50));
    if (pids.length === 0 || performance.now() >= end) return pids;
    for (const pid of pids) signal(pid, 'SIGKILL');
  }
}

function signal(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(pid, name);
    return true;
  } catch {
    return false;
  }
}
