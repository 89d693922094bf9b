import type { SessionState } from './types.ts';

const sessions = new Map<string, SessionState>();

/**
 * The session state of a tool context. A session is its directory: every context that shares the session
 * directory (a kernel's contexts carried over between turns, subagents that inherit it) shares the state.
 */
export function getSessionState(context: { sessionDirectory: string }): SessionState {
  let state = sessions.get(context.sessionDirectory);
  if (!state) {
    state = { sessionDirectory: context.sessionDirectory, fileReads: new Map(), tasks: new Map(), loadedDeferredTools: new Set(), settledTasks: new Set(), subagents: new Map() };
    sessions.set(context.sessionDirectory, state);
  }
  return state;
}
