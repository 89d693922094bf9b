import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { PathSide } from './path-change.ts';
import { readSmallFile } from './read-small-file.ts';
import { journalFile } from './store-layout.ts';

/** One path a restore changes: from what the plan saw to what the target says (`undefined`: absent). */
export interface RestoreOperation {
  root: string;
  path: string;
  from?: PathSide;
  to?: PathSide;
}

/** What `recover` needs to finish a restore: written before the first file is touched, removed after the last. */
export interface RestoreJournal {
  version: 1;
  /** Names the temporary files of this restore, so `recover` can remove one a kill left behind. */
  id: string;
  operations: RestoreOperation[];
}

export function newJournalId(): string {
  return randomBytes(8).toString('hex');
}

/** Writes the journal durably (fsync, then rename into place). */
export async function writeRestoreJournal(options: { store: string; sessionId: string; journal: RestoreJournal }): Promise<void> {
  const file = journalFile(options.store, options.sessionId);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(options.journal));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}

/**
 * The text of the session's journal, if a restore of it was cut short: to be checked (`checkRestoreJournal`)
 * before anything is done with it, as it lies in the store where an agent's commands can write.
 */
export async function readRestoreJournal(options: { store: string; sessionId: string }): Promise<{ file: string; text: string } | undefined> {
  const file = journalFile(options.store, options.sessionId);
  // Missing, or not a regular file (a FIFO would wait for a writer forever): no journal of codev's.
  const text = await readSmallFile(file);
  return text === undefined ? undefined : { file, text };
}

export async function removeRestoreJournal(options: { store: string; sessionId: string }): Promise<void> {
  await rm(journalFile(options.store, options.sessionId), { force: true });
}
