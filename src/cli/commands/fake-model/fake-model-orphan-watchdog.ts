import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';

/**
 * Kills process group `group` (with SIGKILL), and removes the folder `remove` when given, if this process dies
 * without doing it itself, SIGKILL included, which no handler sees: a `/bin/sh` of its own group waits on a
 * pipe from this process, and the pipe closes when this process dies. `dispose()` ends the watch without
 * killing anything (the caller has ended the group). Undefined where there is no POSIX shell (Windows).
 */
export function watchForOrphans(options: { group: number; remove?: string }): { dispose(): void } | undefined {
  if (process.platform === 'win32') return undefined;
  const script = 'read _ignored; kill -9 "-$1" 2>/dev/null; [ -z "$2" ] || rm -rf "$2"';
  const watchdog = spawn('/bin/sh', ['-c', script, 'codev-fake-model-watchdog', String(options.group), options.remove ?? ''], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  watchdog.on('error', () => {});
  // Neither the watchdog nor its pipe keeps this process alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return {
    dispose() {
      watchdog.kill('SIGKILL');
      watchdog.stdin?.destroy();
    },
  };
}
