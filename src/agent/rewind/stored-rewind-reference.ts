import type { CheckpointStore, ConflictChoice, Snapshot } from '../../checkpoints/types.ts';
import { CodevError } from '../../errors/codev-error.ts';

/**
 * Checks that the store still holds what a rewind of the files needs (a `.codev/checkpoints` removed since
 * holds nothing recorded before), and returns the reference to judge conflicts by. The checkpoint's own files
 * gone: `CHECKPOINT_NOT_FOUND` (only the conversation can go back). What the agent left gone: nobody can tell
 * a change of someone else's from the agent's, so `CHECKPOINT_NOT_FOUND` unless `conflicts` is `overwrite`,
 * which overwrites them whatever they are (no reference then).
 */
export async function storedRewindReference(options: { store: CheckpointStore; sessionId: string; turn: number; target: Snapshot; reference: Snapshot | undefined; conflicts: ConflictChoice | undefined }): Promise<Snapshot | undefined> {
  const { reference } = options;
  const [target, referenceStored] = await options.store.stored({ snapshots: reference ? [options.target, reference] : [options.target] });
  if (target !== true) {
    throw new CodevError('CHECKPOINT_NOT_FOUND', `The files of checkpoint ${options.turn} of session ${options.sessionId} are no longer in the checkpoint store (${options.store.directory} was removed or emptied since)`, { field: 'to', hint: 'only the conversation can go back there (conversation only: files: false, or --conversation-only)' });
  }
  if (reference === undefined || referenceStored === true) return reference;
  if (options.conflicts === 'overwrite') return undefined;
  throw new CodevError('CHECKPOINT_NOT_FOUND', `The files session ${options.sessionId} left are no longer in the checkpoint store (${options.store.directory} was removed or emptied since), so a change someone made since cannot be told from the agent's`, { field: 'conflicts', hint: "put the files back anyway, overwriting whatever changed: conflicts: 'overwrite' (--force)" });
}
