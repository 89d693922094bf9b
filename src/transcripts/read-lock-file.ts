import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { SessionOwner } from '../session/session-owner.ts';

/** What one lock file says: its holder (when it can be read as codev's) and when the holder last renewed it. */
export interface LockFileRecord {
  owner?: SessionOwner;
  /** The file's modification time: the holder's last heartbeat (for a lock of an earlier codev, when it was made). */
  heartbeatAt: Date;
}

// An owner is a few dozen bytes; anything larger is not codev's and is not read.
const MAX_BYTES = 4096;
// O_NOFOLLOW: the lock file itself, never what a link points to; O_NONBLOCK: a FIFO does not hang the open.
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;

/**
 * Reads a lock file, never following a link nor reading more than 4 KiB; undefined when nothing is at
 * `file`. Something that is not a regular file, or holds no valid owner, is returned without `owner`: its
 * holder cannot be checked, so only its age can say it is stale.
 */
export async function readLockFile(file: string): Promise<LockFileRecord | undefined> {
  const found = await lstat(file).catch(missingAsUndefined);
  if (!found) return undefined;
  if (!found.isFile()) return { heartbeatAt: found.mtime };
  let handle;
  try {
    handle = await open(file, READ_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Swapped for a link or a socket since the lstat: not codev's.
    return { heartbeatAt: found.mtime };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || stats.size > MAX_BYTES) return { heartbeatAt: stats.mtime };
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(MAX_BYTES), position: 0 });
    const owner = parseOwner(buffer.subarray(0, bytesRead).toString('utf8'));
    return { ...(owner && { owner }), heartbeatAt: stats.mtime };
  } finally {
    await handle.close();
  }
}

function parseOwner(text: string): SessionOwner | undefined {
  try {
    const owner = JSON.parse(text) as Partial<SessionOwner>;
    // A pid of 0 or below would probe a process group, not a process.
    if (!Number.isInteger(owner.pid) || owner.pid! <= 0 || typeof owner.hostname !== 'string' || typeof owner.token !== 'string') return undefined;
    return { pid: owner.pid!, hostname: owner.hostname, token: owner.token, createdAt: typeof owner.createdAt === 'string' ? owner.createdAt : '', ...(typeof owner.processStart === 'string' && { processStart: owner.processStart }), ...(typeof owner.pidNamespace === 'string' && { pidNamespace: owner.pidNamespace }) };
  } catch {
    return undefined;
  }
}

function missingAsUndefined(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
