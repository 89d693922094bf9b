import path from 'node:path';
import type { PluginImporter } from '../plugins/create-plugin-importer.ts';
import { loadConfig, type LoadedConfig } from '../config/load-config.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { defaultLocalSettingsFile, readLocalSettings, type LocalSettings } from '../permissions/local-settings.ts';
import type { UnloadedSource } from '../permissions/types.ts';
import { discoveryOf, listPlugins, updatePluginListing, type PluginListing, type PluginPathEvent } from '../plugins/discover-plugins.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import type { Tool } from '../tool/types.ts';
import { buildGeneration } from './build-generation.ts';
import { loadPluginSlots, type PluginSlot } from './load-plugin-slots.ts';
import { settlePluginSlots } from './settle-plugin-slots.ts';
import type { Generation, KernelOptions } from './types.ts';

/** The live generation and what it was made from, kept to build the next one incrementally. */
export interface KernelState {
  readonly generation: Generation;
  readonly slots: readonly PluginSlot[];
  /** The last good local settings (undefined if they never loaded) and why the latest read failed. */
  readonly settings: { readonly value?: LocalSettings; readonly error?: CodevError };
  /** The MCP tools the generation was built with. */
  readonly mcpTools?: readonly Tool[];
  /** What loading the config warned about, kept for reloads that do not load it again. */
  readonly configWarnings?: readonly string[];
  /** What plugin discovery read from disk, updated from the watcher's events by the next reload. */
  readonly listing?: PluginListing;
  /** The watcher burst the listing is up to date with (undefined after a reload that came from elsewhere). */
  readonly listedThrough?: number;
}

/** Brings the MCP servers in line with a loaded config; never rejects. */
export type SyncMcp = (loaded: LoadedConfig, options: { retryFailed: boolean }) => Promise<{ tools: readonly Tool[]; errors: readonly CodevError[] }>;

/** What to reload. */
export interface Changes {
  /** The config, the settings and every plugin. */
  full: boolean;
  config: boolean;
  settings: boolean;
  /** Changed files and folders (absolute) in plugin folders, or listed plugin files. */
  paths: ReadonlySet<string>;
  /** The number of the watcher burst these changes come from (absent when merged or not from the watcher). */
  burst?: number;
  /**
   * The watcher's events on those paths, in order, when it saw them all: discovery then updates the last
   * listing instead of reading the plugin folders again, if that listing is up to date with the burst before.
   * Otherwise (absent, a burst missed or merged, a failed reload) discovery lists the folders again.
   */
  pluginEvents?: readonly PluginPathEvent[];
}

/** The outcome of one attempt; `loaded` are the plugins it imported, which the caller now owns. */
export type Attempt =
  | { status: 'built'; state: KernelState; errors: CodevError[]; loaded: LoadedPlugin[] }
  | { status: 'unchanged' }
  | { status: 'failed'; errors: CodevError[] };

/**
 * Builds the generation after `previous` (the first one when there is none):
 * 1. the config, when it changed (a failure here keeps `previous` whole: `failed`; with no previous it throws);
 * 2. the local settings, when they (or the root) changed; a failed read keeps the last good ones;
 * 3. plugin discovery (a new or deleted file shows up here): the last listing updated from the watcher's
 *    events when they say enough (`pluginEvents`, the config unchanged), else the folders listed again;
 * 4. the plugins whose files changed (inline ones when the config did); the others keep their slot, and a
 *    plugin that fails keeps its last good version; meanwhile the MCP servers sync with the config (`mcp`);
 * 5. the generation itself (`unchanged` when nothing above changed, the MCP tools included).
 * Nothing of `previous` is disposed here (an attempt that throws disposes only the plugins it loaded).
 * `errors` lists the problems this attempt found, not the ones carried over.
 */
