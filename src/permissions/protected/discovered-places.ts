import { readdirSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE_NAMES } from '../../files/codev-files.ts';
import { isNormalizedPathInside } from '../../files/is-path-inside.ts';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import { gitPlacesOf, type GitPlace } from './git-places.ts';
import { importedPlacesOf } from './imported-places.ts';
import { linkedPlacesOf } from './linked-places.ts';
import { CODE_EXTENSIONS } from './module-specifiers.ts';
import { realPathOf } from './real-path-of.ts';
import { pythonImportedFilesOf } from './python-imports.ts';
import { sourcedFilesOf } from './sourced-files.ts';

/** What {@link discoveredPlacesOf} looks at: where code that runs outside the sandbox is loaded from. */
export interface DiscoverySources {
  workingDirectories: readonly string[];
  configDirectories: readonly string[];
  pluginDirectories: readonly string[];
  /** Plugin files, hook scripts, MCP server scripts: code whose imports are followed. */
  entryFiles: readonly string[];
}

const MAX_PLUGIN_FILES = 200;

/**
 * The protected places found on disk rather than named by the config: git's real places for each working
 * directory (see `gitPlacesOf`), and what the code codev loads imports (see `importedPlacesOf`) — the
 * config file found in the config directories, every code file in the plugin folders (two levels deep),
 * and the given entry files (plugin files, hook and MCP server scripts), the files shell scripts among
 * those entries source (see `sourcedFilesOf`) and the local modules python scripts import (see
 * `pythonImportedFilesOf`). Each with the place it reaches
 * through links (see `linkedPlacesOf`). A package is listed by its path
 * and its real path (pnpm links them); a package linked to a folder holding a working directory (a project
 * importing itself by name) is left out, or the whole project would be protected.
 */
export function discoveredPlacesOf(sources: DiscoverySources): GitPlace[] {
  const configFiles = sources.configDirectories.flatMap((directory) => CONFIG_FILE_NAMES.map((name) => path.join(directory, name))).filter((file) => lstatIfPresent(file) !== undefined);
  const pluginFiles = sources.pluginDirectories.flatMap((directory) => codeFilesIn(directory, 2)).slice(0, MAX_PLUGIN_FILES);
  // An entry reached through a link (`node_modules/.bin/eslint`) is parsed as what it leads to.
  const entries = sources.entryFiles.map(realPathOf);
  const imported = importedPlacesOf([...configFiles, ...pluginFiles, ...entries]);
  const working = sources.workingDirectories.flatMap((directory) => [path.resolve(directory), realPathOf(directory)]);
  const named: GitPlace[] = [
    ...sources.workingDirectories.flatMap((directory) => gitPlacesOf(directory)),
    ...imported.files.map((file) => ({ path: file, why: 'imported by code codev loads (the config, a plugin, a hook or MCP server script)', file: true })),
    ...sourcedFilesOf(entries).map((file) => ({ path: file, why: 'sourced by a shell script a hook or MCP server runs', file: true })),
    ...pythonImportedFilesOf(entries).map((file) => ({ path: file, why: 'imported by a python script a hook or MCP server runs', file: true })),
  ];
  return [
    ...named,
    ...linkedPlacesOf(named, { entries: false }),
    // A package linked to a folder holding a working directory (a project importing itself by name) would
    // protect the whole project: its files are the project's own, protected where the graph reaches them.
    ...imported.packages.flatMap((folder) => {
      const real = realPathOf(folder);
      if (working.some((directory) => isNormalizedPathInside(directory, real))) return [];
      return [...new Set([folder, real])].map((place) => ({ path: place, why: 'a package imported by code codev loads (the config, a plugin, a hook or MCP server script)' }));
    }),
  ];
}

function codeFilesIn(directory: string, depth: number): string[] {
  let entries;
  try {
    entries = readdirSync(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    if (entry.isDirectory()) return depth > 1 ? codeFilesIn(full, depth - 1) : [];
    return CODE_EXTENSIONS.includes(path.extname(entry.name)) ? [full] : [];
  });
}
