import { createHash } from 'node:crypto';
import path from 'node:path';
import { checkpointFailed } from './checkpoint-failed.ts';

const SESSION_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** Refuses a session id that could not be one ref component and one file name (no `/`, no `..`). */
export function checkSessionId(sessionId: string): void {
  if (!SESSION_ID.test(sessionId) || sessionId.includes('..') || sessionId.endsWith('.lock') || sessionId.endsWith('.')) {
    throw checkpointFailed(`Not a usable session id for checkpoints: ${JSON.stringify(sessionId)}.`);
  }
}

/**
 * The index file of one session's recordings of one root under one size cap: the session is its only writer.
 * The cap is part of its name because an index keeps a file it holds until git lists it as changed: an index
 * made under a larger cap (another session's, seeded by name; the session's own, resumed with a smaller cap)
 * would carry an unchanged big file into every tree in full.
 */
export function indexFile(options: { store: string; sessionId: string; root: string; maxFileBytes: number }): string {
  const key = createHash('sha1').update(`${options.root}\0${options.maxFileBytes}`).digest('hex').slice(0, 16);
  const { store, sessionId } = options;
  return path.join(store, 'codev-indexes', sessionId, key);
}

/** The folder of a session's refs (one per tree it keeps). */
export function sessionRefsFolder(store: string, sessionId: string): string {
  return path.join(store, 'refs', 'codev', 'sessions', sessionId);
}

/** The journal of a session's restore in progress. */
export function journalFile(store: string, sessionId: string): string {
  return path.join(store, 'codev-journals', `${sessionId}.json`);
}

const OBJECT_ID = /^[0-9a-f]{40}$/;

/** Refuses a tree or blob id that is not one (from a transcript someone edited: never an option for git). */
export function checkObjectId(id: string): string {
  if (!OBJECT_ID.test(id)) throw checkpointFailed(`Not a checkpoint object id: ${JSON.stringify(id).slice(0, 80)}.`);
  return id;
}
