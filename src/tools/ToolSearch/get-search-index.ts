import type { Tool } from '../../tool/types.ts';
import { isDeferredTool } from '../../tool/is-deferred-tool.ts';
import { toSearchEntry, type SearchEntry } from './search-entry.ts';
import { createSearchIndex, type SearchIndex } from './search-index.ts';

/** The deferred tools of a pool, their search index, and the whole pool by name (for `select:`). */
export interface DeferredIndex {
  deferred: readonly Tool[];
  index: SearchIndex;
  /** Every tool of the pool by exact name, and by lower-case name; the first one in pool order. */
  byName: ReadonlyMap<string, Tool>;
  byLowerName: ReadonlyMap<string, Tool>;
}

// Tools are frozen and a pool array is never changed (a reload brings a new one), so neither goes stale.
const entries = new WeakMap<Tool, SearchEntry>();
const indexes = new WeakMap<readonly Tool[], Promise<DeferredIndex>>();

/** The search entry of one tool; its description is read once, then cached. */
export async function getSearchEntry(tool: Tool): Promise<SearchEntry> {
  let entry = entries.get(tool);
  if (!entry) {
    entry = toSearchEntry({ name: tool.name, searchHint: tool.searchHint, description: await tool.description() });
    entries.set(tool, entry);
  }
  return entry;
}

/**
 * The entries of `tools`, in order: the descriptions not read yet are read together, then every entry is made
 * at once (no async step per tool: over 10,000 tools those cost more than the entries).
 */
async function searchEntries(tools: readonly Tool[]): Promise<SearchEntry[]> {
  const unread = tools.filter((tool) => !entries.has(tool));
  const descriptions = await Promise.all(unread.map((tool) => tool.description()));
  for (let index = 0; index < unread.length; index++) {
    const tool = unread[index]!;
    entries.set(tool, toSearchEntry({ name: tool.name, searchHint: tool.searchHint, description: descriptions[index]! }));
  }
  return tools.map((tool) => entries.get(tool)!);
}

function firstByName(pool: readonly Tool[], keyOf: (tool: Tool) => string): Map<string, Tool> {
  const byKey = new Map<string, Tool>();
  for (const tool of pool) {
    const key = keyOf(tool);
    if (!byKey.has(key)) byKey.set(key, tool);
  }
  return byKey;
}

/** The deferred tools of `pool` (all but `exclude`) and their index, built once per pool array. */
export function getSearchIndex(pool: readonly Tool[], exclude: string): Promise<DeferredIndex> {
  let cached = indexes.get(pool);
  if (!cached) {
    cached = (async () => {
      const deferred = pool.filter((tool) => tool.name !== exclude && isDeferredTool(tool));
      const index = createSearchIndex(await searchEntries(deferred));
      // The name maps serve `select:` only: a keyword search never builds them.
      let byName: Map<string, Tool> | undefined;
      let byLowerName: Map<string, Tool> | undefined;
      return {
        deferred,
        index,
        get byName() {
          return (byName ??= firstByName(pool, (tool) => tool.name));
        },
        get byLowerName() {
          return (byLowerName ??= firstByName(pool, (tool) => tool.name.toLowerCase()));
        },
      };
    })();
    indexes.set(pool, cached);
    cached.catch(() => indexes.delete(pool));
  }
  return cached;
}
