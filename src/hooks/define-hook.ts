import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { compileHookMatcher } from './hook-matcher.ts';
import { HOOK_EVENTS, type HookEvent, type ToolHook, type ToolHookDefinition } from './types.ts';

/** The timeout of a hook that does not set one, in milliseconds. */
export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;

const HOOK_MARKER = Symbol.for('codev.hook');

/**
 * Defines an in-process hook of a tool event or PermissionRequest (the matcher tests tool names), a
 * subagent event (it tests agent types) or a top-level agent event: SessionStart (it tests the source),
 * UserPromptSubmit or Stop (no matcher: one is ignored). Throws `HOOK_INVALID` for an unknown event, a
 * matcher that is not a valid regular expression, a missing handler or a bad timeout.
 *
 * @example
 * export default defineHook({
 *   event: 'PreToolUse',
 *   matcher: 'Bash',
 *   handler: ({ toolInput }) => (String(toolInput.command).includes('sudo') ? { decision: 'deny', reason: 'no sudo' } : undefined),
 * });
 */
export function defineHook<Event extends HookEvent>(definition: ToolHookDefinition<Event>): ToolHook<Event> {
  if (typeof definition !== 'object' || definition === null) {
    throw new CodevError('HOOK_INVALID', 'defineHook() expects an object', { hint: 'pass { event, matcher, handler }' });
  }
  if (!HOOK_EVENTS.includes(definition.event)) {
    throw new CodevError('HOOK_INVALID', `Unknown hook event "${String(definition.event)}"`, {
      field: 'event',
      hint: `use one of ${HOOK_EVENTS.join(', ')}`,
    });
  }
  if (typeof definition.handler !== 'function') {
    throw new CodevError('HOOK_INVALID', 'A hook needs a handler function', { field: 'handler', hint: 'add handler(input) { ... }' });
  }
  const timeout = definition.timeout ?? DEFAULT_HOOK_TIMEOUT_MS;
  if (typeof timeout !== 'number' || !(timeout > 0)) {
    throw new CodevError('HOOK_INVALID', 'A hook timeout must be a positive number of milliseconds', { field: 'timeout', hint: 'use e.g. timeout: 5000' });
  }
  const { protectedFiles } = definition;
  if (protectedFiles !== undefined && (!Array.isArray(protectedFiles) || !protectedFiles.every((file) => typeof file === 'string' && path.isAbsolute(file)))) {
    throw new CodevError('HOOK_INVALID', 'A hook\'s protectedFiles must be a list of absolute paths', { field: 'protectedFiles', hint: 'use e.g. protectedFiles: [path.join(import.meta.dirname, "policy.json")]' });
  }
  if (definition.matcher !== undefined && typeof definition.matcher !== 'string') {
    throw new CodevError('HOOK_INVALID', 'A hook matcher must be a string', { field: 'matcher', hint: 'use e.g. matcher: "Bash|Edit"' });
  }
  let matches: (name: string) => boolean;
  try {
    matches = compileHookMatcher(definition.matcher);
  } catch (error) {
    throw new CodevError('HOOK_INVALID', `Hook matcher "${definition.matcher}" is not a valid regular expression`, {
      field: 'matcher',
      hint: 'use names separated by "|" or a valid regular expression',
      cause: error,
    });
  }
  const hook: ToolHook<Event> = {
    event: definition.event,
    matcher: definition.matcher ?? '*',
    handler: definition.handler,
    timeout,
    name: definition.name ?? `${definition.event}(${definition.matcher ?? '*'})`,
    protectedFiles: Object.freeze([...(definition.protectedFiles ?? [])]),
    matches,
  };
  Object.defineProperty(hook, HOOK_MARKER, { value: true });
  return Object.freeze(hook);
}

/** True for a hook made by `defineHook` (from any copy of codev). */
export function isToolHook(value: unknown): value is ToolHook {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[HOOK_MARKER] === true;
}

/** A copy of a hook with a new name (loaders name hooks after their plugin). */
export function renameHook<Event extends HookEvent>(hook: ToolHook<Event>, name: string): ToolHook<Event> {
  const renamed = { ...hook, name };
  Object.defineProperty(renamed, HOOK_MARKER, { value: true });
  return Object.freeze(renamed);
}
