import { rmdir, unlink, utimes } from 'node:fs/promises';
import { CodevError } from '../errors/codev-error.ts';
import { sessionLocksAtExit } from './session-locks-at-exit.ts';

/** A session lock this process holds. */
export interface SessionLock {
  /** The `SESSION_BUSY` error once a heartbeat found the lock taken from this holder; undefined while it holds it. */
  lost(): CodevError | undefined;
  /** Lets go of the lock (again: nothing). */
  release(): Promise<void>;
}

/**
 * Keeps a lock that was just put in place: every `heartbeatMs` (an unref'd timer: it never keeps the
 * process alive) it renews the owner file's modification time, which is how a process that cannot check
 * this one's pid (another host's) knows it is alive. The renewal goes by the owner file's name, which no
 * other lock has, so it is also the check that the lock is still this holder's: once it finds the file
 * gone (the lock was unlocked, or judged stale and taken over), `lost()` says so, and the writer fails its
 * next append instead of writing beside the new holder.
 */
export function keepSessionLock(options: { lockPath: string; ownerFile: string; sessionId: string; heartbeatMs: number }): SessionLock {
  const { lockPath, ownerFile, sessionId } = options;
  sessionLocksAtExit.holding(ownerFile, lockPath);
  let lost: CodevError | undefined;
  let beating = false;
  let released = false;
  const timer = setInterval(() => {
    if (beating) return;
    beating = true;
    const now = new Date();
    utimes(ownerFile, now, now)
      .catch((error: NodeJS.ErrnoException) => {
        // Any other failure (a full disk, a slow network folder) may pass: the next beat tries again.
        if (released || (error.code !== 'ENOENT' && error.code !== 'ENOTDIR')) return;
        lost = new CodevError('SESSION_BUSY', `Session ${sessionId} was taken over by another process while this one had it open (its lock was unlocked, or it expired); nothing more is written to it here`, {
          file: lockPath,
          hint: 'fork the session to go on from it in a new one, or resume it once the other writer is done',
        });
        clearInterval(timer);
        sessionLocksAtExit.released(ownerFile);
      })
      .finally(() => (beating = false));
  }, options.heartbeatMs);
  timer.unref();
  return {
    lost: () => lost,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      sessionLocksAtExit.released(ownerFile);
      // By its own name: a lock that replaced this one is never touched; the folder goes only when empty.
      await unlink(ownerFile).catch(() => {});
      await rmdir(lockPath).catch(() => {});
    },
  };
}
