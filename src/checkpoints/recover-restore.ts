import { readRestoreJournal, removeRestoreJournal } from './restore-journal.ts';
import { runRestoreOperations } from './run-restore-operations.ts';

/** Rolls a restore cut short forward from its journal (what is done is skipped), then removes the journal. */
export async function recoverRestore(options: { store: string; sessionId: string }): Promise<boolean> {
  const journal = await readRestoreJournal(options);
  if (journal === undefined) return false;
  await runRestoreOperations({ store: options.store, operations: journal.operations, journalId: journal.id, recovering: true });
  await removeRestoreJournal(options);
  return true;
}
