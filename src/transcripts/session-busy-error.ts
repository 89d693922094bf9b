import { CodevError } from '../errors/codev-error.ts';
import type { FoundSessionLock } from './find-session-lock.ts';
import { currentSessionOwner } from '../session/session-owner.ts';
import { heartbeatAgeMs } from './judge-lock-holder.ts';

const FORK = 'fork the session (fork: true, or --fork-session) to go on from the same point in a new one';

/**
 * `SESSION_BUSY` for a session whose lock has a holder that is, or may be, alive: who holds it, when it
 * last renewed the lock, when the lock expires, and how to take the session over now.
 */
export function sessionBusyError(options: { sessionId: string; found: FoundSessionLock; expiryMs: number }): CodevError {
  const { sessionId, found, expiryMs } = options;
  const { owner } = found.record;
  const unlock = `codev sessions unlock ${sessionId}`;
  if (found.status === 'this-process') return busy(`Session ${sessionId} is in use by another agent of this process`, `close that agent first, or ${FORK}`);
  if (found.status === 'alive') {
    return busy(
      `Session ${sessionId} is in use by process ${owner!.pid} on this host`,
      `wait for it to end, or ${FORK}; if process ${owner!.pid} is not codev (its pid was reused), \`${unlock} --force\` takes the session over`,
    );
  }
  const age = Math.max(0, Math.round(heartbeatAgeMs(found.record) / 1000));
  const left = Math.max(1, Math.ceil((expiryMs - heartbeatAgeMs(found.record)) / 1000));
  const who = !owner ? `a holder codev cannot read (${found.path})` : owner.hostname === currentSessionOwner().hostname ? `process ${owner.pid} of a container on this host (its pids are not this process's)` : `process ${owner.pid} on host ${owner.hostname}`;
  return busy(
    `Session ${sessionId} is in use by ${who}, last heartbeat ${age} s ago; its lock expires ${left} s from now if that heartbeat stops`,
    `if that ${owner ? 'host or container' : 'holder'} is gone, \`${unlock}\` (or the store's unlock(id)) takes the session over now; else wait, or ${FORK}`,
  );

  function busy(message: string, hint: string): CodevError {
    return new CodevError('SESSION_BUSY', message, { file: found.path, hint });
  }
}
