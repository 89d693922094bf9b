import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { PluginImporter } from '../plugins/create-plugin-importer.ts';
import { loadPlugin } from '../plugins/load-plugin.ts';
import { entryKind } from '../plugins/resolve-plugin-path.ts';
import type { LoadedPlugin, PluginLogger, PluginSource } from '../plugins/types.ts';

/** One discovered plugin source and the version of it in use. */
export interface PluginSlot {
  /** The source's file, or `inline:<name>` (with `#<n>` for a repeated name). */
  readonly id: string;
  readonly source: PluginSource;
  /** The version in use: the one just loaded, else the last good one when loading failed. */
  readonly plugin?: LoadedPlugin;
  /** Why the latest load failed, while it still fails. */
  readonly error?: CodevError;
}

/** The slots in discovery order, the plugins loaded by this call, and the loads that failed. */
export interface LoadPluginSlotsResult {
  slots: PluginSlot[];
  /** Newly loaded plugins: whoever abandons the result must dispose them. */
  loaded: LoadedPlugin[];
  /** How many sources were (re)loaded, whether or not they succeeded. */
  attempted: number;
}

/**
 * Loads the sources that need it and reuses the previous slot of the others, all in parallel and each on
 * its own, so one broken plugin never takes the others down. A source that fails to load keeps its last
 * good version (and carries the error), unless its file is gone: a deleted plugin loses its contributions.
 */
export async function loadPluginSlots(options: {
  sources: readonly PluginSource[];
  previous: readonly PluginSlot[];
  /** True for a source whose previous slot is stale (its file changed, or everything is reloaded). */
  needsLoad: (source: PluginSource) => boolean;
  cwd: string;
  importer: PluginImporter;
  logger?: PluginLogger;
}): Promise<LoadPluginSlotsResult> {
  const previous = new Map(options.previous.map((slot) => [slot.id, slot]));
  const ids = slotIds(options.sources);
  const loaded: LoadedPlugin[] = [];
  let attempted = 0;
  const slots = await Promise.all(
    options.sources.map(async (source, index): Promise<PluginSlot> => {
      const id = ids[index]!;
      const before = previous.get(id);
      if (before && !options.needsLoad(source)) return before;
      attempted += 1;
      try {
        const plugin = await loadPlugin({ source, cwd: options.cwd, importer: options.importer, logger: options.logger });
        loaded.push(plugin);
        return { id, source, plugin };
      } catch (reason) {
        const error = asCodevError(reason, source);
        const keep = before?.plugin && (source.kind === 'inline' || (await entryKind(source.file)) === 'file');
        return keep ? { id, source, plugin: before.plugin, error } : { id, source, error };
      }
    }),
  );
  return { slots, loaded, attempted };
}

function slotIds(sources: readonly PluginSource[]): string[] {
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const base = source.kind === 'file' ? source.file : `inline:${source.plugin.name}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}#${count}`;
  });
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
