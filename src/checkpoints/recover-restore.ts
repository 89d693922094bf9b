import { checkpointFailed } from './checkpoint-failed.ts';
import { checkRestoreJournal } from './check-restore-journal.ts';
import { readRestoreJournal, removeRestoreJournal } from './restore-journal.ts';
import { runRestoreOperations } from './run-restore-operations.ts';

/**
 * Rolls a restore cut short forward from its journal (what is done is skipped), then removes the journal. A
 * journal naming a root outside the store's project is finished only when the caller names that root in `roots`
 * (a plan of it): without `roots` it is left for such a caller, and with them it is `CHECKPOINT_FAILED`.
 */
export async function recoverRestore(options: { store: string; sessionId: string; roots?: readonly string[] }): Promise<boolean> {
  const read = await readRestoreJournal(options);
  if (read === undefined) return false;
  const found = checkRestoreJournal({ store: options.store, file: read.file, text: read.text, ...(options.roots && { roots: options.roots }) });
  if (!found.trusted) {
    if (options.roots === undefined) return false;
    const { file } = read;
    throw checkpointFailed(`The restore journal ${file} names a folder that is neither in the project nor one of this restore's roots: nothing was done with it.`, {
      file,
      hint: 'Remove the file if no restore of this session was cut short; a planted journal could have written outside the project.',
    });
  }
  await runRestoreOperations({ store: options.store, operations: found.journal.operations, journalId: found.journal.id, recovering: true });
  await removeRestoreJournal(options);
  return true;
}
