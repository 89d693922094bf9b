import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** An entry on disk that the watcher does not know. */
export interface MissedEntry {
  path: string;
  entry: 'file' | 'directory';
}

/**
 * The entries below `directory` (itself excluded) that exist on disk but that the watcher does not know,
 * and, below each missed folder, everything in it. chokidar reads a new folder before it starts watching
 * it, so what is created inside in between (`mkdir -p .codev/skills/x`, then the file) is never reported;
 * comparing the folder with chokidar's `getWatched()` once it is watched finds those entries.
 *
 * Only folders the watcher reads are compared (`reads`: chokidar's `depth` stops reading deeper ones), and
 * only entries that matter (`ignored` false). A folder that vanished meanwhile has nothing missed.
 */
export async function findMissedEntries(options: {
  directory: string;
  /** The watcher's view: folder → the names it knows in it (chokidar's `getWatched()`). */
  known: Readonly<Record<string, readonly string[]>>;
  ignored: (file: string) => boolean;
  /** Whether the watcher reads this folder (so it should know its entries). */
  reads: (directory: string) => boolean;
}): Promise<MissedEntry[]> {
  const missed: MissedEntry[] = [];
  async function compare(directory: string, everything: boolean): Promise<void> {
    if (!everything && !options.reads(directory)) return;
    const known = new Set(options.known[directory] ?? []);
    for (const entry of await listDirectory(directory)) {
      const file = path.join(directory, entry.name);
      if (options.ignored(file)) continue;
      const isMissed = everything || !known.has(entry.name);
      const kind = entry.isDirectory() ? 'directory' : 'file';
      if (isMissed) missed.push({ path: file, entry: kind });
      if (kind === 'directory') await compare(file, isMissed);
    }
  }
  await compare(options.directory, false);
  return missed;
}

async function listDirectory(directory: string) {
  try {
    return await readdir(directory, { withFileTypes: true });
  } catch {
    return [];
  }
}
