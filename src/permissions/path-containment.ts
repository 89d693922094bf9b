import path from 'node:path';
import { isNormalizedPathInside } from '../files/is-path-inside.ts';

/** True when the path lies in one of the working directories (compared by whole segments). */
export function isInWorkingDirectories(target: string, directories: readonly string[]): boolean {
  const normalized = normalize(target);
  return directories.some((directory) => isNormalizedPathInside(normalized, normalize(directory)));
}

/** Absolute and normalized already (the usual case) costs one test, not a `path.resolve`. */
function normalize(target: string): string {
  return target.startsWith('/') && !/\/\.{0,2}(?:\/|$)|\/\/|.\/$/.test(target) ? target : path.resolve(target);
}
