import { readProcessStat } from './read-process-stat.ts';

/**
 * Whether a process with this pid is running (one of another user counts: EPERM). A zombie does not: it
 * has exited, and only waits for its parent to reap it, which a container's pid 1 that is not an init may
 * never do, so its pid answers for as long as that parent lives.
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !isZombie(pid);
}

/** Linux: the process's state in `/proc` is zombie (`Z`) or dead (`X`); false where `/proc` cannot say. */
function isZombie(pid: number): boolean {
  const state = readProcessStat(pid)?.[0];
  return state === 'Z' || state === 'X';
}
