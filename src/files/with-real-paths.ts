import { realpath } from 'node:fs/promises';
import path from 'node:path';

/**
 * Each path, made absolute, and after them the real paths of those that exist: every name a folder may be
 * reached by, for a check on real paths (the project may sit below a symlink, as /tmp does on macOS).
 */
export async function withRealPaths(paths: readonly string[]): Promise<string[]> {
  const real = await Promise.all(paths.map((entry) => realpath(entry).catch(() => undefined)));
  return [...new Set([...paths.map((entry) => path.resolve(entry)), ...real.filter((entry): entry is string => entry !== undefined)])];
}
