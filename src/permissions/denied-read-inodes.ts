import { stat } from 'node:fs/promises';
import { deniedPathsOnDisk } from './denied-paths-on-disk.ts';
import type { PathAnchors } from './rules/parse-path-pattern.ts';
import type { ToolPermissionContext } from './types.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';

/**
 * The files Read deny rules cover on disk that have more than one name (hard links), by identity
 * (`dev:ino`), each with the covered path: a file with one of these identities is the denied file under
 * another name. A folder a rule covers is walked (20,000 entries at most). Files with a single link are left
 * out: no other name can reach them.
 */
export async function deniedReadInodes(options: { permissionContext: ToolPermissionContext; anchors: PathAnchors; workingDirectories: readonly string[] }): Promise<ReadonlyMap<string, string>> {
  const { hidden } = await deniedPathsOnDisk(options);
  const found = new Map<string, string>();
  const add = async (file: string) => {
    const stats = await stat(file).catch(() => undefined);
    if (stats?.isFile() && stats.nlink > 1) found.set(inodeKey(stats), file);
    return stats;
  };
  for (const covered of hidden) {
    const stats = await add(covered);
    if (!stats?.isDirectory()) continue;
    const files: string[] = [];
    await walkFiles(covered, { limit: MAX_WALK_ENTRIES, visit: (file, isDirectory) => void (isDirectory || files.push(file)) });
    for (const file of files) await add(file);
  }
  return found;
}

/** A file's identity on this machine: its device and inode. */
export function inodeKey(stats: { dev: number; ino: number }): string {
  return `${stats.dev}:${stats.ino}`;
}
