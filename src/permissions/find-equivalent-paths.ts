import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathExists } from '../files/path-exists.ts';
import { hasNonAscii, sameNameInAnyForm } from './rules/unicode-forms.ts';

/**
 * The existing paths that are `target` in some Unicode form (see {@link sameNameInAnyForm}): each non-ASCII
 * name is looked up among its folder's entries, so a deny rule written `café.txt` finds the file stored
 * decomposed, and both when both exist. An ASCII path is only checked for existence.
 */
export async function findEquivalentPaths(target: string): Promise<string[]> {
  if (!hasNonAscii(target)) return (await pathExists(target)) ? [target] : [];
  let current: string[] = [path.posix.sep];
  for (const name of target.split('/').filter(Boolean)) {
    const next: string[] = [];
    for (const folder of current) {
      if (!hasNonAscii(name)) {
        if (await pathExists(path.posix.join(folder, name))) next.push(path.posix.join(folder, name));
        continue;
      }
      const entries = await readdir(folder).catch(() => [] as string[]);
      for (const entry of entries) if (sameNameInAnyForm(entry, name)) next.push(path.posix.join(folder, entry));
    }
    if (next.length === 0) return [];
    current = next;
  }
  return current;
}
