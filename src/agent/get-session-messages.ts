import type { LoadedTranscript } from '../transcripts/types.ts';
import { projectSessionStore, type SessionSource } from './project-session-store.ts';

/**
 * A persisted session as it would be resumed: its metadata, its messages with their uuids (for `at`), and
 * the lines that could not be read. `SESSION_NOT_FOUND` names the recent sessions when there is no such one.
 */
export async function getSessionMessages(id: string, source: SessionSource = {}): Promise<LoadedTranscript> {
  return (await projectSessionStore(source)).read(id);
}
