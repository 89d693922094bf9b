import type { SessionSummary } from '../transcripts/types.ts';
import { projectSessionStore, type SessionSource } from './project-session-store.ts';

/** The persisted sessions of a project (or of `sessionStore`), the most recently updated first. */
export async function listSessions(source: SessionSource = {}): Promise<SessionSummary[]> {
  return (await projectSessionStore(source)).list();
}
