import { rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { CodevError } from '../errors/codev-error.ts';
import { currentSessionOwner, isSessionOwnerGone, readOwnerFile, writeOwnerFile } from '../session/session-owner.ts';

/** The lock files this process holds: removed when it exits without closing its sessions (a script that ends without `agent.close()`). */
const held = new Set<string>();
let exitListener = false;

function remember(lockFile: string): void {
  held.add(lockFile);
  if (exitListener) return;
  exitListener = true;
  process.once('exit', () => {
    for (const file of held) rmSync(file, { force: true });
  });
}

/**
 * Takes the lock file of a session (`<id>.lock`, naming this process): one writer per session, across
 * processes, so two resumes of one session can never interleave their lines. A lock left by a process
 * that is gone (`kill -9`) is taken over; one held by a live process is `SESSION_BUSY`. Returns the release.
 */
export async function holdSessionLock(options: { lockFile: string; sessionId: string }): Promise<() => Promise<void>> {
  const { lockFile, sessionId } = options;
  const owner = currentSessionOwner();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeOwnerFile(lockFile, owner);
      remember(lockFile);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readOwnerFile(lockFile);
    // An unreadable lock is one being written this instant: busy, not stale.
    if (!holder || !isSessionOwnerGone(holder)) {
      const who = holder ? (holder.pid === owner.pid && holder.token === owner.token ? 'another agent of this process' : `process ${holder.pid} on ${holder.hostname}`) : 'another process';
      throw new CodevError('SESSION_BUSY', `Session ${sessionId} is in use by ${who}`, { file: lockFile, hint: 'wait for it to end, or fork the session (fork: true, or --fork-session) to go on from the same point in a new one' });
    }
    await rm(lockFile, { force: true });
  }
  throw new CodevError('SESSION_BUSY', `Session ${sessionId} is being taken by another process`, { file: lockFile, hint: 'try again, or fork the session' });
}

