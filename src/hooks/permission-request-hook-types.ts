/** The PermissionRequest hook contract: answering a permission prompt. Types only (and the event list). */
import type { CanUseToolResult, PermissionMode, PermissionUpdate } from '../permissions/types.ts';

/** The permission events hooks can answer; their matcher tests the tool name. */
export type PermissionHookEvent = 'PermissionRequest';

export const PERMISSION_HOOK_EVENTS: readonly PermissionHookEvent[] = ['PermissionRequest'];

/**
 * When the permission decision would ask the user, right before `canUseTool` would be called (so not in
 * `dontAsk` mode, nor for a call the `auto` classifier settled). Calls inside subagents ask too.
 */
export interface PermissionRequestInput {
  hookEventName: 'PermissionRequest';
  toolName: string;
  /** The input the prompt is about. */
  toolInput: Record<string, unknown>;
  /** The "always allow" choices the prompt would offer (what `canUseTool` gets as `suggestions`). */
  permissionSuggestions: readonly PermissionUpdate[];
  cwd: string;
  permissionMode: PermissionMode;
  /** The subagent the call runs in (its agent id); absent for the top-level agent's calls. */
  agentId?: string;
  /** The subagent's type (`subagent_type`); absent for the top-level agent's calls. */
  agentType?: string;
  /** Aborted when the call is interrupted; a hook that has not answered by then is no longer waited for. */
  signal: AbortSignal;
}

/**
 * A hook's answer to the prompt, in `canUseTool`'s shape. allow: `updatedInput` is validated and checked
 * against the deny rules again, `updatedPermissions` are saved as a user's "always allow" is. deny:
 * `message` is what the model reads; `interrupt` ends the turn.
 */
export type PermissionRequestDecision = CanUseToolResult;

/** What a PermissionRequest hook may answer. No decision: the next hook, then `canUseTool`, answers. */
export interface PermissionRequestOutput {
  decision?: PermissionRequestDecision;
}

/** The input and output types of each permission event. */
export interface PermissionHookMap {
  PermissionRequest: { input: PermissionRequestInput; output: PermissionRequestOutput };
}
