import path from 'node:path';
import { CONFIG_SEARCH_PLACES } from '../config/load-config.ts';
import { MCP_JSON_FILE } from '../mcp/load-mcp-config.ts';
import { PLUGIN_EXTENSIONS } from '../plugins/resolve-plugin-path.ts';

/** What a file event means for the kernel. */
export type WatchedKind = 'config' | 'settings' | 'plugin';

/** What to watch, and how to read an event. */
export interface WatchPlan {
  /** The paths handed to the watcher (some may not exist yet). */
  readonly paths: readonly string[];
  /** What an event on `file` means, or undefined when it does not matter (an editor's temp file, a test). */
  classify(file: string, entry: 'file' | 'directory'): WatchedKind | undefined;
  /** For the watcher's `ignored`: true for what can never matter, so the walk skips it (no globs in chokidar 4). */
  ignored(file: string): boolean;
}

const CONFIG_NAMES = new Set(CONFIG_SEARCH_PLACES);
const SOURCE_FILE = /\.([cm]?[jt]sx?|json)$/;
/** How deep inside a plugin folder to look: `<dir>/<name>/<sub>/<file>`. */
const MAX_PLUGIN_DEPTH = 3;

/**
 * The watch plan of a project: the config names in every directory the config is searched in (so a
 * config being created is seen), the local settings file, each plugin folder (its plugin files, and
 * `<name>/` folder plugins with their own files) and each plugin file listed in the config.
 * Dotfiles, `node_modules`, tests and declaration files inside plugin folders never matter.
 */
export function createWatchPlan(options: {
  configDirectories: readonly string[];
  settingsFile: string;
  pluginDirectories: readonly string[];
  /** Every plugin file in use; those outside the plugin folders are watched on their own. */
  pluginFiles: readonly string[];
}): WatchPlan {
  const configDirectories = new Set(options.configDirectories);
  const pluginFiles = new Set(options.pluginFiles);
  const listed = options.pluginFiles.filter((file) => !options.pluginDirectories.some((directory) => segmentsInside(directory, file)));
  // A listed `index.ts` is a folder plugin: its folder counts like a `<dir>/<name>/` folder.
  const listedFolders = listed.filter(isIndexFile).map((file) => path.dirname(file));
  const roots = [...configDirectories, ...options.pluginDirectories, options.settingsFile, ...listed.filter((file) => !isIndexFile(file)), ...listedFolders];
  const targets = [options.settingsFile, ...options.pluginDirectories, ...listed, ...listedFolders];
  function classify(file: string, entry: 'file' | 'directory'): WatchedKind | undefined {
    if (file === options.settingsFile) return 'settings';
    // `.mcp.json` sits next to the config; a change re-syncs the MCP servers with the config.
    if (entry === 'file' && configDirectories.has(path.dirname(file)) && (CONFIG_NAMES.has(path.basename(file)) || path.basename(file) === MCP_JSON_FILE)) return 'config';
    if (pluginFiles.has(file)) return 'plugin';
    for (const folder of listedFolders) {
      const segments = segmentsInside(folder, file);
      if (segments && segments.length > 0 && matters(segments, entry, 'folder')) return 'plugin';
    }
    for (const directory of options.pluginDirectories) {
      const segments = segmentsInside(directory, file);
      if (segments && matters(segments, entry, 'plugins')) return 'plugin';
    }
    return undefined;
  }
  return {
    paths: [...new Set(roots)],
    classify,
    ignored(file) {
      if (roots.includes(file) || targets.some((target) => target.startsWith(file + path.sep))) return false;
      return classify(file, 'file') === undefined && classify(file, 'directory') === undefined;
    },
  };
}

/**
 * Inside a plugin folder (`plugins`): a top-level plugin file, a top-level folder, or a source file in a
 * folder plugin. Inside a listed folder plugin (`folder`): its source files and sub-folders.
 */
function matters(segments: readonly string[], entry: 'file' | 'directory', scope: 'plugins' | 'folder'): boolean {
  if (segments.length === 0) return entry === 'directory';
  if (segments.length > MAX_PLUGIN_DEPTH || segments.some((segment) => segment.startsWith('.') || segment === 'node_modules')) return false;
  const name = segments[segments.length - 1]!;
  if (/\.(test|spec)\.[^.]+$/.test(name) || /\.d\.[cm]?ts$/.test(name)) return false;
  if (entry === 'directory') return true;
  if (scope === 'plugins' && segments.length === 1) return PLUGIN_EXTENSIONS.includes(path.extname(name));
  return SOURCE_FILE.test(name);
}

/** The path segments of `file` below `directory` ([] for the directory itself), or undefined if outside. */
function segmentsInside(directory: string, file: string): string[] | undefined {
  if (file === directory) return [];
  if (!file.startsWith(directory + path.sep)) return undefined;
  return file.slice(directory.length + 1).split(path.sep);
}

function isIndexFile(file: string): boolean {
  return /^index\.[cm]?[jt]s$/.test(path.basename(file));
}

/** The directories the config is searched in: `cwd`, then up to and including `stopAt`. */
export function configSearchDirectories(cwd: string, stopAt: string): string[] {
  const directories = [cwd];
  let directory = cwd;
  while (directory !== stopAt && path.dirname(directory) !== directory) {
    directory = path.dirname(directory);
    directories.push(directory);
  }
  return directories;
}
