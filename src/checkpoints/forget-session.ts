import { rm } from 'node:fs/promises';
import path from 'node:path';
import { indexFile, journalFile, sessionRefsFolder } from './store-layout.ts';

/** Removes a session's refs, indexes and journal: its trees are then kept only by other sessions. */
export async function forgetSession(options: { store: string; sessionId: string }): Promise<void> {
  const indexes = path.dirname(indexFile({ store: options.store, sessionId: options.sessionId, root: '/', maxFileBytes: 0 }));
  await Promise.all([
    rm(sessionRefsFolder(options.store, options.sessionId), { recursive: true, force: true }),
    rm(indexes, { recursive: true, force: true }),
    rm(journalFile(options.store, options.sessionId), { force: true }),
  ]);
}
