import type { Tool } from '../../src/index.ts';

const byName = (a: Tool, b: Tool) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The least a pool needs: built-ins sorted, the rest sorted, first of each name kept. */
export function sortAndDedupe(builtins: readonly Tool[], others: readonly Tool[]): Tool[] {
  const seen = new Set<string>();
  const pool: Tool[] = [];
  for (const tool of [...[...builtins].sort(byName), ...[...others].sort(byName)]) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    pool.push(tool);
  }
  return pool;
}

/**
 * A hand-written deny filter for the benchmark's blanket rules (`mcp__server` and trailing-`*` globs become
 * prefixes, anything else an exact name), then {@link sortAndDedupe}. What codev does, minus rule parsing,
 * the general glob matcher, legacy names and `isEnabled`.
 */
export function prefixFilterPool(builtins: readonly Tool[], others: readonly Tool[], denyNames: readonly string[]): Tool[] {
  const prefixes = denyNames.filter((name) => name.endsWith('*') || name.split('__').length === 2).map((name) => (name.endsWith('*') ? name.slice(0, -1) : `${name}__`));
  const exact = new Set(denyNames.filter((name) => !name.endsWith('*')));
  const allowed = (tool: Tool) => !exact.has(tool.name) && !prefixes.some((prefix) => tool.name.startsWith(prefix));
  return sortAndDedupe(builtins.filter(allowed), others.filter(allowed));
}
