import path from 'node:path';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';

const GLOB_CHARS = /[*?[\]{}()!+@]/;

/**
 * The directory to search and the pattern relative to it. An absolute pattern (`/repo/src/**\/*.ts`) is
 * split at its first segment with a glob character: the literal head becomes the root (any `path` is then
 * ignored) and the rest the pattern. A leading `./` is dropped.
 */
export function resolveGlob(input: { pattern: string; path?: string }, cwd: string): { root: string; pattern: string } {
  const pattern = input.pattern.replace(/\\/g, '/');
  if (path.posix.isAbsolute(pattern)) {
    const segments = pattern.split('/');
    const firstGlob = segments.findIndex((segment) => GLOB_CHARS.test(segment));
    if (firstGlob === -1) {
      const file = resolveToolPath({ path: pattern, cwd });
      return { root: path.posix.dirname(file), pattern: path.posix.basename(file) };
    }
    return { root: resolveToolPath({ path: segments.slice(0, firstGlob).join('/') || '/', cwd }), pattern: segments.slice(firstGlob).join('/') };
  }
  // `link/..` is resolved through the link, as the kernel (and the permission check) does.
  const root = input.path ? resolveToolPath({ path: input.path, cwd }) : cwd;
  return { root, pattern: pattern.replace(/^(\.\/)+/, '') };
}
