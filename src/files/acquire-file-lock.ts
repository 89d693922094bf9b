import { randomBytes } from 'node:crypto';
import { lstat, readlink, symlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodevError } from '../errors/codev-error.ts';
import { isProcessAlive } from './is-process-alive.ts';
import { formatLockOwner, parseLockOwner, removeLockOf } from './lock-owner.ts';
import { processStartedAt } from './process-started-at.ts';
import { journalTempFile } from './temp-file-journal.ts';

/** How long a write waits for another process's lock before it fails with FILE_CONFLICT. */
export const LOCK_WAIT_MS = 30_000;
/** A lock whose owner cannot be checked (another host, text that is not codev's) counts as stale after this. */
const UNCHECKABLE_STALE_MS = 60_000;
/** How much later than its lock a process must have started to be known not to own it (the boot time is in whole seconds). */
const PID_REUSE_MARGIN_MS = 2_000;
/** Where no lock can be made, the write goes ahead unlocked (its check before the rename still stands). */
const UNLOCKABLE = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENAMETOOLONG', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** The lock of `target`: `.<name>.codev.lock` beside it. */
export function lockPathOf(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.codev.lock`);
}

/**
 * Takes the cross-process write lock of `target` (a real path) and returns its release.
 *
 * The lock is a symlink beside the file whose text names its owner (`pid@host#nonce`). Why this and not
 * the alternatives:
 * - A symlink is created atomically *with* its content, so there is never a lock without an owner to check
 *   (an `O_EXCL` file is empty until written).
 * - A lock whose owner is dead (or whose pid a process started since then has) is broken by the next writer,
 *   so a `kill -9` cannot leave it stuck, even once the pid is reused; the lock
 *   path is journaled like a temp file, so it does not stay in the user's folder either.
 * - A check of the file alone (compare, then rename) leaves a window between the two in which another
 *   process's rename is lost; two codev processes editing one file hit it within a few dozen edits.
 * - Beside the file, not in the temp folder: every process that can write the file sees it, whatever its
 *   TMPDIR.
 *
 * Waits (polling) while a live process holds it, up to `waitMs`, then fails with FILE_CONFLICT; an abort
 * stops the wait with TOOL_ABORTED. Where no lock can be made (a read-only or missing folder, a file system
 * without symlinks, a non-codev file in the way) it returns a no-op release. `at`: a path naming the target's
 * folder itself (see pinnedDirectoryPath), through which the lock is made and removed, so that a folder
 * swapped for a symlink meanwhile cannot put it elsewhere; the journal keeps the lock's own path.
 */
export async function acquireFileLock(target: string, options: { signal?: AbortSignal; waitMs?: number; at?: string } = {}): Promise<() => Promise<void>> {
  const namedLockPath = lockPathOf(target);
  const lockPath = options.at === undefined ? namedLockPath : path.join(options.at, path.basename(namedLockPath));
  const owner = formatLockOwner(process.pid, randomBytes(6).toString('hex'));
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  const journaled = await journalTempFile(namedLockPath);
  for (let attempt = 0; ; attempt++) {
    try {
      await symlink(owner, lockPath);
      return async () => {
        await removeLockOf(lockPath, owner);
        journaled();
      };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code !== 'EEXIST') {
        journaled();
        if (UNLOCKABLE.has(code)) return async () => {};
        throw error;
      }
    }
    let holder: string;
    try {
      holder = await readlink(lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile
      journaled();
      return async () => {}; // not a symlink: a file of the user's, which is not ours to remove
    }
    // A lock that cannot be removed (another user's, in a sticky folder) is waited on like a live one.
    if ((await isStale(lockPath, holder)) && (await removeLockOf(lockPath, holder))) continue;
    if (options.signal?.aborted) {
      journaled();
      throw new CodevError('TOOL_ABORTED', `Stopped waiting for the write lock of ${target}.`, { file: target });
    }
    if (Date.now() >= deadline) {
      journaled();
      const pid = parseLockOwner(holder)?.pid;
      throw new CodevError('FILE_CONFLICT', `${target} is being written by another process${pid ? ` (pid ${pid})` : ''}; nothing was written. Try again.`, { file: target });
    }
    await sleep(Math.min(2 ** attempt, 25), undefined, { signal: options.signal }).catch(() => {});
  }
}

async function isStale(lockPath: string, holder: string): Promise<boolean> {
  const parsed = parseLockOwner(holder);
  if (parsed?.local) {
    // Under this pid, it is an earlier process's that died (pid reuse; a container's pid 1): in this process
    // only one writer of a file at a time gets here (runExclusive).
    if (parsed.pid === process.pid || !isProcessAlive(parsed.pid)) return true;
    // A live process that started after the lock was made cannot have made it: its owner died (kill -9) and the
    // pid is another's now (a container restarted and numbered its processes again, pids wrapped). Else the
    // lock would hold the file for as long as that unrelated process lives.
    const started = processStartedAt(parsed.pid);
    if (started === undefined) return false;
    const made = await lstat(lockPath).catch(() => undefined);
    return made !== undefined && started > made.mtimeMs + PID_REUSE_MARGIN_MS;
  }
  const made = await lstat(lockPath).catch(() => undefined);
  return made !== undefined && Date.now() - made.mtimeMs > UNCHECKABLE_STALE_MS;
}

