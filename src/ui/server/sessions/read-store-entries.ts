import { CodevError } from '../../../errors/codev-error.ts';
import type { SessionStore, TranscriptEntries } from '../../../transcripts/types.ts';

/** Where a session's entries are read: a store, and for the file store its folder (locks, saved results). */
export interface SessionSource {
  store: SessionStore;
  /** The file store's folder: its sessions' locks, saved results and files are there. Absent for another store (Redis). */
  sessionsDirectory?: string;
}

/** A session's entries from `from`, by the store's `readEntries` (the file and Redis stores have it). */
export async function readStoreEntries(options: SessionSource & { id: string; from?: number }): Promise<TranscriptEntries> {
  const { store, id, from = 0 } = options;
  if (store.readEntries) return store.readEntries(id, { from });
  throw new CodevError('SESSION_UNSUPPORTED', 'This session store cannot show sessions (it has no readEntries)', { hint: 'implement SessionStore.readEntries in the store' });
}
