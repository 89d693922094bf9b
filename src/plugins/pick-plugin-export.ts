import { CodevError } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import { isPermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isTool } from '../tool/build-tool.ts';
import { isPlugin } from './define-plugin.ts';

/** The export that is the plugin, and how to name it in messages (`default export`, `export "echoTool"`). */
export interface PickedExport {
  value: unknown;
  label: string;
}

/** What a plugin file must export, for hints. */
export const PLUGIN_EXPORT_HINT =
  'export default definePlugin({ name, tools, hooks, rules }), or a single buildTool(...), defineHook(...) or definePermissionRule(...)';

/**
 * Picks the export of a plugin module that is the plugin: a CommonJS module's `module.exports` when it is a
 * contribution, the default export when there is one, else the
 * only named export made by definePlugin, buildTool, defineHook or definePermissionRule (or an array of
 * those). Bare functions count only as a default export, so exported helpers are never mistaken for rules.
 * Throws `PLUGIN_INVALID` naming what was found.
 */
export function pickPluginExport(options: { module: unknown; file: string }): PickedExport {
  // A CommonJS plugin (`module.exports = buildTool(...)`) loads as the value itself, not as a namespace.
  if (isContribution(options.module)) return { value: options.module, label: 'module.exports' };
  const module = (typeof options.module === 'object' && options.module !== null ? options.module : { default: options.module }) as Record<string, unknown>;
  if (Object.hasOwn(module, 'default')) return { value: module.default, label: 'default export' };
  const names = Object.keys(module);
  const qualifying = names.filter((name) => isContribution(module[name]));
  if (qualifying.length === 1) return { value: module[qualifying[0]!], label: `export "${qualifying[0]}"` };
  const message =
    qualifying.length > 1
      ? `Plugin file has no default export and ${qualifying.length} exports that could be the plugin (${qualifying.join(', ')})`
      : names.length === 0
        ? 'Plugin file exports nothing'
        : `Plugin file has no default export, and none of its exports (${names.join(', ')}) is a plugin, tool, hook or rule set`;
  throw new CodevError('PLUGIN_INVALID', message, {
    file: options.file,
    plugin: options.file,
    hint: qualifying.length > 1 ? `export default definePlugin({ name, tools: [...] }) that lists them` : PLUGIN_EXPORT_HINT,
  });
}

function isContribution(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isContribution);
  return isPlugin(value) || isTool(value) || isToolHook(value) || isPermissionRuleSet(value);
}
