import { findProjectRoot } from '../config/find-project-root.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../transcripts/sessions-directory.ts';
import type { SessionStore } from '../transcripts/types.ts';

/** Which sessions to read: a store, or the file store of the project that holds `cwd` (default: the process's). */
export interface SessionSource {
  sessionStore?: SessionStore;
  cwd?: string;
}

/** The given store, or the file store in `.codev/sessions/` of the project around `cwd` (its root: package.json or .git). */
export async function projectSessionStore(source: SessionSource = {}): Promise<SessionStore> {
  if (source.sessionStore) return source.sessionStore;
  const cwd = source.cwd ?? process.cwd();
  return createFileSessionStore({ directory: sessionsDirectory((await findProjectRoot(cwd)) ?? cwd) });
}
