import { lstatSync, type Stats } from 'node:fs';

/**
 * What is at `target` (a symlink as itself), or undefined when nothing is: missing, or a path that runs
 * through a file (`notes.txt/x`, where `lstat` fails with ENOTDIR, which `throwIfNoEntry` does not cover).
 * Never throws. Synchronous, for the few checks made before a process starts.
 */
export function lstatIfPresent(target: string): Stats | undefined {
  try {
    return lstatSync(target, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
