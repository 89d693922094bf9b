import path from 'node:path';

/**
 * True when `child` is `parent` or below it, compared by whole path segments, never by string prefix:
 * `/p-evil` is not inside `/p`, and `/p/..evil` (a folder whose name starts with two dots) is.
 */
export function isPathInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}
