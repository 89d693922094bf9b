import path from 'node:path';
import type { SessionState } from './types.ts';

const sessions = new Map<string, SessionState>();

/**
 * The session state of a tool context. A session is its directory: every context that shares the session
 * directory (a kernel's contexts carried over between turns, subagents that inherit it) shares the state.
 * It lives until its session ends ({@link releaseSessionState}).
 */
export function getSessionState(context: { sessionDirectory: string }): SessionState {
  let state = sessions.get(context.sessionDirectory);
  if (!state) {
    state = { sessionDirectory: context.sessionDirectory, fileReads: new Map(), tasks: new Map(), loadedDeferredTools: new Set(), settledTasks: new Set(), subagents: new Map(), todos: new Map(), onEnd: [] };
    sessions.set(context.sessionDirectory, state);
  }
  return state;
}

/**
 * Forgets the state of a session that ended, and of the sessions inside its folder (its subagents'), and
 * returns them (their background tasks may still need stopping). A later `getSessionState` for the same
 * folder starts afresh.
 */
export function releaseSessionState(sessionDirectory: string): SessionState[] {
  const inside = sessionDirectory.endsWith(path.sep) ? sessionDirectory : `${sessionDirectory}${path.sep}`;
  const released: SessionState[] = [];
  for (const [directory, state] of sessions) {
    if (directory !== sessionDirectory && !directory.startsWith(inside)) continue;
    sessions.delete(directory);
    released.push(state);
  }
  return released;
}
