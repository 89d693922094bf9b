import path from 'node:path';

/**
 * True when `child` is `parent` or below it, compared by whole path segments, never by string prefix:
 * `/p-evil` is not inside `/p`, and `/p/..evil` (a folder whose name starts with two dots) is.
 */
export function isPathInside(child: string, parent: string): boolean {
  const relative = path.relative(path.resolve(parent), path.resolve(child));
  return relative === '' || (!path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}

/**
 * {@link isPathInside} for paths already absolute and normalized (no `.`, `..` or trailing slash): a
 * string comparison, for the hot paths that check one path against many.
 */
export function isNormalizedPathInside(child: string, parent: string): boolean {
  if (child === parent || parent === '/') return true;
  return child.length > parent.length && child.charCodeAt(parent.length) === 47 && child.startsWith(parent);
}
