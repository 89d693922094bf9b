import { lstat } from 'node:fs/promises';
import type { PathAnchors } from './rules/parse-path-pattern.ts';
import { deniedPathsOnDisk } from './denied-paths-on-disk.ts';
import type { ToolPermissionContext } from './types.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';

/** `dev:ino` of a file: the same key for every name (hard link) of it. */
export function inodeKey(stats: { dev: number; ino: number }): string {
  return `${stats.dev}:${stats.ino}`;
}

/** The files deny rules cover that have other names too, by inode (see {@link deniedInodes}). */
export interface DeniedInodes {
  /** Inode → the covered name, for Read deny rules. */
  read: ReadonlyMap<string, string>;
  /** Inode → the covered name, for Edit deny rules. */
  edit: ReadonlyMap<string, string>;
}

/**
 * The files the Read and Edit deny rules cover on disk now (see deniedPathsOnDisk, folders walked, 20,000
 * entries at most each) that have more than one name (st_nlink > 1), by inode: another name of one of them is a
 * hard link a path rule cannot see. A file with one name needs no entry: its only name is the one the rules
 * already match.
 */
export async function deniedInodes(options: { permissionContext: ToolPermissionContext; anchors: PathAnchors; workingDirectories: readonly string[] }): Promise<DeniedInodes> {
  const denied = await deniedPathsOnDisk(options);
  return { read: await manyNamedFilesOf(denied.hidden), edit: await manyNamedFilesOf(denied.readOnly) };
}

/** The files with more than one name among `paths` and below those that are folders (20,000 entries at most each), by inode. */
export async function manyNamedFilesOf(paths: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const add = async (file: string) => {
    const stats = await lstat(file).catch(() => undefined);
    if (stats?.isFile() && stats.nlink > 1) found.set(inodeKey(stats), file);
    return stats;
  };
  for (const file of paths) {
    const stats = await add(file);
    if (!stats?.isDirectory()) continue;
    const below: string[] = [];
    await walkFiles(file, { limit: MAX_WALK_ENTRIES, visit: (entry, isDirectory) => void (isDirectory || below.push(entry)) });
    for (const entry of below) await add(entry);
  }
  return found;
}
