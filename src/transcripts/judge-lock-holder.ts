import { isProcessAlive } from '../files/is-process-alive.ts';
import { processStartTime } from '../files/process-start-time.ts';
import { currentSessionOwner, sharesPids } from '../session/session-owner.ts';
import type { LockFileRecord } from './read-lock-file.ts';

/**
 * What is known of a lock's holder:
 * - `this-process`: another agent of this process holds it;
 * - `alive`: a live process of this host (its pid answers, and where its start can be read, it started
 *   when the holder did);
 * - `fresh`: a holder that cannot be checked (another host's, a container's with this host's name, or a
 *   lock codev cannot read) whose heartbeat is recent: presumed alive until the expiry;
 * - `gone`: a process of this host that no longer exists, or whose pid another process has now;
 * - `expired`: a holder that cannot be checked whose heartbeat is older than the expiry.
 * The last two are stale: the lock may be taken over.
 */
export type LockHolderStatus = 'this-process' | 'alive' | 'fresh' | 'gone' | 'expired';

/**
 * Judges a lock's holder: by its pid (and, where it can be read, its start) when it is of this host and pid
 * namespace (`sharesPids`), else by the age of its heartbeat.
 */
export function judgeLockHolder(record: LockFileRecord, options: { expiryMs: number; now?: number }): LockHolderStatus {
  const { owner } = record;
  const me = currentSessionOwner();
  if (owner && sharesPids(owner)) {
    const start = owner.processStart === undefined ? undefined : processStartTime(owner.pid);
    // Under this pid: this process (another agent; another thread, which has a token of its own but the same
    // start), or the process that had this pid before (pid 1 of a restarted container), which is gone.
    if (owner.pid === me.pid) return owner.token === me.token || (start !== undefined && start === owner.processStart) ? 'this-process' : 'gone';
    if (!isProcessAlive(owner.pid)) return 'gone';
    // A live process that started after the holder did has only its pid: the holder is gone.
    return start !== undefined && start !== owner.processStart ? 'gone' : 'alive';
  }
  return heartbeatAgeMs(record, options.now) > options.expiryMs ? 'expired' : 'fresh';
}

/** How long ago the holder last renewed the lock (negative when its clock is ahead of this one). */
export function heartbeatAgeMs(record: LockFileRecord, now = Date.now()): number {
  return now - record.heartbeatAt.getTime();
}

/** Whether a holder of this status may lose its lock to the next taker. */
export function isStaleHolder(status: LockHolderStatus): boolean {
  return status === 'gone' || status === 'expired';
}
