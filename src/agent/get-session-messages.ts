import { resolveSessionId } from '../transcripts/resolve-session-id.ts';
import type { LoadedTranscript } from '../transcripts/types.ts';
import { projectSessionStore, type SessionSource } from './project-session-store.ts';

/**
 * A persisted session as it would be resumed: its metadata, its messages with their uuids (for `at`), and
 * the lines that could not be read. `id` may be a unique prefix of the id (`SESSION_AMBIGUOUS` naming the
 * candidates when it is not unique). `SESSION_NOT_FOUND` names the recent sessions when there is no such one.
 */
export async function getSessionMessages(id: string, source: SessionSource = {}): Promise<LoadedTranscript> {
  const store = await projectSessionStore(source);
  return store.read(await resolveSessionId({ store, id }));
}
