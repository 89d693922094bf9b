import path from 'node:path';
import type { CodevConfig } from '../config/config-schema.ts';
import type { CodevError } from '../errors/codev-error.ts';
import { toToolHooks } from '../hooks/command/to-tool-hooks.ts';
import type { LocalSettings } from '../permissions/local-settings.ts';
import { lintRules } from '../permissions/lint-rules.ts';
import type { ToolPermissionContext, UnloadedSource } from '../permissions/types.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import { assembleToolPool } from '../registry/assemble-tool-pool.ts';
import { callTrackerOf } from './call-tracker.ts';
import { checkGenerationRules } from './check-generation-rules.ts';
import { failedSourceGuard } from './failed-source-guard.ts';
import type { PluginEntry } from './settle-plugin-slots.ts';
import type { Tool } from '../tool/types.ts';
import type { Generation, KernelOptions } from './types.ts';

/** Everything a generation is made of, already loaded. */
export interface GenerationInputs {
  number: number;
  config: CodevConfig;
  configFile?: string;
  root: string;
  localSettingsFile: string;
  settings: LocalSettings;
  plugins: readonly PluginEntry[];
  /** The tools of the connected MCP servers. */
  mcpTools?: readonly Tool[];
  errors: readonly CodevError[];
  /** What loading the config had to say (see `LoadedConfig.warnings`). */
  configWarnings?: readonly string[];
  /** Sources whose rules are unknown (they never loaded): every call asks while there are any. */
  unloaded: readonly UnloadedSource[];
  options: KernelOptions;
}

/**
 * Composes one registry generation: the permission context (config rules as `project`, local settings as
 * `local`, command-line rules as `cliArg`, plugin rule strings as `plugin`), the tool pool (built-ins,
 * then plugin, MCP and extra tools, deny-filtered and sorted), the hooks (config first, command entries made
 * into hooks run in `root`, then plugins in load order) and the rule sets (the failed-source guard first); every rule's
 * tool name is checked against the complete registry (`checkGenerationRules`). No I/O; the result is frozen.
 *
 * Plugin tools come out with their `source` set and their calls counted per plugin, so a plugin retired by
 * a reload is disposed only after its running calls end. An unchanged plugin yields the same tool objects.
 */
export function buildGeneration(inputs: GenerationInputs): Generation {
  const { config, settings, options, root } = inputs;
  const plugins = inputs.plugins.map(pluginView);
  const pluginRuleSets = plugins.flatMap((plugin) => plugin.ruleSets);
  const guard = failedSourceGuard(inputs.unloaded.filter((source, index) => inputs.unloaded.findIndex((other) => other.file === source.file) === index));
  const permissionContext: ToolPermissionContext = Object.freeze({
    mode: options.permissionMode ?? config.permissions?.mode ?? 'default',
    alwaysAllowRules: { project: config.permissions?.allow ?? [], local: settings.permissions?.allow ?? [], cliArg: options.allow ?? [], plugin: pluginRuleSets.flatMap((set) => set.allow) },
    alwaysDenyRules: { project: config.permissions?.deny ?? [], local: settings.permissions?.deny ?? [], cliArg: options.deny ?? [], plugin: pluginRuleSets.flatMap((set) => set.deny) },
    alwaysAskRules: { project: config.permissions?.ask ?? [], local: settings.permissions?.ask ?? [], cliArg: options.ask ?? [], plugin: pluginRuleSets.flatMap((set) => set.ask) },
    additionalWorkingDirectories: (config.permissions?.additionalDirectories ?? []).map((directory) => path.resolve(root, directory)),
  });
  const pluginTools = inputs.plugins.flatMap(({ plugin, tools }) =>
    tools.map((tool) => callTrackerOf(plugin).track(tool, plugin.toolSources.get(tool.name) ?? { type: 'plugin', file: plugin.file ?? plugin.id, plugin: plugin.name })),
  );
  const extraTools = [...pluginTools, ...(inputs.mcpTools ?? []), ...(options.extraTools ?? [])];
  // Checked against every tool there is, before deny rules filter the pool.
  const ruleProblems = checkGenerationRules({ config, configFile: inputs.configFile, settings, localSettingsFile: inputs.localSettingsFile, commandLine: options, plugins, tools: [...(options.baseTools ?? []), ...extraTools] });
  return Object.freeze({
    number: inputs.number,
    config,
    configFile: inputs.configFile,
    root,
    plugins: Object.freeze(plugins),
    tools: Object.freeze(assembleToolPool(permissionContext, extraTools, options)),
    hooks: Object.freeze([...toToolHooks(config.hooks ?? [], { projectDir: root, environment: config.environment }), ...plugins.flatMap((plugin) => plugin.hooks)]),
    ruleSets: Object.freeze(guard ? [guard, ...pluginRuleSets] : pluginRuleSets),
    permissionContext,
    errors: Object.freeze([...inputs.errors, ...ruleProblems.errors]),
    warnings: Object.freeze([...(inputs.configWarnings ?? []), ...lintRules(permissionContext), ...ruleProblems.warnings]),
    localSettingsFile: inputs.localSettingsFile,
    pluginDirectories: Object.freeze((config.pluginDirs ?? ['plugins']).map((directory) => path.resolve(root, directory))),
    pluginFiles: Object.freeze(inputs.plugins.flatMap(({ plugin }) => (plugin.file ? [plugin.file] : []))),
  });
}

/** The plugin as listed in the generation: itself, or a copy without the tools another plugin took. */
function pluginView({ plugin, tools }: PluginEntry): LoadedPlugin {
  if (tools.length === plugin.tools.length) return plugin;
  const kept = new Set(tools.map((tool) => tool.name));
  return { ...plugin, tools: [...tools], toolSources: new Map([...plugin.toolSources].filter(([name]) => kept.has(name))) };
}
