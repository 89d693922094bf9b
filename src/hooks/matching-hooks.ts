import type { ToolHook, ToolHookEvent } from './types.ts';

const NONE: readonly ToolHook[] = Object.freeze([]);

/**
 * Per hook list, per event and tool name, the hooks that take the tool, in registration order. A list is
 * never changed in place (a hot reload makes a new generation with a new list), so its identity is the
 * cache's key and a reload starts a fresh cache; the old one goes with its list.
 */
const cache = new WeakMap<readonly ToolHook[], Record<ToolHookEvent, Map<string, readonly ToolHook[]>>>();

/**
 * The hooks of `event` whose matcher takes `toolName`, in registration order (an empty list when none).
 * Each matcher runs once per tool name and list: a call pays for two lookups, however many hooks there are.
 */
export function matchingHooks(hooks: readonly ToolHook[], event: ToolHookEvent, toolName: string): readonly ToolHook[] {
  if (hooks.length === 0) return NONE;
  let byEvent = cache.get(hooks);
  if (byEvent === undefined) {
    byEvent = { PreToolUse: new Map(), PostToolUse: new Map(), PostToolUseFailure: new Map() };
    cache.set(hooks, byEvent);
  }
  const byName = byEvent[event];
  let matched = byName.get(toolName);
  if (matched === undefined) {
    const found = hooks.filter((hook) => hook.event === event && hook.matches(toolName));
    matched = found.length === 0 ? NONE : found;
    byName.set(toolName, matched);
  }
  return matched;
}
