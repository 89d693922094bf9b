import type { Stats } from 'node:fs';
import { lstat, readdir, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { judgeLockHolder, type LockHolderStatus } from './judge-lock-holder.ts';
import { readLockFile, type LockFileRecord } from './read-lock-file.ts';
import { sessionLockNames } from './session-lock-names.ts';

/** A session lock as it was found. */
export interface FoundSessionLock {
  /** The lock's path, `<id>.lock`. */
  path: string;
  record: LockFileRecord;
  status: LockHolderStatus;
  /**
   * Removes exactly the lock that was found, never one that replaced it since: its owner file, by the
   * name no other lock ever has (an earlier codev's lock file, only while it is the same file). False
   * when it was gone already.
   */
  remove(): Promise<boolean>;
}

/**
 * Looks at the lock of a session: undefined when it is free (nothing there, an empty folder, or it
 * changed while it was being read: the caller tries again).
 */
export async function findSessionLock(options: { lockPath: string; expiryMs: number }): Promise<FoundSessionLock | undefined> {
  const { lockPath, expiryMs } = options;
  const stats = await lstat(lockPath).catch(missing);
  if (!stats) return undefined;
  if (!stats.isDirectory()) {
    // The lock file of a codev before lock folders, or something else in the way.
    const record = await readLockFile(lockPath);
    return record && { path: lockPath, record, status: judgeLockHolder(record, { expiryMs }), remove: () => removeFileIfSame(lockPath, stats) };
  }
  const names = await readdir(lockPath).catch((error: NodeJS.ErrnoException) => {
    // Gone, or replaced by a file, since the lstat: changed, look again.
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw error;
  });
  if (!names || names.length === 0) return undefined;
  const ownerName = names.find(sessionLockNames.isOwnerFile);
  const ownerRecord = ownerName === undefined ? undefined : await readLockFile(path.join(lockPath, ownerName));
  if (ownerName !== undefined && !ownerRecord) return undefined;
  // A folder without an owner file is not one codev made: only its age can say it is stale.
  const record = ownerRecord ?? { heartbeatAt: stats.mtime };
  return { path: lockPath, record, status: judgeLockHolder(record, { expiryMs }), remove: () => removeEntries(lockPath, names) };
}

/** Removes the entries that were found in a lock folder, each by its name, then the folder if it is empty. */
async function removeEntries(lockPath: string, names: readonly string[]): Promise<boolean> {
  let removed = true;
  for (const name of names) {
    const entry = path.join(lockPath, name);
    if (sessionLockNames.isOwnerFile(name)) removed = await unlink(entry).then(() => true, () => false);
    // Not codev's (the folder was made or filled by hand): gone with the lock it blocks.
    else await rm(entry, { recursive: true, force: true });
  }
  // Only an empty folder goes: a lock renamed into place meanwhile stays.
  await rmdir(lockPath).catch(() => {});
  return removed;
}

async function removeFileIfSame(lockPath: string, found: Stats): Promise<boolean> {
  const now = await lstat(lockPath).catch(missing);
  if (!now || now.isDirectory() || now.ino !== found.ino || now.dev !== found.dev) return false;
  return unlink(lockPath).then(() => true, () => false);
}

function missing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
