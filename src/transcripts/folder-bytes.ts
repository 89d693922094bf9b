import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** A folder's walk stops after this many entries: the count is for a message, and must not take long. */
const MAX_ENTRIES = 100_000;

/**
 * The bytes of the regular files in `folder` and below (links are counted as themselves, never followed);
 * 0 when there is no such folder. What cannot be read is left out.
 */
export async function folderBytes(folder: string): Promise<number> {
  let bytes = 0;
  let seen = 0;
  const pending = [folder];
  while (pending.length > 0 && seen < MAX_ENTRIES) {
    const current = pending.pop()!;
    const stats = await lstat(current).catch(() => undefined);
    seen++;
    if (!stats) continue;
    if (stats.isFile()) bytes += stats.size;
    if (!stats.isDirectory()) continue;
    const names = await readdir(current).catch(() => [] as string[]);
    for (const name of names) pending.push(path.join(current, name));
  }
  return bytes;
}
