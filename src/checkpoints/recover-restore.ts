import { readBlobs } from './read-blobs.ts';
import { readRestoreJournal, removeRestoreJournal } from './restore-journal.ts';
import { runRestoreOperations } from './run-restore-operations.ts';

/** Rolls a restore cut short forward from its journal (what is done is skipped), then removes the journal. */
export async function recoverRestore(options: { store: string; sessionId: string }): Promise<boolean> {
  const journal = await readRestoreJournal(options);
  if (journal === undefined) return false;
  const blobs = await readBlobs({ store: options.store, oids: journal.operations.flatMap((operation) => (operation.to ? [operation.to.oid] : [])) });
  await runRestoreOperations({ operations: journal.operations, blobs, journalId: journal.id });
  await removeRestoreJournal(options);
  return true;
}
