/** How long a process group gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2_000;

/**
 * Ends a process group started with `detached: true` (the shell and everything it started): SIGTERM to the
 * group, then SIGKILL if it is still there after `graceMs`. Resolves once the group is gone or killed.
 */
export async function killProcessTree(options: { pid: number; exited: Promise<unknown>; graceMs?: number }): Promise<void> {
  if (!signalGroup(options.pid, 'SIGTERM')) return;
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace-over'>((resolve) => (timer = setTimeout(() => resolve('grace-over'), options.graceMs ?? KILL_GRACE_MS)));
  const first = await Promise.race([options.exited.then(() => 'exited' as const), graceOver]);
  clearTimeout(timer);
  // Children may outlive the shell that started them: kill the group either way.
  signalGroup(options.pid, 'SIGKILL');
  if (first === 'grace-over') await options.exited;
}

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}
