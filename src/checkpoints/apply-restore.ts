import { checkpointFailed, rewindConflict } from './checkpoint-failed.ts';
import { checkRootsInPlace } from './check-roots-in-place.ts';
import { diffSnapshots } from './diff-snapshots.ts';
import { forEachLimited } from './for-each-limited.ts';
import { type PathChange, toFileChange } from './path-change.ts';
import { diskMatches, readDiskSide } from './read-disk-side.ts';
import { storedBlobs } from './read-blobs.ts';
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
  const stored = await storedBlobs({ store, oids: operations.flatMap((operation) => (operation.to ? [operation.to.oid] : [])), signal });
  const missing = operations.find((operation) => operation.to && !stored.has(operation.to.oid));
  if (missing) throw checkpointFailed(`The checkpoint store lacks the content of ${missing.path} (${missing.to!.oid}).`, { file: missing.root });
  const changedSincePlan: RestoreConflict[] = [];
  await forEachLimited(operations, 16, async (operation) => {
    const disk = await readDiskSide(operation.root, operation.path).catch(() => 'other' as const);
    if (!diskMatches(disk, operation.from)) changedSincePlan.push({ root: operation.root, path: operation.path, reason: 'changed-since' });
  });
  if (changedSincePlan.length > 0) throw rewindConflict(changedSincePlan.sort((a, b) => (key(a) < key(b) ? -1 : 1)));
  signal?.throwIfAborted();
  await checkRootsInPlace([plan.target, plan.current]);
  const journalId = newJournalId();
  await writeRestoreJournal({ store, sessionId, journal: { version: 1, id: journalId, operations } });
  const outcome = await runRestoreOperations({ store, operations, journalId, recovering: false });
  await removeRestoreJournal({ store, sessionId });
  const meanwhile = new Set([...outcome.changedMeanwhile, ...outcome.failed.map((failure) => failure.operation)].map(key));
  const restored = changes.filter((change) => !keptKeys.has(key(change)) && !meanwhile.has(key(change)));
  return {
    restored: restored.map(toFileChange),
    kept: [...kept, ...changes.filter((change) => meanwhile.has(key(change)))].map(toFileChange),
    before: plan.current,
  };
}
