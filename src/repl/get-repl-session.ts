import { getSessionState } from '../session/get-session-state.ts';
import { ReplSession } from './repl-session.ts';

const sessions = new Map<string, ReplSession>();

/**
 * The REPL state of a session (one per session directory, so each subagent has its own). A new one registers
 * with the session (`onEnd`): when the session ends, its worker is killed and its state forgotten.
 */
export function getReplSession(sessionDirectory: string): ReplSession {
  let session = sessions.get(sessionDirectory);
  if (!session) {
    const created = new ReplSession();
    sessions.set(sessionDirectory, created);
    getSessionState({ sessionDirectory }).onEnd.push(() => releaseReplSession(sessionDirectory, created));
    session = created;
  }
  return session;
}

/** Kills the workers of every session and forgets their state (for tests and hosts that shut down). */
export function resetReplSessions(): void {
  for (const session of sessions.values()) session.reset();
  sessions.clear();
}

/** Kills the worker of a session that ended and forgets it (unless it was already replaced after a reset). */
function releaseReplSession(sessionDirectory: string, session: ReplSession): void {
  session.reset();
  if (sessions.get(sessionDirectory) === session) sessions.delete(sessionDirectory);
}
