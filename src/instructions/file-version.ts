import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';

/** What a missing (or unreachable) file's version is. */
export const MISSING_VERSION = '-';

/** What identifies a file's version: its inode, size, and modification and change times. */
export function fileVersion(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
}

/** The version of the file at `file` now (symlinks followed). */
export async function currentFileVersion(file: string): Promise<string> {
  try {
    return fileVersion(await stat(file));
  } catch {
    return MISSING_VERSION;
  }
}
