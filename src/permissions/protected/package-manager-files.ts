import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';

/** Files each package manager loads as code whenever it runs, relative to the project (`.npmrc` and `.yarnrc.yml` are protected by name). */
const LOADED: Record<string, readonly string[]> = {
  yarn: ['.pnp.cjs', '.pnp.loader.mjs'],
  pnpm: ['.pnpmfile.cjs'],
  bun: ['bunfig.toml'],
};
/** The names of {@link packageManagerFilesOf}'s per-project files, which the managers look up by name. */
export const PACKAGE_MANAGER_FILE_NAMES: readonly string[] = Object.values(LOADED).flat();

/** `yarnPath: …` and a plugin's `path: …` in `.yarnrc.yml`. */
const YARN_PATHS = /^[ \t-]*(?:yarnPath|path):[ \t]*["']?([^"'\n#]+?)["']?[ \t]*$/gm;

/**
 * The files a package manager named in a command line loads as code, absolute, existing or not: for yarn,
 * `.pnp.cjs` and `.pnp.loader.mjs` (Plug'n'Play loads them into every script) and the release and plugins
 * each `.yarnrc.yml` from `baseDirectory` up names (yarn runs them on every command); for pnpm
 * `.pnpmfile.cjs`; for bun `bunfig.toml` (its preload scripts). The per-project files are those of
 * `baseDirectory` and of each folder above it that has a package.json (a workspace's root).
 */
export function packageManagerFilesOf(words: readonly string[], baseDirectory: string): string[] {
  const managers = [...new Set(words.map((word) => path.basename(word.replace(/["']/g, ''))).filter((word) => word in LOADED))];
  if (managers.length === 0) return [];
  const folders = foldersAbove(baseDirectory);
  const projects = folders.filter((folder, index) => index === 0 || lstatIfPresent(path.join(folder, 'package.json')));
  const files = managers.flatMap((manager) => projects.flatMap((project) => LOADED[manager]!.map((name) => path.join(project, name))));
  if (managers.includes('yarn')) files.push(...folders.flatMap((folder) => yarnPathsIn(path.join(folder, '.yarnrc.yml'))));
  return files;
}

function foldersAbove(directory: string): string[] {
  const folders: string[] = [];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    folders.push(current);
    if (path.dirname(current) === current) return folders;
  }
}

function yarnPathsIn(file: string): string[] {
  if (!lstatIfPresent(file)?.isFile()) return [];
  try {
    return [...readFileSync(file, 'utf8').matchAll(YARN_PATHS)].map((match) => path.resolve(path.dirname(file), match[1]!));
  } catch {
    return [];
  }
}
