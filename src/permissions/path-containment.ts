import path from 'node:path';

/** True when `child` is `parent` or below it, compared by whole path segments (never by string prefix). */
export function isPathInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}

/** True when the path lies in one of the working directories. */
export function isInWorkingDirectories(target: string, directories: readonly string[]): boolean {
  return directories.some((directory) => isPathInside(target, directory));
}
