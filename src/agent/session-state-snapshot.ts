import type { ToolUseContext } from '../execution/types.ts';
import { addRulesToContext } from '../permissions/create-permission-context.ts';
import type { PermissionMode } from '../permissions/types.ts';
import { getSessionState } from '../session/get-session-state.ts';
import { MAIN_AGENT_ID } from '../tool/agent-id-of.ts';
import type { SessionStateSnapshot } from '../transcripts/types.ts';

const BEHAVIORS = ['allow', 'deny', 'ask'] as const;
const KEYS = { allow: 'alwaysAllowRules', deny: 'alwaysDenyRules', ask: 'alwaysAskRules' } as const;

/**
 * What a query leaves of its session besides messages: the mode, the rules given "for this session", the
 * loaded deferred tools, the top-level agent's task list.
 */
export function takeSessionSnapshot(context: ToolUseContext): SessionStateSnapshot {
  const permissions = context.permissionContext;
  const rules = (behavior: (typeof BEHAVIORS)[number]) => [...(permissions[KEYS[behavior]].session ?? [])];
  const state = getSessionState(context);
  const todos = state.todos.get(MAIN_AGENT_ID);
  return { mode: permissions.mode, sessionRules: { allow: rules('allow'), deny: rules('deny'), ask: rules('ask') }, loadedDeferredTools: [...state.loadedDeferredTools].sort(), ...(todos && { todos: [...todos] }) };
}

/**
 * Puts a resumed session's state back on the first context: its session rules, loaded deferred tools and task list,
 * and its mode when the session had switched it (from `startingMode`) and this run did not choose another
 * (the context still starts in `startingMode`): a mode given now, on the command line, wins.
 */
export function restoreSessionSnapshot(options: { context: ToolUseContext; snapshot: SessionStateSnapshot; startingMode?: PermissionMode }): void {
  const { context, snapshot, startingMode } = options;
  let permissions = context.permissionContext;
  for (const behavior of BEHAVIORS) {
    const rules = snapshot.sessionRules[behavior];
    if (rules.length > 0) permissions = addRulesToContext({ context: permissions, behavior, source: 'session', rules });
  }
  if (snapshot.mode && snapshot.mode !== startingMode && permissions.mode === startingMode) permissions = Object.freeze({ ...permissions, mode: snapshot.mode });
  context.permissionContext = permissions;
  const state = getSessionState(context);
  for (const name of snapshot.loadedDeferredTools) state.loadedDeferredTools.add(name);
  if (snapshot.todos) state.todos.set(MAIN_AGENT_ID, Object.freeze(snapshot.todos.map((todo) => Object.freeze({ ...todo }))));
}
