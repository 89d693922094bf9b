import { rename } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { findSessionLock } from './find-session-lock.ts';
import { isStaleHolder } from './judge-lock-holder.ts';
import { keepSessionLock, type SessionLock } from './keep-session-lock.ts';
import { sessionBusyError } from './session-busy-error.ts';
import { sessionLockNames } from './session-lock-names.ts';
import type { SessionLockTiming } from './session-lock-timing.ts';
import { sessionLocksAtExit } from './session-locks-at-exit.ts';
import { removeStagingIfEmpty, stageSessionLock } from './stage-session-lock.ts';

// Each round either takes the lock, finds a live holder (busy), or saw the lock change under it.
const ATTEMPTS = 8;
// rename() onto a folder that is not empty, or onto a file (the lock file of an earlier codev).
const TAKEN = new Set(['ENOTEMPTY', 'EEXIST', 'ENOTDIR']);

/**
 * Takes the lock of a session in a file store's folder: one writer per session, across processes and
 * across the agents of one process, so two writers never interleave their lines in one transcript. A
 * lock whose holder is gone is taken over, by exactly one taker however many find it at once; one whose
 * holder is, or may be, alive is `SESSION_BUSY` (saying who holds it, and how to take it over).
 *
 * Why it is correct. A lock is the folder `<id>.lock/` holding one file, `owner.<nonce>`, which names the
 * holder (pid, host, process token) and whose nonce is new for every acquisition, so no two locks ever
 * have an owner file of the same name.
 * 1. A lock appears complete or not at all. It is made in full in `.lock-staging/<nonce>/`, then renamed
 *    onto `<id>.lock`. rename(2) of a folder is atomic, and replaces its target only when that is absent
 *    or an empty folder: of any number of takers, in any number of processes, exactly one rename
 *    succeeds, and the others get ENOTEMPTY. There is never a lock without a holder to read.
 * 2. Nothing ever removes a lock by its path. A stale lock is removed by unlinking its owner file under the
 *    name that was read (then the empty folder, which rmdir removes only while it is empty). A taker that
 *    judged lock N stale and comes late can only unlink `owner.N`, which is gone: it can never remove the
 *    lock M that replaced N. That is the bug this replaces: `rm <id>.lock` then create, by which the second
 *    of two takers deleted the first one's fresh lock, and both wrote.
 * 3. So a holder loses its lock only when its own owner file is unlinked: by itself (release), by a taker
 *    that judged it gone, or by `unlock`. Both takers and unlock need the holder judged stale (a process
 *    of this host that no longer exists, or a heartbeat older than the expiry for one that cannot be
 *    checked) unless forced.
 * 4. The heartbeat renews the owner file by its name, so it is also the check that the lock is still the
 *    holder's: a holder that finds it gone (it was stalled longer than the expiry, or unlocked by force)
 *    fails its next append with `SESSION_BUSY` (see keepSessionLock). Between losing the lock and its next
 *    heartbeat, such a holder may still write: the one window the design leaves, and only for a holder that
 *    was judged gone while it was not (a stopped or frozen process, or a forced unlock).
 * 5. A crash at any instant leaves one of: a staging folder (removed by the next taker in this store once
 *    its maker is gone), an empty lock folder (free: the next rename replaces it; the next release or
 *    unlock of the session removes it), or a lock naming a dead process (stale: taken over). None of them
 *    blocks the session.
 * The liveness judgement is the one assumption: on this host a pid probe, with the process's start time
 * where it can be read (Linux), so a pid reused since is not taken for the holder (elsewhere it counts as
 * alive until `unlock --force`); for other hosts the heartbeat, whose clocks must agree to well within
 * the expiry.
 * A lock file of an earlier codev (a plain file) is judged the same way and removed only while it is
 * still the same file; rename onto it fails (ENOTDIR), so such a file never hides a lock folder.
 */
export async function holdSessionLock(options: { directory: string; sessionId: string; timing: SessionLockTiming }): Promise<SessionLock> {
  const { directory, sessionId, timing } = options;
  const lockPath = sessionLockNames.lock(directory, sessionId);
  let staged = await stageSessionLock({ directory, expiryMs: timing.expiryMs });
  let lock: SessionLock | undefined;
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        await rename(staged.folder, lockPath);
        sessionLocksAtExit.unstaged(staged.folder);
        lock = keepSessionLock({ lockPath, ownerFile: path.join(lockPath, staged.ownerName), sessionId, heartbeatMs: timing.heartbeatMs });
        await removeStagingIfEmpty(directory);
        return lock;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'ENOENT') {
          // Our staged lock was removed (its folder was cleared by hand): make it again.
          await staged.discard();
          staged = await stageSessionLock({ directory, expiryMs: timing.expiryMs });
          continue;
        }
        if (!TAKEN.has(code)) throw error;
      }
      const found = await findSessionLock({ lockPath, expiryMs: timing.expiryMs });
      if (!found) continue;
      if (!isStaleHolder(found.status)) throw sessionBusyError({ sessionId, found, expiryMs: timing.expiryMs });
      await found.remove();
    }
    throw new CodevError('SESSION_BUSY', `Session ${sessionId} is being taken by another process`, { file: lockPath, hint: 'try again, or fork the session' });
  } finally {
    if (!lock) await staged.discard();
  }
}
