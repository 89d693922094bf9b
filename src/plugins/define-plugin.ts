import { CodevError } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import type { ToolHook } from '../hooks/types.ts';
import { isPermissionRuleSet, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isTool } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';

/** What a plugin's `setup` receives: logging and disposal, already tagged with the plugin's name. */
export interface PluginContext {
  readonly pluginName: string;
  readonly cwd: string;
  log(message: string): void;
  warn(message: string): void;
  /** Runs when the plugin is unloaded (reload or shutdown). */
  onDispose(dispose: () => void | Promise<void>): void;
}

/** A plugin as written. */
export interface PluginDefinition {
  name: string;
  tools?: readonly Tool[];
  hooks?: readonly ToolHook[];
  rules?: readonly PermissionRuleSet[];
  /** Runs once per load. May return more tools, hooks and rules. */
  setup?(context: PluginContext): void | PluginContributions | Promise<void | PluginContributions>;
}

/** What `setup` may add. */
export interface PluginContributions {
  tools?: readonly Tool[];
  hooks?: readonly ToolHook[];
  rules?: readonly PermissionRuleSet[];
}

/** A normalized plugin, made by `definePlugin`. */
export interface Plugin {
  readonly name: string;
  readonly tools: readonly Tool[];
  readonly hooks: readonly ToolHook[];
  readonly rules: readonly PermissionRuleSet[];
  readonly setup?: PluginDefinition['setup'];
}

const PLUGIN_MARKER = Symbol.for('codev.plugin');

/**
 * Defines a plugin: a named bundle of tools (from `buildTool`), hooks (from `defineHook`) and rules
 * (from `definePermissionRule`). Throws `PLUGIN_INVALID` naming the bad entry.
 *
 * @example
 * export default definePlugin({ name: 'team', tools: [deployTool], hooks: [auditHook], rules: [noPush] });
 */
export function definePlugin(definition: PluginDefinition): Plugin {
  if (typeof definition !== 'object' || definition === null || typeof definition.name !== 'string' || definition.name === '') {
    throw new CodevError('PLUGIN_INVALID', 'A plugin needs a non-empty `name`', { field: 'name', hint: 'definePlugin({ name: "my-plugin", ... })' });
  }
  const plugin: Plugin = {
    name: definition.name,
    tools: checkList(definition.name, 'tools', definition.tools, isTool, 'buildTool(...)'),
    hooks: checkList(definition.name, 'hooks', definition.hooks, isToolHook, 'defineHook(...)'),
    rules: checkList(definition.name, 'rules', definition.rules, isPermissionRuleSet, 'definePermissionRule(...)'),
    setup: definition.setup,
  };
  if (plugin.setup !== undefined && typeof plugin.setup !== 'function') {
    throw new CodevError('PLUGIN_INVALID', `Plugin "${definition.name}": setup must be a function`, { plugin: definition.name, field: 'setup', hint: 'use setup(ctx) { ... }' });
  }
  Object.defineProperty(plugin, PLUGIN_MARKER, { value: true });
  return Object.freeze(plugin);
}

/** True for a plugin made by `definePlugin` (from any copy of codev). */
export function isPlugin(value: unknown): value is Plugin {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[PLUGIN_MARKER] === true;
}

function checkList<T>(plugin: string, field: string, items: readonly unknown[] | undefined, guard: (item: unknown) => item is T, maker: string): readonly T[] {
  if (items === undefined) return [];
  if (!Array.isArray(items)) {
    throw new CodevError('PLUGIN_INVALID', `Plugin "${plugin}": \`${field}\` must be an array`, { plugin, field, hint: `use ${field}: [${maker}]` });
  }
  items.forEach((item, index) => {
    if (!guard(item)) {
      throw new CodevError('PLUGIN_INVALID', `Plugin "${plugin}": ${field}[${index}] was not made with ${maker}`, {
        plugin,
        field: `${field}[${index}]`,
        hint: `wrap it in ${maker}`,
      });
    }
  });
  return Object.freeze([...(items as T[])]);
}
