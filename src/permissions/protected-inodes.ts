import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { inodeKey } from './denied-inodes.ts';
import { RC_FILES, type ProtectedPlace } from './protected-paths.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';

/** Folders of git's that hold data, not code or settings: content-addressed objects (often hard-linked by a local clone), reflogs. */
const DATA_FOLDERS = new Set(['objects', 'lfs', 'logs']);

/** The protected files with more than one name on one device, by inode, or `complete: false` when the walk was cut short. */
export interface ProtectedInodes {
  /** Inode → the protected name. */
  inodes: ReadonlyMap<string, string>;
  complete: boolean;
}

/**
 * The files with more than one name (st_nlink > 1) that are protected places or lie in one (see
 * protectedPlacesOf), plus the shell and git rc files of the home and working directories, on device `dev`
 * when given (a hard link never crosses devices): another name of one of them is a way to change it that the protected
 * path check cannot see. The folders are walked (git's object store skipped), 20,000 entries at most.
 */
export async function protectedInodes(options: { places: readonly ProtectedPlace[]; home: string; workingDirectories: readonly string[]; dev?: number }): Promise<ProtectedInodes> {
  const inodes = new Map<string, string>();
  let budget = MAX_WALK_ENTRIES;
  let complete = true;
  const onDevice = (stats: { dev: number }) => options.dev === undefined || stats.dev === options.dev;
  const look = async (file: string) => {
    const stats = await lstat(file).catch(() => undefined);
    if (stats?.isFile() && stats.nlink > 1 && onDevice(stats)) inodes.set(inodeKey(stats), file);
    return stats;
  };
  const rcFiles = [options.home, ...options.workingDirectories].flatMap((directory) => RC_FILES.map((name) => path.join(directory, name)));
  for (const file of rcFiles) await look(file);
  for (const place of options.places) {
    const stats = await look(place.path);
    if (!stats?.isDirectory() || !onDevice(stats)) continue;
    const files: string[] = [];
    const walked = await walkFiles(place.path, {
      limit: budget,
      visit: (entry, isDirectory) => {
        if (isDirectory) return DATA_FOLDERS.has(path.basename(entry)) && entry.includes(`${path.sep}.git${path.sep}`) ? 'skip' : undefined;
        files.push(entry);
      },
    });
    budget -= files.length;
    if (walked === 'truncated' || budget <= 0) complete = false;
    for (const file of files) await look(file);
    if (!complete) break;
  }
  return { inodes, complete };
}
