import { realpath } from 'node:fs/promises';
import { checkpointFailed } from './checkpoint-failed.ts';
import type { Snapshot } from './types.ts';

/**
 * Refuses a restore when a root no longer resolves to the folder `snapshots` recorded there (its `realRoot`):
 * the root, or a folder above it, was replaced by a link to another folder since, and that folder's files are
 * not the checkpoint's to overwrite or delete. A snapshot recorded without `realRoot` is not checked.
 */
export async function checkRootsInPlace(snapshots: readonly Snapshot[]): Promise<void> {
  const now = new Map<string, Promise<string | undefined>>();
  for (const entry of snapshots.flatMap((snapshot) => snapshot.roots)) {
    if (entry.realRoot === undefined) continue;
    if (!now.has(entry.root)) now.set(entry.root, realpath(entry.root).catch(() => undefined));
    const real = await now.get(entry.root);
    if (real !== entry.realRoot) {
      throw checkpointFailed(`Cannot restore ${entry.root}: it is ${real === undefined ? 'gone' : `now ${real}`}, not the folder ${entry.realRoot} that was recorded there.`, {
        file: entry.root,
        hint: 'The folder (or one above it) was moved or replaced by a link: put it back, or rewind the files by hand.',
      });
    }
  }
}
