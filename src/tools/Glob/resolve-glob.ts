import path from 'node:path';

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
    if (firstGlob === -1) return { root: path.posix.dirname(path.posix.normalize(pattern)), pattern: path.posix.basename(pattern) };
    return { root: path.posix.normalize(segments.slice(0, firstGlob).join('/') || '/'), pattern: segments.slice(firstGlob).join('/') };
  }
  const root = input.path ? path.resolve(cwd, input.path) : cwd;
  return { root, pattern: pattern.replace(/^(\.\/)+/, '') };
}
