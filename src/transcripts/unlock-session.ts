import { CodevError } from '../errors/codev-error.ts';
import { findSessionLock } from './find-session-lock.ts';
import { sessionLockNames } from './session-lock-names.ts';
import type { SessionLockHolder } from './types.ts';

/**
 * Takes the lock of a session from its holder now: what `SESSION_BUSY` offers for a holder codev cannot
 * check (another host's, a container that restarted under a new name) before its heartbeat expires. The
 * lock of a live process of this host (this one included) is refused with `SESSION_BUSY` unless `force`.
 * Removes only the lock it looked at (see holdSessionLock), so the next open takes the session as usual;
 * the holder it was taken from fails its next append. Resolves with the holder the lock named, undefined
 * when the session was not locked.
 */
export async function unlockSession(options: { directory: string; sessionId: string; expiryMs: number; force?: boolean }): Promise<SessionLockHolder | undefined> {
  const { directory, sessionId, expiryMs, force } = options;
  const lockPath = sessionLockNames.lock(directory, sessionId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const found = await findSessionLock({ lockPath, expiryMs });
    if (!found) return undefined;
    const { owner, heartbeatAt } = found.record;
    if (!force && (found.status === 'alive' || found.status === 'this-process')) {
      const who = found.status === 'alive' ? `process ${owner!.pid}, which is running on this host` : 'an agent of this process';
      throw new CodevError('SESSION_BUSY', `Session ${sessionId} is held by ${who}: not unlocked`, {
        file: lockPath,
        hint: `wait for it to end; \`codev sessions unlock ${sessionId} --force\` (unlock(id, { force: true })) takes it anyway, and that holder then fails its next write`,
      });
    }
    // False: it changed since it was read (released, or taken by another): look again.
    if (await found.remove()) return { ...(owner && { pid: owner.pid, hostname: owner.hostname }), heartbeatAt: heartbeatAt.toISOString() };
  }
  throw new CodevError('SESSION_BUSY', `Session ${sessionId} is being taken by another process`, { file: lockPath, hint: 'try again' });
}
