import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PLUGIN_DIR, type CodevConfig } from '../config/config-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { isPlugin } from './define-plugin.ts';
import { entryKind, findIndexFile, PLUGIN_EXTENSIONS, resolvePluginPath } from './resolve-plugin-path.ts';
import type { PluginDiscovery, PluginSource } from './types.ts';

/**
 * Lists the plugins to load, in load order:
 * 1. the config's `plugins` entries, in order (paths resolved against `root`; inline plugins as they are);
 * 2. for each `pluginDirs` folder (relative to `root`), sorted by name: its top-level `*.ts, *.mts, *.cts, *.js,
 *    *.mjs, *.cjs` files and its `<name>/index.{ts,mts,cts,js,mjs,cjs}` folders, skipping `*.test.*`, `*.spec.*`,
 *    `*.d.ts`, dotfiles and `node_modules`.
 *
 * A file listed twice is loaded once, at its first position. A missing file is not checked here (loading
 * reports it). A missing default `plugins/` folder is fine; a missing configured folder is an error value.
 */
export async function discoverPlugins(options: { root: string; config: CodevConfig; configFile?: string }): Promise<PluginDiscovery> {
  return discoveryOf(await listPlugins(options));
}

/** What discovery read from disk, kept so that the next discovery can be updated from file events instead. */
export interface PluginListing {
  readonly root: string;
  readonly config: CodevConfig;
  readonly configFile?: string;
  /** The config's `plugins` entries, resolved. */
  readonly entries: readonly PluginSource[];
  /** Each `pluginDirs` folder (absolute): its plugin files in load order, or why it cannot be read. */
  readonly folders: readonly { readonly directory: string; readonly listed: FolderListing }[];
}

/** A plugin folder's plugin files in load order, or why the folder cannot be read. */
type FolderListing = readonly string[] | { readonly missing: boolean; readonly problem: string };

/** A watcher event on a plugin path (chokidar's names: `add`, `change`, `unlink`, `addDir`, `unlinkDir`). */
export interface PluginPathEvent {
  readonly event: string;
  /** Absolute. */
  readonly file: string;
}

/** Reads the config's plugin entries and the plugin folders. */
export async function listPlugins(options: { root: string; config: CodevConfig; configFile?: string }): Promise<PluginListing> {
  const entries: PluginSource[] = [];
  for (const entry of options.config.plugins) {
    if (isPlugin(entry)) entries.push({ kind: 'inline', plugin: entry, file: options.configFile });
    else entries.push({ kind: 'file', file: await resolvePluginPath({ root: options.root, specifier: entry }) });
  }
  const folders: { directory: string; listed: FolderListing }[] = [];
  for (const directory of options.config.pluginDirs) {
    const absolute = path.resolve(options.root, directory);
    folders.push({ directory: absolute, listed: await listPluginDirectory(absolute) });
  }
  return { root: options.root, config: options.config, configFile: options.configFile, entries, folders };
}

/** The sources (duplicates dropped) and folder errors of a listing. */
export function discoveryOf(listing: PluginListing): PluginDiscovery {
  const sources: PluginSource[] = [...listing.entries];
  const errors: CodevError[] = [];
  for (const [index, { listed }] of listing.folders.entries()) {
    const directory = listing.config.pluginDirs[index]!;
    if (isFileList(listed)) listed.forEach((file) => sources.push({ kind: 'file', file }));
    else if (!(listed.missing && isDefaultDirectory(directory))) errors.push(directoryError({ directory, index, problem: listed.problem, configFile: listing.configFile }));
  }
  return { sources: withoutDuplicateFiles(sources), errors };
}

/**
 * The listing after a burst of watcher events, without reading the disk: a `change` never alters it, and
 * an `add` or `unlink` of a top-level plugin file inserts it at its sorted place or drops it. Undefined
 * when the events cannot be applied that way and the folders must be listed again: a folder added or
 * removed, a folder plugin's `index` file, a path a config `plugins` entry may resolve to, a folder that
 * could not be read, or an event it does not know.
 */
export function updatePluginListing(listing: PluginListing, events: readonly PluginPathEvent[]): PluginListing | undefined {
  const candidates = listing.config.plugins.flatMap((entry) => (isPlugin(entry) ? [] : [path.resolve(listing.root, entry)]));
  const folders = listing.folders.map((folder): { directory: string; listed: FolderListing } => ({ ...folder }));
  for (const { event, file } of events) {
    if (event === 'change') continue;
    if (event !== 'add' && event !== 'unlink') return undefined;
    if (/^index\.[cm]?[jt]s$/.test(path.basename(file))) return undefined;
    if (candidates.some((candidate) => file === candidate || file.startsWith(candidate + '.') || file.startsWith(candidate + path.sep))) return undefined;
    const name = path.basename(file);
    if (isIgnored(name) || !PLUGIN_EXTENSIONS.includes(path.extname(name))) continue;
    for (const folder of folders) {
      if (path.dirname(file) !== folder.directory) continue;
      if (!isFileList(folder.listed)) return undefined;
      const without = folder.listed.filter((listed) => listed !== file);
      if (event === 'unlink') {
        folder.listed = without;
        continue;
      }
      const at = without.findIndex((listed) => compareNames(entryName(folder.directory, listed), name) > 0);
      folder.listed = at === -1 ? [...without, file] : [...without.slice(0, at), file, ...without.slice(at)];
    }
  }
  return { ...listing, folders };
}

function isFileList(listed: FolderListing): listed is readonly string[] {
  return Array.isArray(listed);
}

/** The name of a listed file's entry in its folder: `<name>.ts`, or `<name>` for `<name>/index.ts`. */
function entryName(directory: string, file: string): string {
  return file.slice(directory.length + 1).split(path.sep)[0]!;
}

/** The plugin files of one folder, sorted by entry name, or why the folder cannot be read. */
async function listPluginDirectory(directory: string): Promise<FolderListing> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return { missing: true, problem: `Plugin folder not found: ${directory}` };
    if (code === 'ENOTDIR') return { missing: false, problem: `Plugin folder is a file, not a folder: ${directory}` };
    return { missing: false, problem: `Cannot read plugin folder ${directory}: ${errorMessage(error)}` };
  }
  const files: string[] = [];
  for (const name of names.sort(compareNames)) {
    if (isIgnored(name)) continue;
    const entry = path.join(directory, name);
    const kind = await entryKind(entry);
    if (kind === 'file' && PLUGIN_EXTENSIONS.includes(path.extname(name))) files.push(entry);
    if (kind === 'directory') {
      const index = await findIndexFile(entry);
      if (index) files.push(index);
    }
  }
  return files;
}

function isIgnored(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || /\.(test|spec)\.[^.]+$/.test(name) || /\.d\.[cm]?ts$/.test(name);
}

/** Code-unit order, so the load order is the same on every machine and locale. */
function compareNames(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function isDefaultDirectory(directory: string): boolean {
  return path.normalize(directory).replace(/[\\/]+$/, '') === DEFAULT_PLUGIN_DIR;
}

function directoryError(options: { directory: string; index: number; problem: string; configFile?: string }): CodevError {
  return new CodevError('PLUGIN_LOAD_FAILED', options.problem, {
    file: options.configFile,
    field: `pluginDirs[${options.index}]`,
    hint: `create the folder "${options.directory}" or remove it from pluginDirs`,
  });
}

function withoutDuplicateFiles(sources: PluginSource[]): PluginSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    if (source.kind !== 'file') return true;
    if (seen.has(source.file)) return false;
    seen.add(source.file);
    return true;
  });
}
