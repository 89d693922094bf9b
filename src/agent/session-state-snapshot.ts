import type { ToolUseContext } from '../execution/types.ts';
import { addRulesToContext } from '../permissions/create-permission-context.ts';
import type { PermissionMode } from '../permissions/types.ts';
import { getSessionState } from '../session/get-session-state.ts';
import type { SessionStateSnapshot } from '../transcripts/types.ts';

const BEHAVIORS = ['allow', 'deny', 'ask'] as const;
const KEYS = { allow: 'alwaysAllowRules', deny: 'alwaysDenyRules', ask: 'alwaysAskRules' } as const;

/** What a query leaves of its session besides messages: the mode, the rules given "for this session", the loaded deferred tools. */
export function takeSessionSnapshot(context: ToolUseContext): SessionStateSnapshot {
  const permissions = context.permissionContext;
  const rules = (behavior: (typeof BEHAVIORS)[number]) => [...(permissions[KEYS[behavior]].session ?? [])];
  return { mode: permissions.mode, sessionRules: { allow: rules('allow'), deny: rules('deny'), ask: rules('ask') }, loadedDeferredTools: [...getSessionState(context).loadedDeferredTools].sort() };
}

/**
 * Puts a resumed session's state back on the first context: its session rules and loaded deferred tools,
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
  const loaded = getSessionState(context).loadedDeferredTools;
  for (const name of snapshot.loadedDeferredTools) loaded.add(name);
}
