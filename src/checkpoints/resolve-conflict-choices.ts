import type { ConflictChoice, RestoreConflict } from './types.ts';

/** What to do with each conflict: `keep`, `overwrite`, or `undefined` when no choice covers it (the restore fails). */
export function resolveConflictChoices(options: { conflicts: readonly RestoreConflict[]; choice: ConflictChoice; severalRoots: boolean }): Map<RestoreConflict, 'keep' | 'overwrite' | undefined> {
  const decided = new Map<RestoreConflict, 'keep' | 'overwrite' | undefined>();
  for (const conflict of options.conflicts) {
    const { choice } = options;
    let decision: 'keep' | 'overwrite' | undefined;
    if (choice === 'fail') decision = undefined;
    else if (choice === 'keep' || choice === 'overwrite') decision = choice;
    else decision = choice[`${conflict.root}/${conflict.path}`] ?? (options.severalRoots ? undefined : choice[conflict.path]);
    // Content that is gone cannot be written back, whatever the choice: the file stays as it is.
    if (conflict.reason === 'large-not-kept' && decision === 'overwrite') decision = 'keep';
    decided.set(conflict, decision);
  }
  return decided;
}
