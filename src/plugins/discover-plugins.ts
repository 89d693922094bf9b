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
 * 2. for each `pluginDirs` folder (relative to `root`), sorted by name: its top-level `*.ts, *.mts, *.js,
 *    *.mjs` files and its `<name>/index.{ts,mts,js,mjs}` folders, skipping `*.test.*`, `*.spec.*`,
 *    `*.d.ts`, dotfiles and `node_modules`.
 *
 * A file listed twice is loaded once, at its first position. A missing file is not checked here (loading
 * reports it). A missing default `plugins/` folder is fine; a missing configured folder is an error value.
 */
export async function discoverPlugins(options: { root: string; config: CodevConfig; configFile?: string }): Promise<PluginDiscovery> {
  const sources: PluginSource[] = [];
  const errors: CodevError[] = [];
  for (const entry of options.config.plugins) {
    if (isPlugin(entry)) sources.push({ kind: 'inline', plugin: entry, file: options.configFile });
    else sources.push({ kind: 'file', file: await resolvePluginPath({ root: options.root, specifier: entry }) });
  }
  for (const [index, directory] of options.config.pluginDirs.entries()) {
    const listed = await listPluginDirectory(path.resolve(options.root, directory));
    if (Array.isArray(listed)) listed.forEach((file) => sources.push({ kind: 'file', file }));
    else if (!(listed.missing && isDefaultDirectory(directory))) errors.push(directoryError({ directory, index, problem: listed.problem, configFile: options.configFile }));
  }
  return { sources: withoutDuplicateFiles(sources), errors };
}

/** The plugin files of one folder, sorted by entry name, or why the folder cannot be read. */
async function listPluginDirectory(directory: string): Promise<string[] | { missing: boolean; problem: string }> {
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
