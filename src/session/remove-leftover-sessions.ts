import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { disposeSessionFiles } from './dispose-session-files.ts';
import { isSessionOwnerGone, readSessionOwner } from './session-owner.ts';

/**
 * Disposes of the session folders in `directory` (those whose name starts with `prefix`, when given) that
 * a dead process left: each must carry an owner marker naming a process of this host that is gone. A
 * folder without a marker (not codev's, or still being created) or of a live process is left alone.
 * Returns the folders removed. Never throws: a folder that cannot be read or removed stays for next time.
 */
export async function removeLeftoverSessions(options: { directory: string; prefix?: string }): Promise<string[]> {
  let names: string[];
  try {
    const entries = await readdir(options.directory, { withFileTypes: true });
    names = entries.filter((entry) => entry.isDirectory() && (options.prefix === undefined || entry.name.startsWith(options.prefix))).map((entry) => entry.name);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const sessionDirectory = path.join(options.directory, name);
    const owner = await readSessionOwner(sessionDirectory);
    if (!owner || !isSessionOwnerGone(owner)) continue;
    try {
      await disposeSessionFiles({ sessionDirectory, reason: 'abandoned' });
      removed.push(sessionDirectory);
    } catch {
      // Another process may be removing it too, or it is not ours to delete after all: leave it.
    }
  }
  return removed;
}
