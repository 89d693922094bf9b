import { diffSnapshots } from './diff-snapshots.ts';
import { toFileChange } from './path-change.ts';
import { storedBlobs } from './read-blobs.ts';
import type { RestoreConflict, RestorePlan, Snapshot } from './types.ts';

/**
 * Plans a restore of `target` over `current` (the files as recorded just now): the changes, and as conflicts
 * the changed files that differ from `reference` (what the agent left) or whose large content the store lacks.
 */
export async function planRestore(options: { store: string; current: Snapshot; target: Snapshot; reference?: Snapshot; signal?: AbortSignal }): Promise<RestorePlan> {
  const { store, current, target, signal } = options;
  const [changes, changedSince] = await Promise.all([
    diffSnapshots({ store, from: current, to: target, signal }),
    options.reference ? diffSnapshots({ store, from: options.reference, to: current, signal }) : Promise.resolve([]),
  ]);
  const changedSinceKeys = new Set(changedSince.map((change) => `${change.root}\0${change.path}`));
  const largeTargets = changes.flatMap((change) => (change.to?.large ? [change.to.oid] : []));
  const stored = await storedBlobs({ store, oids: largeTargets, signal });
  const conflicts: RestoreConflict[] = [];
  for (const change of changes) {
    if (change.to?.large && !stored.has(change.to.oid)) conflicts.push({ root: change.root, path: change.path, reason: 'large-not-kept' });
    else if (changedSinceKeys.has(`${change.root}\0${change.path}`)) conflicts.push({ root: change.root, path: change.path, reason: 'changed-since' });
  }
  return { target, current, changes: changes.map(toFileChange), conflicts };
}
