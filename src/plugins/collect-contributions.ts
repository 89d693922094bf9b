import { describeValue } from '../config/describe-value.ts';
import { CodevError } from '../errors/codev-error.ts';
import { isToolHook } from '../hooks/define-hook.ts';
import type { ToolHook } from '../hooks/types.ts';
import { definePermissionRule, isPermissionRuleSet, type PermissionRuleFunction, type PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { isTool } from '../tool/build-tool.ts';
import type { Tool } from '../tool/types.ts';
import { isPlugin, type Plugin } from './define-plugin.ts';
import { PLUGIN_EXPORT_HINT } from './pick-plugin-export.ts';

/** A plugin's setup function, with the name its context is tagged with. */
export interface PendingSetup {
  pluginName: string;
  setup: NonNullable<Plugin['setup']>;
}

/** Everything an export contributes, before setup runs and names are prefixed. */
export interface Contributions {
  name: string;
  tools: Tool[];
  hooks: ToolHook[];
  ruleSets: PermissionRuleSet[];
  setups: PendingSetup[];
}

/**
 * Normalizes a plugin export: a Plugin, a Tool, a ToolHook, a PermissionRuleSet, a bare rule function, or
 * an array of those. The name is the Plugin's own, else `fallbackName` (the file or folder name).
 * Throws `PLUGIN_INVALID` naming what was found, e.g. "default export is a number (42)".
 */
export function collectContributions(options: { value: unknown; label: string; fallbackName: string; file?: string }): Contributions {
  const { value, label, file } = options;
  const collected: Contributions = { name: isPlugin(value) ? value.name : options.fallbackName, tools: [], hooks: [], ruleSets: [], setups: [] };
  const items = Array.isArray(value) ? value : [value];
  items.forEach((item, index) => {
    const where = Array.isArray(value) ? `${label}[${index}]` : label;
    if (isPlugin(item)) {
      collected.tools.push(...item.tools);
      collected.hooks.push(...item.hooks);
      collected.ruleSets.push(...item.rules);
      if (item.setup) collected.setups.push({ pluginName: item.name, setup: item.setup });
    } else if (isTool(item)) collected.tools.push(item);
    else if (isToolHook(item)) collected.hooks.push(item);
    else if (isPermissionRuleSet(item)) collected.ruleSets.push(item);
    else if (typeof item === 'function') collected.ruleSets.push(ruleFunction(item as PermissionRuleFunction, where, file));
    else {
      throw new CodevError('PLUGIN_INVALID', `${capitalize(where)} is ${describeValue(item)}, not a plugin, tool, hook or rule set`, {
        file,
        plugin: file ?? collected.name,
        hint: PLUGIN_EXPORT_HINT,
      });
    }
  });
  return collected;
}

function ruleFunction(check: PermissionRuleFunction, where: string, file: string | undefined): PermissionRuleSet {
  try {
    return definePermissionRule(check);
  } catch (error) {
    throw new CodevError('PLUGIN_INVALID', `${capitalize(where)} is not a valid rule function`, { file, plugin: file, hint: PLUGIN_EXPORT_HINT, cause: error });
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
