import { CodevError } from '../../../errors/codev-error.ts';
import type { SessionStore, TranscriptEntries } from '../../../transcripts/types.ts';
import { readFileEntries } from './read-file-entries.ts';

/** Where a session's entries are read: a store, and for the file store its folder (a store without `readEntries` is read there). */
export interface SessionSource {
  store: SessionStore;
  /** The file store's folder: its sessions' locks, saved results and files are there. Absent for another store (Redis). */
  sessionsDirectory?: string;
}

/** A session's entries from `from`, by the store's `readEntries` (the file store's folder read directly when it has none). */
export async function readStoreEntries(options: SessionSource & { id: string; from?: number }): Promise<TranscriptEntries> {
  const { store, sessionsDirectory, id, from = 0 } = options;
  if (store.readEntries) return store.readEntries(id, { from });
  if (sessionsDirectory !== undefined) return readFileEntries({ directory: sessionsDirectory, id, from });
  throw new CodevError('SESSION_UNSUPPORTED', `This session store cannot show sessions (it has no readEntries)`);
}
