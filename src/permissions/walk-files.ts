import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Entries a permission check looks at, at most, below one folder (README: "20,000 entries at most"). */
export const MAX_WALK_ENTRIES = 20_000;

/**
 * Walks the files and folders below `root` (symlinks not followed, at most `limit` entries) until `visit`
 * returns `'stop'` (the walk ends), `'skip'` (not into this folder) or nothing (go on). Resolves
 * `'truncated'` when the limit cut the walk short.
 */
export async function walkFiles(root: string, options: { limit: number; visit: (file: string, isDirectory: boolean) => 'stop' | 'skip' | void }): Promise<'done' | 'stopped' | 'truncated'> {
  const pending = [root];
  let seen = 0;
  while (pending.length > 0) {
    const directory = pending.pop()!;
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > options.limit) return 'truncated';
      const file = path.posix.join(directory, entry.name);
      const answer = options.visit(file, entry.isDirectory());
      if (answer === 'stop') return 'stopped';
      if (answer !== 'skip' && entry.isDirectory()) pending.push(file);
    }
  }
  return 'done';
}
