import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The file extensions a plugin may have, in the order an extension-less path or an `index` is probed. */
export const PLUGIN_EXTENSIONS: readonly string[] = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/**
 * Resolves a `plugins` entry of the config to an absolute file: a path relative to `root` (a file, a path
 * without extension, or a folder with an `index` file), else a package name resolved from `root`.
 * Never fails: an entry that resolves to nothing comes back as the path it names, and loading reports it.
 */
export async function resolvePluginPath(options: { root: string; specifier: string }): Promise<string> {
  const candidate = path.resolve(options.root, options.specifier);
  const kind = await entryKind(candidate);
  if (kind === 'file') return candidate;
  if (kind === 'directory') return (await findIndexFile(candidate)) ?? candidate;
  if (path.extname(candidate) === '') {
    for (const extension of PLUGIN_EXTENSIONS) {
      if ((await entryKind(candidate + extension)) === 'file') return candidate + extension;
    }
  }
  if (!options.specifier.startsWith('.') && !path.isAbsolute(options.specifier)) {
    try {
      return createRequire(path.join(options.root, 'package.json')).resolve(options.specifier);
    } catch {
      // Not a package either: report the path the user most likely meant.
    }
  }
  return candidate;
}

/** `<directory>/index.{ts,mts,cts,js,mjs,cjs}`, the first that exists. */
export async function findIndexFile(directory: string): Promise<string | undefined> {
  for (const extension of PLUGIN_EXTENSIONS) {
    const file = path.join(directory, `index${extension}`);
    if ((await entryKind(file)) === 'file') return file;
  }
  return undefined;
}

/** Follows symlinks. */
export async function entryKind(file: string): Promise<'file' | 'directory' | 'missing' | 'other'> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
  } catch {
    return 'missing';
  }
}
