import { checkpointFailed, rewindConflict } from './checkpoint-failed.ts';
import { diffSnapshots } from './diff-snapshots.ts';
import { type PathChange, toFileChange } from './path-change.ts';
import { diskMatches, readDiskSide } from './read-disk-side.ts';
import { readBlobs } from './read-blobs.ts';
import { resolveConflictChoices } from './resolve-conflict-choices.ts';
import { newJournalId, removeRestoreJournal, type RestoreOperation, writeRestoreJournal } from './restore-journal.ts';
import { isSafeTreePath } from './resolve-tree-path.ts';
import { runRestoreOperations } from './run-restore-operations.ts';
import type { ConflictChoice, RestoreConflict, RestorePlan, RestoreResult } from './types.ts';

const key = (entry: { root: string; path: string }): string => `${entry.root}\0${entry.path}`;

/**
 * Carries out `plan`: refuses unresolved conflicts and files changed since the plan (nothing touched), then
 * journals the operations, runs them, and removes the journal.
 */
export async function applyRestore(options: { store: string; sessionId: string; plan: RestorePlan; conflicts?: ConflictChoice; signal?: AbortSignal }): Promise<RestoreResult> {
  const { store, sessionId, plan, signal } = options;
  const decided = resolveConflictChoices({ conflicts: plan.conflicts, choice: options.conflicts ?? 'fail', severalRoots: plan.target.roots.length > 1 });
  const unresolved = plan.conflicts.filter((conflict) => decided.get(conflict) === undefined);
  if (unresolved.length > 0) throw rewindConflict(unresolved);
  const keptKeys = new Set(plan.conflicts.filter((conflict) => decided.get(conflict) === 'keep').map(key));
  const changes = await diffSnapshots({ store, from: plan.current, to: plan.target, signal });
  const unsafe = changes.find((change) => !isSafeTreePath(change.path));
  if (unsafe) throw checkpointFailed(`Refusing the unsafe path ${JSON.stringify(unsafe.path)} in a checkpoint of ${unsafe.root}.`, { file: unsafe.root });
  const kept: PathChange[] = [];
  const operations: RestoreOperation[] = [];
  for (const change of changes) {
    if (keptKeys.has(key(change))) kept.push(change);
    else operations.push({ root: change.root, path: change.path, from: change.from, to: change.to });
  }
  const blobs = await readBlobs({ store, oids: operations.flatMap((operation) => (operation.to ? [operation.to.oid] : [])), signal });
  const changedSincePlan: RestoreConflict[] = [];
  for (const operation of operations) {
    if (operation.to && !blobs.has(operation.to.oid)) throw checkpointFailed(`The checkpoint store lacks the content of ${operation.path} (${operation.to.oid}).`, { file: operation.root });
    const disk = await readDiskSide(operation.root, operation.path).catch(() => 'other' as const);
    if (!diskMatches(disk, operation.from) && !diskMatches(disk, operation.to)) changedSincePlan.push({ root: operation.root, path: operation.path, reason: 'changed-since' });
  }
  if (changedSincePlan.length > 0) throw rewindConflict(changedSincePlan);
  signal?.throwIfAborted();
  const journalId = newJournalId();
  await writeRestoreJournal({ store, sessionId, journal: { version: 1, id: journalId, operations } });
  const outcome = await runRestoreOperations({ operations, blobs, journalId });
  await removeRestoreJournal({ store, sessionId });
  const meanwhile = new Set(outcome.changedMeanwhile.map(key));
  const restored = changes.filter((change) => !keptKeys.has(key(change)) && !meanwhile.has(key(change)));
  return {
    restored: restored.map(toFileChange),
    kept: [...kept, ...changes.filter((change) => meanwhile.has(key(change)))].map(toFileChange),
    before: plan.current,
  };
}
