import { inodeKey, type DeniedInodes } from './denied-inodes.ts';

/**
 * The hard-link part of every Read decision on an opened file: the name a Read deny rule covers of which
 * the file with `stats` is another name (`notes.txt` linked to `.env` is `.env`), or undefined. A file with
 * one name is its own only name, which the path rules already judged, so `deniedInodes` (a walk of the
 * disk) is asked only for a file with several.
 */
export async function readDeniedNameOf(options: { stats: { dev: number; ino: number; nlink: number }; deniedInodes: () => Promise<DeniedInodes> }): Promise<string | undefined> {
  if (options.stats.nlink < 2) return undefined;
  return (await options.deniedInodes()).read.get(inodeKey(options.stats));
}
