import { lstat } from 'node:fs/promises';
import { inodeKey } from './denied-inodes.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';

/**
 * The names below `directories` (20,000 entries at most each, symlinks not followed) of the files whose
 * inodes are keys of `inodes`, other than the names already known: the hard links a path-based mount or rule
 * does not cover. Only walked when there is an inode to look for.
 */
export async function otherNamesBelow(options: { directories: readonly string[]; inodes: ReadonlyMap<string, string> }): Promise<string[]> {
  if (options.inodes.size === 0) return [];
  const known = new Set(options.inodes.values());
  const found: string[] = [];
  for (const directory of options.directories) {
    const files: string[] = [];
    await walkFiles(directory, { limit: MAX_WALK_ENTRIES, visit: (file, isDirectory) => void (isDirectory || files.push(file)) });
    for (const file of files) {
      if (known.has(file)) continue;
      const stats = await lstat(file).catch(() => undefined);
      if (stats?.isFile() && stats.nlink > 1 && options.inodes.has(inodeKey(stats))) found.push(file);
    }
  }
  return found;
}
