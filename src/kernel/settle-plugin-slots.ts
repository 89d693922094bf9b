import { CodevError } from '../errors/codev-error.ts';
import type { LoadedPlugin } from '../plugins/types.ts';
import type { Tool } from '../tool/types.ts';
import type { PluginSlot } from './load-plugin-slots.ts';
import { duplicateToolError } from '../plugins/duplicate-tool-error.ts';

/** A plugin in use and the tools it may contribute (its own minus names an earlier plugin took). */
export interface PluginEntry {
  /** The loaded plugin itself: it owns the disposers and the call tracking. */
  readonly plugin: LoadedPlugin;
  readonly tools: readonly Tool[];
}

/**
 * The plugins of the slots, in order, and the slots' errors in the same order. A tool name already
 * contributed by an earlier plugin is skipped in the later one and reported as `PLUGIN_INVALID` naming
 * both files (as `loadPlugins` does).
 */
export function settlePluginSlots(slots: readonly PluginSlot[]): { entries: PluginEntry[]; errors: CodevError[] } {
  const entries: PluginEntry[] = [];
  const errors: CodevError[] = [];
  const owners = new Map<string, LoadedPlugin>();
  for (const slot of slots) {
    if (slot.error) errors.push(slot.error);
    const plugin = slot.plugin;
    if (!plugin) continue;
    const tools: Tool[] = [];
    for (const tool of plugin.tools) {
      const owner = owners.get(tool.name);
      if (owner) {
        errors.push(duplicateToolError({ toolName: tool.name, first: owner, later: plugin }));
        continue;
      }
      owners.set(tool.name, plugin);
      tools.push(tool);
    }
    entries.push({ plugin, tools });
  }
  return { entries, errors };
}
