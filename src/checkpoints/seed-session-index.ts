import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { copyFile, lstat, readdir, rename, rm, utimes } from 'node:fs/promises';
import path from 'node:path';

/** Larger than any index of a root under `maxFiles` (git's index takes about 100 bytes a file). */
const MAX_SEED_BYTES = 256 * 1024 * 1024;

/**
 * Starts a session's index for a root from the newest index another session of the store has for that root
 * (same file name: one per root), so that a new session (every `codev run` without `--resume`) looks only at
 * what changed since, by stat data, instead of hashing every file again. The index is copied whole (git
 * replaces an index by a rename, so a copy is never half of one). Returns true when the session's index was
 * seeded; the caller records from the files when the seed proves unusable.
 */
export async function seedSessionIndex(options: { indexes: string; sessionId: string; index: string }): Promise<boolean> {
  const name = path.basename(options.index);
  const sessions = await readdir(options.indexes).catch(() => [] as string[]);
  let newest: { file: string; stats: Stats } | undefined;
  for (const session of sessions) {
    if (session === options.sessionId) continue;
    // Only a real folder and a real file of the store, of an index's size: a link planted there leads elsewhere.
    if (!(await lstat(path.join(options.indexes, session)).catch(() => undefined))?.isDirectory()) continue;
    const file = path.join(options.indexes, session, name);
    const found = await lstat(file).catch(() => undefined);
    if (found?.isFile() && found.size <= MAX_SEED_BYTES && (newest === undefined || found.mtimeMs > newest.stats.mtimeMs)) newest = { file, stats: found };
  }
  if (newest === undefined) return false;
  const temporary = `${options.index}.${randomBytes(6).toString('hex')}.seed`;
  try {
    await copyFile(newest.file, temporary);
    // Its time kept: git judges an entry changed in the second its index was written (racily clean) by that time.
    await utimes(temporary, newest.stats.atime, newest.stats.mtime);
    await rename(temporary, options.index);
    return true;
  } catch {
    await rm(temporary, { force: true });
    return false;
  }
}
