import { lstat, readlink } from 'node:fs/promises';
import path from 'node:path';
import { blobIdOf, blobIdOfPath } from './git-blob-id.ts';
import { LINK_MODE, type PathSide } from './path-change.ts';
import { resolveTreePath } from './resolve-tree-path.ts';

/** What is at a path now, as git would record it: `directory` for a folder, `other` for a FIFO, socket or device. */
export type DiskSide = PathSide | 'directory' | 'other' | undefined;

/**
 * Reads what is at `name` under `root` without following a link: a path under a link or a file (not a real
 * folder) is absent, as it is for git.
 */
export async function readDiskSide(root: string, name: string): Promise<DiskSide> {
  resolveTreePath(root, name);
  const parts = name.split('/');
  let folder = root;
  for (const part of parts.slice(0, -1)) {
    folder = path.join(folder, part);
    const stat = await lstat(folder).catch(() => undefined);
    if (!stat?.isDirectory()) return undefined;
  }
  return readDiskSideAt(path.join(folder, parts.at(-1)!));
}

/** What is at `file` itself, never following a link there (its folders are the caller's to check). */
export async function readDiskSideAt(file: string): Promise<DiskSide> {
  const stat = await lstat(file).catch(() => undefined);
  if (stat === undefined) return undefined;
  if (stat.isDirectory()) return 'directory';
  if (stat.isSymbolicLink()) return { mode: LINK_MODE, oid: blobIdOf(await readlink(file, { encoding: 'buffer' })), large: false };
  if (!stat.isFile()) return 'other';
  return { mode: (stat.mode & 0o100) !== 0 ? '100755' : '100644', oid: await blobIdOfPath(file, stat), large: false };
}

/** True when what is on disk is `side` (a folder, or nothing, counts as absent). */
export function diskMatches(disk: DiskSide, side: PathSide | undefined): boolean {
  if (side === undefined) return disk === undefined || disk === 'directory';
  return typeof disk === 'object' && disk.mode === side.mode && disk.oid === side.oid;
}
