import os from 'node:os';
import { readlink, unlink } from 'node:fs/promises';

/**
 * The text of a write lock (a symlink, see acquireFileLock): `<pid>@<host>#<nonce>`. The nonce makes each
 * acquisition's text unique, so that a process only ever removes its own lock.
 */
export function formatLockOwner(pid: number, nonce: string): string {
  return `${pid}@${os.hostname()}#${nonce}`;
}

/** The pid of a lock's owner, and whether it runs on this host (only then can its liveness be checked). */
export function parseLockOwner(text: string): { pid: number; local: boolean } | undefined {
  const match = /^(\d+)@(.*)#[0-9a-f]+$/.exec(text);
  if (!match) return undefined;
  return { pid: Number(match[1]), local: match[2] === os.hostname() };
}

/**
 * Removes the lock at `lockPath` if its text is still `owner` (a dead process's). Looked at again right
 * before the unlink: another waiter may have broken it and taken its own lock meanwhile. The two steps are
 * not one atomic act; the rare race left (two waiters breaking one dead lock within microseconds) is
 * caught by the write's own check before its rename.
 */
export async function removeLockOf(lockPath: string, owner: string): Promise<boolean> {
  const current = await readlink(lockPath).catch(() => undefined);
  if (current !== owner) return false;
  return unlink(lockPath).then(
    () => true,
    () => false,
  );
}
