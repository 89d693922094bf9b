import type { CodevConfig } from '../config/config-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { createPluginImporter, type PluginImporter } from './create-plugin-importer.ts';
import { discoverPlugins } from './discover-plugins.ts';
import { loadPlugin } from './load-plugin.ts';
import type { LoadedPlugin, PluginLogger, PluginSource } from './types.ts';
import { duplicateToolError } from './duplicate-tool-error.ts';

/** Every plugin that loaded, in discovery order, and every problem as a value. */
export interface LoadPluginsResult {
  plugins: LoadedPlugin[];
  errors: CodevError[];
}

/**
 * Discovers and loads all plugins of a project. Each loads independently, so one broken plugin never takes
 * the others down; results keep discovery order (config `plugins` first, then `pluginDirs` files by name).
 * A tool name already contributed by an earlier plugin is skipped in the later one and reported as
 * `PLUGIN_INVALID` naming both files.
 */
export async function loadPlugins(options: {
  root: string;
  config: CodevConfig;
  cwd: string;
  configFile?: string;
  importer?: PluginImporter;
  logger?: PluginLogger;
}): Promise<LoadPluginsResult> {
  const discovery = await discoverPlugins({ root: options.root, config: options.config, configFile: options.configFile });
  // An importer made here ends its probe worker here; a caller's is the caller's to close.
  const own = options.importer ? undefined : createPluginImporter();
  const importer = options.importer ?? own!;
  const settled = await Promise.allSettled(
    discovery.sources.map((source) => loadPlugin({ source, cwd: options.cwd, importer, logger: options.logger })),
  );
  await own?.close();
  const errors = [...discovery.errors];
  const plugins: LoadedPlugin[] = [];
  const owners = new Map<string, LoadedPlugin>();
  settled.forEach((result, index) => {
    if (result.status === 'rejected') {
      errors.push(asCodevError(result.reason, discovery.sources[index]!));
      return;
    }
    const plugin = result.value;
    const duplicates = plugin.tools.filter((tool) => owners.has(tool.name));
    for (const tool of duplicates) errors.push(duplicateToolError({ toolName: tool.name, first: owners.get(tool.name)!, later: plugin }));
    plugin.tools.filter((tool) => !duplicates.includes(tool)).forEach((tool) => owners.set(tool.name, plugin));
    if (duplicates.length === 0) {
      plugins.push(plugin);
      return;
    }
    duplicates.forEach((tool) => plugin.toolSources.delete(tool.name));
    plugins.push({ ...plugin, tools: plugin.tools.filter((tool) => !duplicates.includes(tool)) });
  });
  return { plugins, errors };
}

/** loadPlugin only rejects with CodevErrors; this guards the contract for anything unexpected. */
function asCodevError(reason: unknown, source: PluginSource): CodevError {
  if (CodevError.isInstance(reason)) return reason;
  return new CodevError('PLUGIN_LOAD_FAILED', errorMessage(reason), {
    file: source.file,
    plugin: source.file ?? (source.kind === 'inline' ? source.plugin.name : undefined),
    cause: reason,
  });
}
