import { lstat } from 'node:fs/promises';
import { openRegularFile, type OpenedFile } from '../files/open-regular-file.ts';
import { parseSessionOwner, type SessionOwner } from '../session/session-owner.ts';

/** What one lock file says: its holder (when it can be read as codev's) and when the holder last renewed it. */
export interface LockFileRecord {
  owner?: SessionOwner;
  /** The file's modification time: the holder's last heartbeat (for a lock of an earlier codev, when it was made). */
  heartbeatAt: Date;
}

// An owner is a few dozen bytes; anything larger is not codev's and is not read.
const MAX_BYTES = 4096;

/**
 * Reads a lock file, never following a link (`openRegularFile` with `followLinks: false`: what a link points
 * to is not the lock) nor reading more than 4 KiB; undefined when nothing is at `file`. Something that is
 * not a regular file, or holds no valid owner, is returned without `owner`: its holder cannot be checked, so
 * only its age can say it is stale.
 */
export async function readLockFile(file: string): Promise<LockFileRecord | undefined> {
  let opened: OpenedFile;
  try {
    opened = await openRegularFile(file, { followLinks: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // There, but it cannot be opened (its permissions): not codev's, judged by its age.
    const found = await lstat(file).catch(missingAsUndefined);
    return found && { heartbeatAt: found.mtime };
  }
  if (!opened.ok) return { heartbeatAt: opened.stats.mtime };
  const { handle, stats } = opened;
  try {
    if (stats.size > MAX_BYTES) return { heartbeatAt: stats.mtime };
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(MAX_BYTES), position: 0 });
    const owner = parseSessionOwner(buffer.subarray(0, bytesRead).toString('utf8'));
    return { ...(owner && { owner }), heartbeatAt: stats.mtime };
  } finally {
    await handle.close();
  }
}

function missingAsUndefined(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
