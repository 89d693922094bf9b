import { randomUUID } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import { loadConfig } from '../config/load-config.ts';
import type { CodevConfig } from '../config/config-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { ToolHook } from '../hooks/types.ts';
import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { defaultLocalSettingsFile, readLocalSettings, type LocalSettings } from '../permissions/local-settings.ts';
import type { PermissionMode, ToolPermissionContext } from '../permissions/types.ts';
import { createPluginImporter } from '../plugins/create-plugin-importer.ts';
import { loadPlugins } from '../plugins/load-plugins.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import { assembleToolPool } from '../registry/assemble-tool-pool.ts';
import type { RegistryOptions } from '../registry/get-tools.ts';
import { withToolSource } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { lintRules } from '../permissions/lint-rules.ts';
import { failedSourceGuard } from './failed-source-guard.ts';

/** Options of `createKernel`. */
export interface KernelOptions extends RegistryOptions {
  /** Where to look for `codev.config.ts` and `plugins/`. Default `process.cwd()`. */
  cwd?: string;
  /** Overrides the config's `permissions.mode`. */
  permissionMode?: PermissionMode;
  /** Extra rules from the command line (source `cliArg`). */
  allow?: readonly string[];
  deny?: readonly string[];
  ask?: readonly string[];
  /** Tools added by the caller (e.g. MCP tools), composed after the built-ins like plugin tools. */
  extraTools?: readonly Tool[];
}

/** A loaded project: its config, plugins, tool pool and permission context. */
export interface Kernel {
  readonly cwd: string;
  /** The directory the config lives in (or the project root). */
  readonly root: string;
  readonly config: CodevConfig;
  readonly configFile?: string;
  readonly plugins: readonly LoadedPlugin[];
  /** Everything that failed to load, as values: the kernel still works without it. */
  readonly errors: readonly CodevError[];
  /** Rules that will not do what they say (see `lintRules`). */
  readonly warnings: readonly string[];
  /** The assembled pool: built-ins sorted, then plugin and extra tools sorted. */
  readonly tools: readonly Tool[];
  readonly hooks: readonly ToolHook[];
  readonly ruleSets: readonly PermissionRuleSet[];
  readonly permissionContext: ToolPermissionContext;
  /** A fresh context for a session of tool calls. */
  createToolUseContext(options?: { signal?: AbortSignal; sessionDirectory?: string }): ToolUseContext;
  /** Disposes every plugin. */
  close(): Promise<void>;
}

/**
 * Loads a project: the config (cosmiconfig + jiti), the local settings (`.codev/settings.local.json`),
 * the plugins, and composes them with the built-in tools into one registry. Nothing that fails to load
 * stops the kernel: it is reported in `errors`, and when it may have carried rules, every call asks.
 */
export async function createKernel(options: KernelOptions = {}): Promise<Kernel> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const errors: CodevError[] = [];
  const jiti = createPluginImporter();
  const { config, file: configFile, root } = await loadConfig({ cwd, jiti });
  const settingsFile = defaultLocalSettingsFile(root);
  const unloaded: string[] = [];
  let settings: LocalSettings = {};
  try {
    settings = await readLocalSettings(settingsFile);
  } catch (error) {
    errors.push(CodevError.isInstance(error) ? error : new CodevError('SETTINGS_CORRUPT', errorMessage(error), { file: settingsFile }));
    unloaded.push(settingsFile);
  }
  const loaded = await loadPlugins({ root, config, cwd, configFile, jiti });
  errors.push(...loaded.errors);
  unloaded.push(...loaded.errors.filter((error) => error.code === 'PLUGIN_LOAD_FAILED' || error.code === 'PLUGIN_INVALID').map((error) => error.file ?? error.plugin ?? 'a plugin'));
  const plugins = loaded.plugins;
  const pluginRuleSets = plugins.flatMap((plugin) => plugin.ruleSets);
  const guard = failedSourceGuard([...new Set(unloaded)]);
  const ruleSets = guard ? [guard, ...pluginRuleSets] : pluginRuleSets;
  const permissionContext: ToolPermissionContext = Object.freeze({
    mode: options.permissionMode ?? config.permissions?.mode ?? 'default',
    alwaysAllowRules: { project: config.permissions?.allow ?? [], local: settings.permissions?.allow ?? [], cliArg: options.allow ?? [], plugin: pluginRuleSets.flatMap((set) => set.allow) },
    alwaysDenyRules: { project: config.permissions?.deny ?? [], local: settings.permissions?.deny ?? [], cliArg: options.deny ?? [], plugin: pluginRuleSets.flatMap((set) => set.deny) },
    alwaysAskRules: { project: config.permissions?.ask ?? [], local: settings.permissions?.ask ?? [], cliArg: options.ask ?? [], plugin: pluginRuleSets.flatMap((set) => set.ask) },
    additionalWorkingDirectories: (config.permissions?.additionalDirectories ?? []).map((directory) => path.resolve(root, directory)),
  });
  const pluginTools = plugins.flatMap((plugin) => plugin.tools.map((tool) => withToolSource(tool, plugin.toolSources.get(tool.name) ?? { type: 'plugin', file: plugin.file ?? plugin.id, plugin: plugin.name })));
  const tools = assembleToolPool(permissionContext, [...pluginTools, ...(options.extraTools ?? [])], options);
  const hooks = [...(config.hooks ?? []), ...plugins.flatMap((plugin) => plugin.hooks)];
  const pluginDirectories = (config.pluginDirs ?? ['plugins']).map((directory) => path.resolve(root, directory));
  const sessionId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  return {
    cwd,
    root,
    config,
    configFile,
    plugins,
    errors,
    warnings: lintRules(permissionContext),
    tools,
    hooks,
    ruleSets,
    permissionContext,
    createToolUseContext: (contextOptions = {}) => ({
      cwd,
      signal: contextOptions.signal ?? new AbortController().signal,
      permissionContext,
      tools,
      sessionDirectory: contextOptions.sessionDirectory ?? path.join(root, '.codev', 'sessions', sessionId),
      hooks,
      ruleSets,
      localSettingsFile: settingsFile,
      homeDirectory: os.homedir(),
      projectRoot: root,
      pluginDirectories,
    }),
    close: async () => {
      await Promise.all(plugins.map((plugin) => plugin.dispose()));
    },
  };
}