export async function nextGeneration(options: {
  previous?: KernelState;
  changes: Changes;
  cwd: string;
  importer: PluginImporter;
  kernelOptions: KernelOptions;
  mcp?: SyncMcp;
}): Promise<Attempt> {
  const { previous, changes } = options;
  const reloadConfig = !previous || changes.full || changes.config;
  let loaded: LoadedConfig;
  if (reloadConfig) {
    try {
      loaded = await loadConfig({ cwd: options.cwd, importer: options.importer });
    } catch (error) {
      if (!previous || !CodevError.isInstance(error)) throw error;
      return { status: 'failed', errors: [error] };
    }
  } else {
    loaded = { config: previous.generation.config, file: previous.generation.configFile, root: previous.generation.root, warnings: previous.configWarnings ? [...previous.configWarnings] : undefined };
  }
  const mcpSync = options.mcp?.(loaded, { retryFailed: reloadConfig });
  const localSettingsFile = defaultLocalSettingsFile(loaded.root);
  const rereadSettings = !previous || changes.full || changes.settings || localSettingsFile !== previous.generation.localSettingsFile;
  const settings = rereadSettings ? await readSettings(localSettingsFile, previous?.generation.localSettingsFile === localSettingsFile ? previous.settings : undefined) : previous.settings;
  const followsListing = !reloadConfig && previous.listing && changes.pluginEvents && changes.burst !== undefined && previous.listedThrough === changes.burst - 1;
  const updated = followsListing && previous.listing && changes.pluginEvents ? updatePluginListing(previous.listing, changes.pluginEvents) : undefined;
  const listing = updated ?? (await listPlugins({ root: loaded.root, config: loaded.config, configFile: loaded.file }));
  const discovery = discoveryOf(listing);
  const pluginDirectories = loaded.config.pluginDirs.map((directory) => path.resolve(loaded.root, directory));
  const plugins = await loadPluginSlots({
    sources: discovery.sources,
    previous: previous?.slots ?? [],
    needsLoad: (source) => changes.full || (source.kind === 'inline' ? reloadConfig : touches({ file: source.file, paths: changes.paths, pluginDirectories })),
    cwd: options.cwd,
    importer: options.importer,
  });
  const mcp = await mcpSync;
  const mcpTools = mcp?.tools ?? [];
  if (previous && !reloadConfig && !rereadSettings && plugins.attempted === 0 && sameSlots(previous.slots, plugins.slots) && sameItems(previous.mcpTools ?? [], mcpTools) && sameItems(mcpErrorsOf(previous.generation).map(errorKey), (mcp?.errors ?? []).map(errorKey))) return { status: 'unchanged' };
  try {
    const settled = settlePluginSlots(plugins.slots);
    const errors = [...(settings.error ? [settings.error] : []), ...discovery.errors, ...settled.errors, ...(mcp?.errors ?? [])];
    const kept = new Set(plugins.slots.filter((slot) => slot.plugin && slot.error).map((slot) => slot.error));
    const unloaded: UnloadedSource[] = [
      ...(settings.value ? [] : [{ kind: 'settings' as const, file: localSettingsFile, hint: settings.error?.hint }]),
      ...errors
        .filter((error) => !kept.has(error) && (error.code === 'PLUGIN_LOAD_FAILED' || error.code === 'PLUGIN_INVALID'))
        .map((error) => ({ kind: 'plugin' as const, file: error.file ?? error.plugin ?? 'a plugin', hint: error.hint })),
    ];
    const generation = buildGeneration({
      number: (previous?.generation.number ?? 0) + 1,
      config: loaded.config,
      configFile: loaded.file,
      root: loaded.root,
      localSettingsFile,
      settings: settings.value ?? {},
      plugins: settled.entries,
      mcpTools,
      errors,
      configWarnings: loaded.warnings,
      unloaded,
      options: options.kernelOptions,
    });
    const carried = new Set(previous?.generation.errors ?? []);
    return { status: 'built', state: { generation, slots: plugins.slots, settings, mcpTools, configWarnings: loaded.warnings, listing, listedThrough: changes.burst }, errors: errors.filter((error) => !carried.has(error)), loaded: plugins.loaded };
  } catch (error) {
    await Promise.all(plugins.loaded.map((plugin) => plugin.dispose()));
    throw error;
  }
}

async function readSettings(file: string, previous: KernelState['settings'] | undefined): Promise<KernelState['settings']> {
  try {
    return { value: await readLocalSettings(file) };
  } catch (error) {
    const reported = CodevError.isInstance(error) ? error : new CodevError('SETTINGS_CORRUPT', errorMessage(error), { file, cause: error });
    return { value: previous?.value, error: reported };
  }
}

/** A plugin file is stale when it changed, or (for a `<dir>/<name>/index.ts` plugin) anything in its folder did. */
function touches(options: { file: string; paths: ReadonlySet<string>; pluginDirectories: readonly string[] }): boolean {
  if (options.paths.has(options.file)) return true;
  const folder = path.dirname(options.file);
  if (!/^index\.[cm]?[jt]s$/.test(path.basename(options.file)) || options.pluginDirectories.includes(folder)) return false;
  const prefix = folder + path.sep;
  for (const changed of options.paths) if (changed === folder || changed.startsWith(prefix)) return true;
  return false;
}

function sameItems<T>(before: readonly T[], after: readonly T[]): boolean {
  return before.length === after.length && before.every((item, index) => item === after[index]);
}

/** The MCP errors (`MCP_SERVER_FAILED`, a bad `.mcp.json`) of a generation, in order. */
function mcpErrorsOf(generation: Generation): readonly CodevError[] {
  return generation.errors.filter((error) => error.code === 'MCP_SERVER_FAILED' || (error.code === 'CONFIG_INVALID' && error.file?.endsWith('.mcp.json')));
}

const errorKey = (error: CodevError) => `${error.code}:${error.file ?? ''}:${error.message}`;

function sameSlots(before: readonly PluginSlot[], after: readonly PluginSlot[]): boolean {
  return before.length === after.length && before.every((slot, index) => slot === after[index]);
}
