import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isIgnored, parseIgnoreFile, type IgnoreFile } from './gitignore.ts';

/** Version-control directories never searched or listed (they are not ignored by .gitignore). */
export const VCS_DIRECTORIES: readonly string[] = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'];

/** The ignore files read in every directory, lowest precedence first (ripgrep's order). */
const IGNORE_FILES = ['.gitignore', '.ignore', '.rgignore'];

/**
 * The pure-Node file walk used when no ripgrep binary works. Lists regular files below `root` (hidden ones
 * included, VCS directories excluded, symlinks not followed, as `rg --files --hidden` does) and applies the
 * `.gitignore`/`.ignore`/`.rgignore` files found in `root` and in every directory below it.
 * It does NOT read ignore files above `root`, `.git/info/exclude` or the global git excludes file.
 * Yields paths relative to `root`, `/`-separated, in directory order. Stops after `deadline` (ms epoch).
 */
export async function* walkFiles(options: { root: string; signal?: AbortSignal; deadline?: number }): AsyncGenerator<string> {
  const { root, signal, deadline } = options;
  const stack: { relative: string; ignores: readonly IgnoreFile[] }[] = [{ relative: '', ignores: [] }];
  while (stack.length > 0) {
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('The search was aborted');
    if (deadline !== undefined && Date.now() > deadline) throw new Error('The search timed out');
    const { relative, ignores } = stack.pop()!;
    const absolute = relative === '' ? root : path.join(root, relative);
    let entries;
    try {
      entries = await readdir(absolute, { withFileTypes: true });
    } catch {
      continue; // unreadable directory: skipped, as ripgrep does (it prints a warning)
    }
    const own: IgnoreFile[] = [];
    for (const name of IGNORE_FILES) {
      if (!entries.some((entry) => entry.name === name && entry.isFile())) continue;
      try {
        own.push(parseIgnoreFile(await readFile(path.join(absolute, name), 'utf8'), relative));
      } catch {
        // unreadable ignore file: nothing to apply
      }
    }
    const active = own.length > 0 ? [...ignores, ...own] : ignores;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const directories: string[] = [];
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (VCS_DIRECTORIES.includes(entry.name) || isIgnored(active, child, true)) continue;
        directories.push(child);
      } else if (entry.isFile()) {
        if (!isIgnored(active, child, false)) yield child;
      }
      // symlinks, sockets, fifos: not listed (ripgrep without --follow skips them)
    }
    for (let index = directories.length - 1; index >= 0; index--) stack.push({ relative: directories[index]!, ignores: active });
  }
}
