import type { Stats } from 'node:fs';
import path from 'node:path';
import { blobIdOfPath } from './git-blob-id.ts';
import type { LargeFile } from './types.ts';

/** Blob ids of large files by path and stat data, so an unchanged large file is hashed once per store opening. */
export type LargeFileCache = Map<string, { size: number; mtimeMs: number; ino: number; oid: string }>;

/** A large file's record (hash and size), from the cache when its size, mtime and inode are unchanged. */
export async function hashLargeFile(options: { root: string; path: string; stat: Stats; cache: LargeFileCache }): Promise<LargeFile> {
  const { stat } = options;
  const key = path.join(options.root, options.path);
  const mode = (stat.mode & 0o100) !== 0 ? '100755' : '100644';
  const cached = options.cache.get(key);
  if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs && cached.ino === stat.ino) {
    return { path: options.path, size: stat.size, oid: cached.oid, mode };
  }
  const oid = await blobIdOfPath(key, stat);
  options.cache.set(key, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, oid });
  return { path: options.path, size: stat.size, oid, mode };
}
