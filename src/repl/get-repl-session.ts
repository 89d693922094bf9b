import path from 'node:path';
import { ReplSession } from './repl-session.ts';

const sessions = new Map<string, ReplSession>();

/** The REPL state of a session (one per session directory, so each subagent has its own). */
export function getReplSession(sessionDirectory: string): ReplSession {
  let session = sessions.get(sessionDirectory);
  if (!session) {
    session = new ReplSession();
    sessions.set(sessionDirectory, session);
  }
  return session;
}

/** Kills the workers of every session and forgets their state (for tests and hosts that shut down). */
export function resetReplSessions(): void {
  for (const session of sessions.values()) session.reset();
  sessions.clear();
}

/** Kills the workers of a session that ended, and of the sessions inside its folder (its subagents'), and forgets them. */
export function releaseReplSessions(sessionDirectory: string): void {
  const inside = sessionDirectory.endsWith(path.sep) ? sessionDirectory : `${sessionDirectory}${path.sep}`;
  for (const [directory, session] of sessions) {
    if (directory !== sessionDirectory && !directory.startsWith(inside)) continue;
    session.reset();
    sessions.delete(directory);
  }
}
