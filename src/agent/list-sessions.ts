import type { ListSessionsOptions, SessionSummary } from '../transcripts/types.ts';
import { projectSessionStore, type SessionSource } from './project-session-store.ts';

/**
 * The persisted sessions of a project (or of `sessionStore`), the most recently updated first. What is not
 * a readable session (a FIFO, a damaged file...) is left out, and passed to `onSkip` with why.
 */
export async function listSessions(source: SessionSource & ListSessionsOptions = {}): Promise<SessionSummary[]> {
  const { onSkip, ...where } = source;
  return (await projectSessionStore(where)).list({ ...(onSkip && { onSkip }) });
}
