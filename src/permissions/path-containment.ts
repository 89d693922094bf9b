import { isPathInside } from '../files/is-path-inside.ts';

/** True when the path lies in one of the working directories. */
export function isInWorkingDirectories(target: string, directories: readonly string[]): boolean {
  return directories.some((directory) => isPathInside(target, directory));
}
